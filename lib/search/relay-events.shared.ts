/**
 * The events /api/search/stream sends the browser, and how they are written and read (types
 * only from the schemas, no zod), so the page and the route share one definition.
 */
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { SearchResult } from "@/lib/registry/schemas.shared";

/**
 * `receivedAt`: when the route received the registry's event (epoch ms, fractional), so the bench can
 * time an event from arrival to paint. A `progress` event carries only the results new since the
 * previous one (the page appends them); `complete` carries the final list (the page shows it as is).
 */
export type RelayEvent =
  | { type: "progress"; results: SearchResult[]; receivedAt: number }
  | { type: "complete"; results: SearchResult[]; receivedAt: number }
  | { type: "error"; error: RegistryErrorInfo; receivedAt: number };

export function formatRelayEvent(event: RelayEvent): string {
  const { type, ...data } = event;
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

const asError = (data: Record<string, unknown>): RegistryErrorInfo => {
  const e = (data.error ?? {}) as Partial<RegistryErrorInfo>;
  return {
    status: typeof e.status === "number" ? e.status : 0,
    code: typeof e.code === "string" ? e.code : "bad_response",
    message: typeof e.message === "string" ? e.message : "The search failed.",
    details: Array.isArray(e.details) ? e.details.filter((d): d is string => typeof d === "string") : [],
    retryable: e.retryable === true,
    ...(typeof e.retryAfter === "number" && { retryAfter: e.retryAfter }),
  };
};

/** One SSE message from the route as a RelayEvent (undefined for events this page does not know). */
export function parseRelayEvent(type: string | undefined, data: string): RelayEvent | undefined {
  if (type !== "progress" && type !== "complete" && type !== "error") return undefined;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return {
      type: "error",
      error: {
        status: 0,
        code: "bad_response",
        message: "The console sent a search event that is not JSON.",
        details: [],
        retryable: true,
      },
      receivedAt: Date.now(),
    };
  }
  const receivedAt = typeof body.receivedAt === "number" ? body.receivedAt : Date.now();
  if (type === "error") return { type, error: asError(body), receivedAt };
  return { type, results: Array.isArray(body.results) ? (body.results as SearchResult[]) : [], receivedAt };
}

/** The key a result is told apart by. */
export const resultKey = (r: Pick<SearchResult, "countryCode" | "id">) => `${r.countryCode}\u0000${r.id}`;

/**
 * Results after a `progress` event (the route uses it to send only what is new): what was sent, in its
 * order, plus what is new. The registry may send
 * each source's results or everything found so far; either way a result sent is not sent again. A
 * result the registry itself lists twice stays listed twice (counted per key, not collapsed).
 */
export function mergeResults(current: SearchResult[], incoming: SearchResult[]): SearchResult[] {
  if (current.length === 0) return incoming;
  const shown = new Map<string, number>();
  for (const r of current) shown.set(resultKey(r), (shown.get(resultKey(r)) ?? 0) + 1);
  const added = incoming.filter((r) => {
    const key = resultKey(r);
    const left = shown.get(key) ?? 0;
    if (left > 0) {
      shown.set(key, left - 1);
      return false;
    }
    return true;
  });
  return added.length ? [...current, ...added] : current;
}
