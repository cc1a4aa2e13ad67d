"use client";

import { createParser } from "eventsource-parser";
import { useEffect, useReducer } from "react";
import { flushSync } from "react-dom";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { RegistryCountry } from "@/lib/registry/countries.shared";
import type { SearchResult } from "@/lib/registry/schemas.shared";
import { parseRelayEvent, type RelayEvent } from "@/lib/search/relay-events.shared";
import { streamUrl, type SearchState } from "@/lib/search/url-state.shared";

export type SearchRun = {
  status: "idle" | "searching" | "complete" | "error";
  results: SearchResult[];
  error?: RegistryErrorInfo;
  /** The event now shown and when the route received it (bench/search.ts times arrival to paint from it). */
  lastEvent?: { at: number; type: RelayEvent["type"] };
};

type Action = { type: "start" } | { type: "event"; event: RelayEvent } | { type: "failed"; error: RegistryErrorInfo };

const idle: SearchRun = { status: "idle", results: [] };

function reduce(run: SearchRun, action: Action): SearchRun {
  switch (action.type) {
    case "start":
      return { status: "searching", results: [] };
    case "failed":
      return { ...run, status: "error", error: action.error };
    case "event": {
      const { event } = action;
      if (event.type === "progress")
        return {
          ...run,
          results: event.results.length ? [...run.results, ...event.results] : run.results,
          lastEvent: { at: event.receivedAt, type: event.type },
        };
      if (event.type === "complete")
        return { status: "complete", results: event.results, lastEvent: { at: event.receivedAt, type: event.type } };
      return { ...run, status: "error", error: event.error, lastEvent: { at: event.receivedAt, type: event.type } };
    }
  }
}

async function errorOf(response: Response): Promise<RegistryErrorInfo> {
  const retryAfter = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  return {
    status: response.status,
    code: body.error?.code ?? `http_${response.status}`,
    message: body.error?.message ?? `The console answered ${response.status}.`,
    details: [],
    retryable: response.status === 429 || response.status >= 500,
    ...(Number.isFinite(retryAfter) && { retryAfter }),
  };
}

/** Runs the search described by `search` (when runnable) through /api/search/stream; `attempt` re-runs it. */
export function useSearchStream(search: (SearchState & { country: RegistryCountry }) | undefined, attempt: number): SearchRun {
  const [run, dispatch] = useReducer(reduce, idle);
  const url = search ? streamUrl(search) : undefined;

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    dispatch({ type: "start" });
    let settled = false;
    (async () => {
      const response = await fetch(url, { headers: { accept: "text/event-stream" }, signal: controller.signal, cache: "no-store" });
      if (!response.ok || !response.body) {
        dispatch({ type: "failed", error: await errorOf(response) });
        return;
      }
      const parser = createParser({
        onEvent(message) {
          const event = parseRelayEvent(message.event, message.data);
          if (!event || settled) return;
          if (event.type !== "progress") settled = true;
          // Commit the rows now, not at the scheduler's next turn: each event is painted in the next frame.
          flushSync(() => dispatch({ type: "event", event }));
        },
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
      if (!settled) {
        dispatch({
          type: "failed",
          error: {
            status: 0,
            code: "network_error",
            message: "The search stream ended before the registry said it was complete.",
            details: [],
            retryable: true,
          },
        });
      }
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      dispatch({
        type: "failed",
        error: {
          status: 0,
          code: "network_error",
          message: "The console could not be reached.",
          details: [String((error as Error)?.message ?? error)],
          retryable: true,
        },
      });
    });
    return () => controller.abort();
  }, [url, attempt]);

  return url ? run : idle;
}
