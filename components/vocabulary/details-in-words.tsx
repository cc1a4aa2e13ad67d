import { Fragment } from "react";
import { TechnicalDetails } from "@/components/ui/technical-details";
import { detailLines } from "@/lib/vocabulary/details";
import { count } from "@/lib/vocabulary/units.shared";

/**
 * A record's details in words, folded: "3 details" opens onto each detail's name and value, and the details as stored
 * (their keys, as JSON) only under Technical details. A dash when there are none.
 */
export function DetailsInWords({ details }: { details: Record<string, unknown> }) {
  const lines = detailLines(details);
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer select-none">{count(lines.length, "detail")}</summary>
      <dl className="mt-1 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        {lines.map((line) => (
          <Fragment key={line.key}>
            <dt className="text-muted-foreground">{line.label}</dt>
            <dd className="[overflow-wrap:anywhere]">{line.value}</dd>
          </Fragment>
        ))}
      </dl>
      <TechnicalDetails className="mt-1">{JSON.stringify(details)}</TechnicalDetails>
    </details>
  );
}
