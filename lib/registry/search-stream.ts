import "server-only";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { searchSseEventSchemas, type SearchResult } from "./schemas.shared";

export type SearchStreamEvent =
  | { type: "progress"; results: SearchResult[] }
  | { type: "complete"; results: SearchResult[] }
  | { type: "error"; code: string; message: string };

function toEvent(message: EventSourceMessage): SearchStreamEvent | undefined {
  const type = message.event ?? "message";
  if (type !== "progress" && type !== "complete" && type !== "error") return undefined; // unknown events are additive: skip
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    if (type === "error") return { type, code: "service_unavailable", message: message.data || "The search failed." };
    return { type: "error", code: "bad_response", message: `The registry sent a ${type} event that is not JSON.` };
  }
  if (type === "error") {
    const parsed = searchSseEventSchemas.error.safeParse(data);
    const body = parsed.success ? (parsed.data as { code?: string; message?: string; error?: { code?: string; message?: string } }) : {};
    return {
      type,
      code: body.error?.code ?? body.code ?? "service_unavailable",
      message: body.error?.message ?? body.message ?? "The search failed. Try again later.",
    };
  }
  const parsed = searchSseEventSchemas[type].safeParse(data);
  if (!parsed.success) return { type: "error", code: "bad_response", message: `The registry sent a ${type} event in an unexpected shape.` };
  return { type, results: parsed.data.results };
}

/**
 * Reads a search SSE body into typed events as they arrive. Chunk boundaries may split an event, a
 * line or a UTF-8 character anywhere. Stops after `complete` or `error` (a body that ends before either
 * yields a `network_error`), or when `signal` aborts (the body is then cancelled).
 */
export async function* parseSearchStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<SearchStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  const pending: SearchStreamEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      const event = toEvent(message);
      if (event) pending.push(event);
    },
  });
  const onAbort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      if (done) parser.reset({ consume: true });
      while (pending.length) {
        const event = pending.shift()!;
        yield event;
        if (event.type !== "progress") return;
      }
      if (done) {
        yield { type: "error", code: "network_error", message: "The search stream ended before the registry said it was complete." };
        return;
      }
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    await reader.cancel().catch(() => {});
  }
}
