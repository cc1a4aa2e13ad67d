"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import Link from "next/link";
import { ConnectionKeyRemedy } from "@/components/connections/connection-key-remedy";
import { companyHref } from "@/components/dossier/company-link";
import { DossierTabs } from "@/components/dossier/dossier-tabs";
import { RetryButton } from "@/components/dossier/retry-button";
import { snapshotDocuments } from "@/lib/dossier/snapshot-documents.shared";
import { StatusStrip } from "@/components/dossier/status-strip";
import { usePollingFallback } from "@/components/dossier/use-polling-fallback";
import { useLiveStatus } from "@/components/live/use-live-status";
import { useLiveTopic } from "@/components/live/use-live-topic";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { liveTopics } from "@/lib/live/topics.shared";
import { fetchStoredRequest } from "@/lib/requests/fetch-stored-request.shared";
import { pollDelayMs } from "@/lib/requests/polling-plan.shared";
import { expandGraphAction } from "./graph-actions";
import { quoteRetryAction, retryDatapointAction } from "./retry-actions";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { ErrorWords } from "@/components/connections/error-words";

/**
 * A request's snapshot, kept up to date: live events refetch it; where no webhook arrives (no signing secret,
 * the live connection down, or nothing for 10 seconds) it polls the registry with backoff until every
 * datapoint is final. Both paths apply snapshots through the same applySnapshot on the server.
 */
export function LiveRequest({
  initial,
  canExpand,
  canOrder,
  canExportEvidence,
}: {
  initial: StoredRequest;
  canExpand: boolean;
  canOrder: boolean;
  canExportEvidence: boolean;
}) {
  const { requestId } = initial;
  const queryKey = ["request", requestId];
  const live = useLiveStatus();
  useLiveTopic(liveTopics.request(requestId), [queryKey]);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: () => fetchStoredRequest(requestId), initialData: { request: initial } });
  const request = query.data.request;

  const polling = usePollingFallback(request, live.status === "open", async () => {
    const answer = await fetchStoredRequest(requestId, { poll: true });
    queryClient.setQueryData(queryKey, { request: answer.request });
    return { version: answer.request.version, error: answer.pollError };
  });

  const dataStatus = request.snapshot?.request.dataStatus;
  const companyFile = companyHref(request.countryCode ?? undefined, request.companyId ?? undefined);
  return (
    <div className="min-w-0 space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">
            {request.companyName ?? request.companyId ?? "Company not reported yet"}
          </h1>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
            {[request.countryCode, request.companyId].filter(Boolean).join(" · ")} · request {requestId}: what this one purchase brought
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2" aria-label="Request state">
          {request.origin === "elsewhere" && <Badge variant="outline">Created elsewhere</Badge>}
          {companyFile && (
            <Link href={companyFile} className="text-sm text-primary underline-offset-4 hover:underline">
              Company file
            </Link>
          )}
          <Link
            href={`/requests/${encodeURIComponent(requestId)}/compare`}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            Compare with…
          </Link>
          {canExportEvidence && request.snapshot && (
            // A plain download: the route streams the ZIP as it is assembled (app/api/requests/[requestId]/evidence).
            <Button asChild variant="outline" size="sm">
              <a href={`/api/requests/${encodeURIComponent(requestId)}/evidence`} download>
                <Download className="size-4" aria-hidden /> Export evidence pack
              </a>
            </Button>
          )}
          <UpdateMode
            complete={request.complete}
            polling={polling.active}
            liveStatus={live.status}
            delayMs={pollDelayMs(polling.unchanged)}
          />
        </div>
      </div>
      {request.complete ? (
        <p role="status" className="rounded-md border border-success/40 bg-success/10 px-4 py-2 text-sm">
          This request is complete: every datapoint and document has reached its final state (version {request.version}).
        </p>
      ) : (
        <p role="status" className="rounded-md border px-4 py-2 text-sm text-muted-foreground">
          In progress: {request.snapshot ? `version ${request.version} received` : "no snapshot received yet"}. This page updates by itself.
        </p>
      )}
      {polling.error && (
        <div role="alert" className="rounded-md border border-destructive/40 px-4 py-2 text-sm text-destructive">
          Reading the registry failed: <ErrorWords error={polling.error} />
          {polling.error.retryable ? " It is tried again automatically." : ""}
          <ConnectionKeyRemedy code={polling.error.code} />
        </div>
      )}
      {query.isRefetchError && (
        <p role="alert" className="text-sm text-destructive">
          {query.error.message}
        </p>
      )}
      <StatusStrip
        dataPoints={dataStatus?.dataPoints}
        documents={dataStatus?.documents}
        documentNames={Object.fromEntries(snapshotDocuments(request.snapshot).map((d) => [d.id, d.nameInEnglish ?? d.name ?? d.id]))}
        renderRetry={
          canOrder
            ? (kind, name) => (
                <RetryButton target={{ requestId, kind, name }} actions={{ quote: quoteRetryAction, retry: retryDatapointAction }} />
              )
            : undefined
        }
      />
      <DossierTabs request={request} canExpand={canExpand} expandGraph={expandGraphAction} />
    </div>
  );
}

function UpdateMode({
  complete,
  polling,
  liveStatus,
  delayMs,
}: {
  complete: boolean;
  polling: boolean;
  liveStatus: string;
  delayMs: number;
}) {
  if (complete) return <Badge variant="success">Complete</Badge>;
  if (polling) return <Badge variant="warning">Polling the registry (next in {Math.round(delayMs / 1000)} s)</Badge>;
  if (liveStatus === "open") return <Badge variant="secondary">Live</Badge>;
  return <Badge variant="outline">Connecting…</Badge>;
}
