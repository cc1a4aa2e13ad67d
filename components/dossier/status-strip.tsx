import type { ReactNode } from "react";
import { ErrorWords } from "@/components/connections/error-words";
import { Badge } from "@/components/ui/badge";
import { TechnicalDetails } from "@/components/ui/technical-details";
import type { DatapointStatus } from "@/lib/registry/schemas.shared";
import { settledSummary } from "@/lib/requests/completion.shared";
import { credits } from "@/lib/vocabulary/units.shared";
import { markedLabel } from "@/lib/vocabulary/words.shared";

type Entries = Record<string, DatapointStatus> | undefined;

/** How the spec's benign failures read: they are outcomes, not faults. */
const benign: Record<string, string> = {
  datapoint_not_applicable: "Does not apply to this entity",
  no_document_available: "No register extract exists (not billed)",
};

function StatusBadge({ entry }: { entry: DatapointStatus }) {
  const code = entry.error?.code;
  if (entry.status === "succeeded") return <Badge variant="success">Succeeded</Badge>;
  if (entry.status === "in_progress") return <Badge variant="secondary">In progress</Badge>;
  if (entry.status === "enriching")
    return (
      <Badge variant="warning" className="whitespace-normal">
        Enriching (intermediate result shown in the tabs)
      </Badge>
    );
  if (entry.status === "failed" && code && benign[code])
    return (
      <Badge variant="outline" className="whitespace-normal">
        {benign[code]}
      </Badge>
    );
  if (entry.status === "failed") return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="outline">{markedLabel("dataStatus", String(entry.status))}</Badge>;
}

type RenderRetry = (kind: "dataPoint" | "document", name: string) => ReactNode;

function Rows({
  title,
  entries,
  kind,
  renderRetry,
  names,
}: {
  title: string;
  entries: Entries;
  kind: "dataPoint" | "document";
  renderRetry?: RenderRetry;
  names?: Readonly<Record<string, string>>;
}) {
  const list = Object.entries(entries ?? {});
  if (list.length === 0) return null;
  return (
    <section aria-label={title} className="space-y-1">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      <ul className="divide-y rounded-md border">
        {list.map(([name, entry]) => (
          <li key={name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-datapoint={name}>
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {kind === "document" ? (names?.[name] ?? "Document without a name") : markedLabel("datapoint", name)}
              <TechnicalDetails>{name}</TechnicalDetails>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              {entry.status === "failed" && entry.error && !benign[entry.error.code] && (
                <span className="text-xs text-destructive">
                  <ErrorWords error={entry.error} />
                  {entry.error.retryable && !renderRetry ? " (retryable)" : ""}
                </span>
              )}
              {entry.status === "failed" && entry.error?.retryable && renderRetry?.(kind, name)}
              {entry.status === "succeeded" && entry.cost !== undefined && (
                <span className="text-xs text-muted-foreground">{credits(entry.cost)}</span>
              )}
              <StatusBadge entry={entry} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Each datapoint's and document's state, as the latest applied snapshot says. Open while anything is in progress or
 * failed; once the request has settled (everything delivered, or an outcome such as "does not apply"), it collapses
 * to a one-line summary that expands on a click.
 */
/** `renderRetry` adds a retry control to each failure the registry calls retryable (for roles that may order). */
export function StatusStrip({
  dataPoints,
  documents,
  renderRetry,
  documentNames,
}: {
  dataPoints: Entries;
  documents: Entries;
  renderRetry?: RenderRetry;
  documentNames?: Readonly<Record<string, string>>;
}) {
  const rows = (
    <div className="grid gap-4 md:grid-cols-2">
      <Rows title="Datapoints" entries={dataPoints} kind="dataPoint" renderRetry={renderRetry} />
      <Rows title="Documents" entries={documents} kind="document" renderRetry={renderRetry} names={documentNames} />
    </div>
  );
  const summary = settledSummary(dataPoints, documents);
  if (!summary) return rows;
  return (
    <details className="group rounded-md border" data-testid="status-strip">
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <span className="font-medium">{summary}</span>
        <span className="text-xs text-muted-foreground group-open:hidden">Show each datapoint and document</span>
        <span className="hidden text-xs text-muted-foreground group-open:inline">Hide the list</span>
      </summary>
      <div className="border-t p-3">{rows}</div>
    </details>
  );
}
