import "server-only";
/**
 * The body of /api/search/stream: the registry's search events written to the browser as each one
 * arrives (one enqueue per event, nothing held back). A `progress` event carries only the results not
 * sent before (the registry may repeat everything found so far in each one: thousands of rows), and
 * `complete` the final list. When the browser goes away the upstream search
 * is aborted. A RegistryError before or during the stream becomes an `error` event with its code,
 * message, status and Retry-After.
 */
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { SearchStreamEvent } from "@/lib/registry/search-stream";
import type { SearchResult } from "@/lib/registry/schemas.shared";
import { formatRelayEvent, mergeResults, type RelayEvent } from "./relay-events.shared";

const encoder = new TextEncoder();
const epochNow = () => performance.timeOrigin + performance.now();

export function relaySearchStream(
  open: (signal: AbortSignal) => AsyncIterable<SearchStreamEvent>,
  options: { signal: AbortSignal; now?: () => number },
): ReadableStream<Uint8Array> {
  const now = options.now ?? epochNow;
  const upstream = new AbortController();
  const abort = () => upstream.abort();
  if (options.signal.aborted) abort();
  else options.signal.addEventListener("abort", abort, { once: true });

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: RelayEvent) => {
        if (!upstream.signal.aborted) controller.enqueue(encoder.encode(formatRelayEvent(event)));
      };
      let sent: SearchResult[] = [];
      try {
        // A comment first, so the browser has the response headers at once.
        controller.enqueue(encoder.encode(": searching\n\n"));
        for await (const event of open(upstream.signal)) {
          if (upstream.signal.aborted) break;
          const receivedAt = now();
          if (event.type === "error") {
            send({
              type: "error",
              error: { status: 0, code: event.code, message: event.message, details: [], retryable: isRetryableCode(event.code) },
              receivedAt,
            });
          } else if (event.type === "progress") {
            const merged = mergeResults(sent, event.results);
            send({ type: "progress", results: merged.slice(sent.length), receivedAt });
            sent = merged;
          } else send({ type: "complete", results: event.results, receivedAt });
          if (event.type !== "progress") break;
        }
      } catch (error) {
        if (!upstream.signal.aborted) {
          const info =
            error instanceof RegistryError
              ? error.toInfo()
              : {
                  status: 0,
                  code: "network_error",
                  message: "The search stream broke off.",
                  details: [String((error as Error)?.message ?? error)],
                  retryable: true,
                };
          send({ type: "error", error: info, receivedAt: now() });
        }
      } finally {
        options.signal.removeEventListener("abort", abort);
        try {
          controller.close();
        } catch {
          // already closed by a cancel
        }
      }
    },
    cancel() {
      upstream.abort();
    },
  });
}

const retryableCodes = new Set(["service_unavailable", "source_unavailable", "rate_limited", "network_error", "timeout", "bad_response"]);
function isRetryableCode(code: string): boolean {
  return retryableCodes.has(code.toLowerCase());
}
