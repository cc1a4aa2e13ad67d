"use client";

import dynamic from "next/dynamic";
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

/** The dossier's tabs over the request's current snapshot; evidence links switch tab and scroll to the part they name. */
export function DossierTabs({ request, canExpand, expandGraph }: { request: StoredRequest; canExpand: boolean; expandGraph: ExpandGraph }) {
  const [tab, setTab] = useState<string>("overview");
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
          <OwnershipTab requestId={requestId} snapshot={snapshot} canExpand={canExpand} expandGraph={expandGraph} />
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
