/**
 * The text of the live SSE stream (https://html.spec.whatwg.org/multipage/server-sent-events.html).
 *
 *   id: 12            ← the live_events row; the browser sends it back as Last-Event-ID when it reconnects
 *   event: live
 *   data: {"topic":"request:req_123"}
 *
 * `event: reset` tells the client that it may have missed events and should refetch everything.
 * `event: ready` (with the cursor as its id) says the stream is live: from here on no event is missed.
 * A heartbeat is a comment (`: ping`), optionally with an `id:` line: a block without data dispatches
 * nothing but still moves the browser's last event id forward.
 */
import type { LiveMessage } from "./hub";

// The browser's live provider imports this file too: no zod here, to keep it out of every console page.

/** The `data` of a `live` event. */
export type LiveEventData = { topic: string };

/** Reads a `live` event's data; null when it is not one. */
export function parseLiveEventData(data: string): LiveEventData | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === "object" && value !== null && typeof (value as { topic?: unknown }).topic === "string") {
      return { topic: (value as { topic: string }).topic };
    }
  } catch {
    // not JSON
  }
  return null;
}

export const liveEventName = "live";
export const resetEventName = "reset";
export const readyEventName = "ready";

// Id 0 is a real cursor: "the table was empty" (see replayLiveEvents).
const idLine = (id: number) => `id: ${id}\n`;

export function formatLiveMessage(message: LiveMessage): string {
  if (message.type === "reset") return `${idLine(message.id)}event: ${resetEventName}\ndata: {}\n\n`;
  const data: LiveEventData = { topic: message.topic };
  return `${idLine(message.id)}event: ${liveEventName}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Sent once the stream is live (after any replay); `cursor` becomes the browser's last event id. */
export function formatReady(cursor: number): string {
  return `${idLine(cursor)}event: ${readyEventName}\ndata: {}\n\n`;
}

/** A keep-alive comment; with `cursor`, it also sets the browser's last event id. */
export function formatHeartbeat(cursor?: number): string {
  return `${cursor === undefined ? "" : idLine(cursor)}: ping\n\n`;
}

/** How long the browser waits before reconnecting after a drop. */
export function formatRetry(ms: number): string {
  return `retry: ${Math.round(ms)}\n\n`;
}

/** A Last-Event-ID header (or query value) as an event id; anything else means "none". */
export function parseLastEventId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}
