import Link from "next/link";
import type { CompanyFileGraphPart, CompanyFileSource } from "@/db/schema";
import { utcMinute } from "@/lib/vocabulary/units.shared";
import { datapointLabels } from "@/lib/pricing/quote.shared";

/** A value older than the newest one by more than this is flagged "older than the rest". */
const olderBy = 24 * 60 * 60 * 1000;

const labelOf = (datapoint: string) =>
  (datapointLabels as Record<string, string>)[datapoint] ??
  (datapoint === "companyProfile" ? "Company profile and representatives" : datapoint);

const companies = (n: number) => `${n} ${n === 1 ? "company" : "companies"}`;

const requestLink = (requestId: string) => (
  <Link className="underline underline-offset-2" href={`/requests/${encodeURIComponent(requestId)}`}>
    {requestId}
  </Link>
);

/**
 * Where each part of a company file came from: the datapoint, when the registry delivered it and the request that
 * brought it; a value more than a day older than the newest is said to be older than the rest. Then the ownership
 * graph's purchases: the first order, each expansion and each refresh of a branch, with when it was bought.
 */
export function FileSources({ sources, graphParts }: { sources: Record<string, CompanyFileSource>; graphParts: CompanyFileGraphPart[] }) {
  const entries = Object.entries(sources).sort(([a], [b]) => labelOf(a).localeCompare(labelOf(b)));
  if (!entries.length) return null;
  const newest = Math.max(...entries.map(([, s]) => Date.parse(s.asOf)));
  return (
    <section aria-labelledby="file-sources" className="space-y-2 rounded-md border p-4">
      <h2 id="file-sources" className="text-base font-semibold">
        What this file holds
      </h2>
      <p className="text-sm text-muted-foreground">
        Each part is the newest the registry delivered for this company, whichever request brought it; a newer request that failed never
        hides it.
      </p>
      <ul className="divide-y text-sm" data-testid="file-sources">
        {entries.map(([datapoint, source]) => {
          const older = newest - Date.parse(source.asOf) > olderBy;
          return (
            <li key={datapoint} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-1.5" data-datapoint={datapoint}>
              <span className="min-w-48 font-medium">{labelOf(datapoint)}</span>
              <span>as of {utcMinute(new Date(source.asOf))}</span>
              <span className="text-muted-foreground [overflow-wrap:anywhere]">from request {requestLink(source.requestId)}</span>
              {older && <span className="rounded border border-warning/60 px-1.5 text-xs">Older than the rest</span>}
            </li>
          );
        })}
      </ul>
      {graphParts.length > 1 && (
        <div className="text-sm" data-testid="graph-purchases">
          <h3 className="font-medium">Ownership graph purchases</h3>
          <ul className="list-inside list-disc">
            {graphParts.map((part) => (
              <li key={part.requestId}>
                {part.nodeIds.length
                  ? `Expanded ${companies(part.nodeIds.length)}`
                  : part.refreshedNodeIds?.length
                    ? `Refreshed the owners of ${companies(part.refreshedNodeIds.length)}`
                    : "First graph"}{" "}
                on {utcMinute(new Date(part.boughtAt))} (request {requestLink(part.requestId)})
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
