import Link from "next/link";
import { TechnicalDetails } from "@/components/ui/technical-details";
import type { RiskReason } from "@/db/schema";
import { words } from "@/lib/vocabulary/words.shared";

/** The time of a piece of evidence as the registry gave it, shortened to the minute (UTC). */
const asOfText = (asOf: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(asOf) ? `${asOf.slice(0, 16).replace("T", " ")} UTC` : asOf);

/**
 * A rating's reasons, most points first: each rule's sentence (which names its evidence) with its points, where the
 * evidence came from (its as-of time and the request that brought it, linked) and, under "Technical details", the
 * rule, field and value as stored.
 */
export function RiskReasons({ reasons }: { reasons: readonly RiskReason[] }) {
  const sorted = [...reasons].sort((a, b) => b.points - a.points);
  return (
    <ul className="space-y-2 text-sm" aria-label="Reasons for the rating">
      {sorted.map((reason, i) => {
        const rule = words("riskRule", reason.rule);
        const evidence = reason.evidence;
        return (
          <li key={`${reason.rule}-${i}`} className="min-w-0 rounded-md bg-muted/40 px-3 py-2">
            <p className="[overflow-wrap:anywhere]">
              <span className="font-medium tabular-nums">+{reason.points}</span> {reason.sentence}
            </p>
            {(rule.known || evidence?.asOf || evidence?.requestId) && (
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                {rule.known && <>{rule.label}. </>}
                {evidence?.asOf && <>As of {asOfText(evidence.asOf)}</>}
                {evidence?.requestId && (
                  <>
                    {evidence.asOf ? ", from " : "From "}
                    <Link
                      href={`/requests/${encodeURIComponent(evidence.requestId)}`}
                      prefetch={false}
                      className="underline underline-offset-4"
                    >
                      request {evidence.requestId}
                    </Link>
                  </>
                )}
                {(evidence?.asOf || evidence?.requestId) && "."}
              </p>
            )}
            <TechnicalDetails>
              rule {reason.rule}
              {evidence && ` · ${evidence.field} = ${JSON.stringify(evidence.value)}`}
            </TechnicalDetails>
          </li>
        );
      })}
    </ul>
  );
}
