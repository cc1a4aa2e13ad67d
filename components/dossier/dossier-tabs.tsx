"use client";

import dynamic from "next/dynamic";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import type { ExpandGraph } from "@/components/graph/ownership-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { DocumentsTab } from "./documents-tab";
import { FinancialsTab } from "./financials-tab";
import { OverviewTab } from "./overview-tab";
import { PeopleTab } from "./people-tab";
import { RawTab } from "./raw-tab";

// React Flow, elkjs and mermaid load only when the Ownership tab opens (Radix mounts a tab's content on opening).
const OwnershipTab = dynamic(() => import("@/components/graph/ownership-tab").then((m) => m.OwnershipTab), {
  ssr: false,
  loading: () => <p className="text-sm text-muted-foreground">Loading the ownership graph…</p>,
});

export const dossierTabs = ["overview", "people", "ownership", "documents", "financials", "raw"] as const;
const tabLabels: Record<(typeof dossierTabs)[number], string> = {
  overview: "Overview",
  people: "People",
  ownership: "Ownership",
  documents: "Documents",
  financials: "Financials",
  raw: "Raw",
};

type DossierTab = (typeof dossierTabs)[number];
const isDossierTab = (value: string | null): value is DossierTab => dossierTabs.includes(value as DossierTab);

/**
 * The dossier's tabs over a snapshot (a request's, or a company file's); evidence links switch tab and scroll to the
 * part they name. The open tab lives in the URL (`?tab=ownership`), so a link opens it. `graphRequestId` is the
 * request an expansion of the graph continues (by default the request's own).
 */
export function DossierTabs({
  request,
  canExpand,
  expandGraph,
  graphRequestId,
}: {
  request: Pick<StoredRequest, "requestId" | "snapshot" | "version" | "updatedAt">;
  canExpand: boolean;
  expandGraph: ExpandGraph;
  graphRequestId?: string;
}) {
  const asked = useSearchParams().get("tab");
  const [tab, setTabState] = useState<DossierTab>(isDossierTab(asked) ? asked : "overview");
  const setTab = (next: string) => {
    if (!isDossierTab(next)) return;
    setTabState(next);
    const url = new URL(window.location.href);
    url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
  };
  const { snapshot, requestId } = request;
  const openEvidence = (target: string, anchor: string) => {
    setTab(target);
    // The target tab mounts on the next paint; then its section exists to scroll to and focus.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const element = document.getElementById(anchor);
        element?.scrollIntoView({ block: "start" });
        element?.querySelector<HTMLElement>("h2")?.setAttribute("tabindex", "-1");
        element?.querySelector<HTMLElement>("h2")?.focus();
      }),
    );
  };
  return (
    <Tabs value={tab} onValueChange={setTab} className="min-w-0">
      <TabsList className="h-auto flex-wrap justify-start" aria-label="Dossier">
        {dossierTabs.map((name) => (
          <TabsTrigger key={name} value={name} data-tab={name}>
            {tabLabels[name]}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab snapshot={snapshot} onEvidence={openEvidence} />
      </TabsContent>
      <TabsContent value="people">
        <PeopleTab snapshot={snapshot} />
      </TabsContent>
      <TabsContent value="ownership">
        {snapshot ? (
          <OwnershipTab requestId={graphRequestId ?? requestId} snapshot={snapshot} canExpand={canExpand} expandGraph={expandGraph} />
        ) : (
          <p className="text-sm text-muted-foreground">No snapshot received yet.</p>
        )}
      </TabsContent>
      <TabsContent value="documents">
        <DocumentsTab requestId={requestId} snapshot={snapshot} />
      </TabsContent>
      <TabsContent value="financials">
        <FinancialsTab snapshot={snapshot} />
      </TabsContent>
      <TabsContent value="raw">
        <RawTab requestId={requestId} snapshot={snapshot} version={request.version} updatedAt={request.updatedAt} />
      </TabsContent>
    </Tabs>
  );
}
