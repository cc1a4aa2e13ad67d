"use client";

import { useRouter } from "next/navigation";
import { usePollingFallback } from "@/components/dossier/use-polling-fallback";
import { RefreshOnLive } from "@/components/live/refresh-on-live";
import { useLiveStatus } from "@/components/live/use-live-status";
import { liveTopics } from "@/lib/live/topics.shared";
import { fetchStoredRequest } from "@/lib/requests/fetch-stored-request.shared";
import { ErrorWords } from "@/components/connections/error-words";

type Watched = { requestId: string; version: number; complete: boolean; webhooksConfigured: boolean };

/**
 * Re-renders the page when the awaited request changes: live, on its `request:<id>` topic; where no webhook
 * arrives, by polling the registry through the console as the dossier does. Shows where the request stands.
 */
export function AwaitRequest({ request }: { request: Watched }) {
  const router = useRouter();
  const live = useLiveStatus();
  const polling = usePollingFallback(request, live.status === "open", async () => {
    // A refusal leaves the page as it is: the next poll asks again.
    const body = await fetchStoredRequest(request.requestId, { poll: true }).catch(() => undefined);
    const version = body?.request.version ?? request.version;
    if (version !== request.version) router.refresh();
    return { version, error: body?.pollError };
  });
  return (
    <p role="status" className="rounded-md border px-4 py-2 text-sm text-muted-foreground">
      <RefreshOnLive topic={liveTopics.request(request.requestId)} />
      Waiting for the registry: {request.version > 0 ? `version ${request.version} received` : "no snapshot yet"}. The changes appear here
      when every datapoint is final{polling.active ? " (polling the registry)" : ""}.
      {polling.error && (
        <span className="block text-destructive">
          Reading the registry failed: <ErrorWords error={polling.error} />
        </span>
      )}
    </p>
  );
}
