"use client";

import type { CompanyResponse, Graph } from "@/lib/registry/schemas";
import { FlowView } from "./flow-view";

type Props = { requestId: string; snapshot: CompanyResponse; canExpand: boolean };

/**
 * The dossier's Ownership tab (load it with next/dynamic: React Flow, elkjs and mermaid stay out of the
 * page's first load). Shows the graph's description and metadata and the graph itself.
 */
export function OwnershipTab({ snapshot, canExpand }: Props) {
  const graph = snapshot.graph;
  const status = snapshot.request.dataStatus?.dataPoints?.graph?.status;
  if (!graph) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="ownership-empty">
        {status === undefined ? "The ownership graph was not ordered for this request." : `No ownership graph yet (status: ${status}).`}
      </p>
    );
  }
  return (
    <section className="space-y-3" aria-label="Ownership" data-testid="ownership-tab">
      <GraphSummary graph={graph} />
      <FlowView graph={graph} canExpand={canExpand} />
    </section>
  );
}

function GraphSummary({ graph }: { graph: Graph }) {
  const m = graph.metadata;
  const value = (v: unknown) => (v === undefined || v === null ? "not reported" : String(v));
  return (
    <div className="space-y-2 text-sm">
      <p className="[overflow-wrap:anywhere]">{graph.description ?? "The registry gave no description of this graph."}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-5" data-testid="graph-metadata">
        <div>
          <dt className="text-muted-foreground">Why it stopped</dt>
          <dd>{value(m?.stoppedReason)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Amount spent</dt>
          <dd>{m?.amountSpent !== undefined ? `${m.amountSpent} credits` : "not reported"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Companies fetched</dt>
          <dd>{value(m?.companiesFetched)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Companies skipped</dt>
          <dd>{value(m?.companiesSkipped)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Interactive</dt>
          <dd>{m?.interactive === undefined ? "not reported" : m.interactive ? "yes" : "no"}</dd>
        </div>
      </dl>
    </div>
  );
}
