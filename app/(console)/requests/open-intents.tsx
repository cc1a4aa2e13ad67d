import { ErrorWords } from "@/components/connections/error-words";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { PaidRequestIntent } from "@/db/schema";
import { credits } from "@/lib/vocabulary/units.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { CheckIntentsButton } from "./check-intents-button";
import { reconcileIntentsAction } from "./actions";

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : undefined);
/** The total confirmed before sending (an order's quote, a graph step's estimate), in credits. */
const quoted = (details: Record<string, unknown>) => {
  const total = details.quotedTotal ?? details.estimatedCost;
  return typeof total === "number" ? credits(total) : "—";
};

/** Why the outcome is unknown: the error in words (its code under Technical details), or the message alone. */
function Outcome({ code, message }: { code: string | undefined; message: string | undefined }) {
  return code ? <ErrorWords error={{ code, message: message ?? "" }} /> : message;
}

/** Paid requests whose outcome is not known: they may have been placed and charged. Shown above the request list. */
export function OpenIntents({ intents, canCheck }: { intents: PaidRequestIntent[]; canCheck: boolean }) {
  if (intents.length === 0) return null;
  return (
    <section aria-labelledby="open-intents-heading" className="space-y-3 rounded-md border border-destructive/40 p-4">
      <div>
        <h2 id="open-intents-heading" className="font-semibold">
          Orders without a known outcome
        </h2>
        <p className="text-sm text-muted-foreground">
          The registry gave no definite answer to these, or the console stopped before recording it: they may have been placed and charged.
          Each is matched with what the registry reports by webhook at every start of the console, or now.
        </p>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-44">Asked (UTC)</TableHead>
            <TableHead>By</TableHead>
            <TableHead>Company</TableHead>
            <TableHead className="text-right">Quoted</TableHead>
            <TableHead>Why unknown</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {intents.map((intent) => (
            <TableRow key={intent.id}>
              <TableCell className="text-sm tabular-nums">{intent.createdAt.toISOString().slice(0, 19).replace("T", " ")}</TableCell>
              <TableCell className="text-sm">{intent.actorEmail}</TableCell>
              <TableCell className="text-sm">
                {intent.target} <span className="text-xs text-muted-foreground">({label("auditAction", intent.action)})</span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{quoted(intent.details)}</TableCell>
              <TableCell className="text-sm">
                {intent.status === "pending" ? <Badge variant="secondary">Being sent</Badge> : <Badge variant="warning">Unknown</Badge>}{" "}
                <Outcome code={text(intent.outcome?.code)} message={text(intent.outcome?.message)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {canCheck && <CheckIntentsButton check={reconcileIntentsAction} />}
    </section>
  );
}
