/**
 * One browser tab's live SSE stream, independent of Next.js so that tests can serve it from node:http.
 * The route (app/api/live/route.ts) authenticates the caller and hands over their role.
 *
 * On open: `retry:`; then, once the process is LISTENing, the replay of what the client missed (if it
 * sent Last-Event-ID) and `ready` with the cursor; then live events as they come.
 * Every `heartbeatMs`: the viewer's role is read again (the stream ends if they were deactivated) and
 * a `: ping` comment keeps proxies from timing the connection out.
 */
import type { Role } from "@/lib/auth/roles";
import type { LiveReplay } from "./event-log";
import type { LiveMessage, LiveSubscriber } from "./hub";
import { formatHeartbeat, formatLiveMessage, formatReady, formatRetry } from "./sse-format";
import { canReceive } from "./topics";

/** Where live messages come from: the process's listener (listener.ts). */
export type LiveSource = {
  subscribe: (subscriber: LiveSubscriber) => () => void;
  ready: (signal?: AbortSignal) => Promise<void>;
};

/** The stored events (event-log.ts, bound to a database). */
export type LiveLog = {
  replay: (lastEventId: number) => Promise<LiveReplay>;
  latestId: () => Promise<number>;
};

export type LiveStreamOptions = {
  /** The viewer's role when the stream opens. */
  role: Role;
  /** From the Last-Event-ID header: null for a fresh client. */
  lastEventId: number | null;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
  source: LiveSource;
  log: LiveLog;
  /** The viewer's role now, or null when they may no longer receive anything (deactivated, removed). */
  currentRole: () => Promise<Role | null>;
  heartbeatMs?: number;
  /** The reconnection delay the browser is told to use. */
  retryMs?: number;
  /** Chunks waiting for a client that does not read before it is dropped (it reconnects and catches up). */
  maxQueued?: number;
  onError?: (message: string, error: unknown) => void;
};

const encoder = new TextEncoder();

export function liveEventStream(options: LiveStreamOptions): ReadableStream<Uint8Array> {
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxQueued = options.maxQueued ?? 1_000;
  const onError = options.onError ?? ((message: string, error: unknown) => console.warn(`[live] ${message}`, error));
  const { signal } = options;

  let role = options.role;
  let closed = false;
  /** The highest event id this stream has passed on, sent or filtered out. */
  let cursor = options.lastEventId ?? 0;
  /** The last id the browser was given (what it would send back as Last-Event-ID). */
  let announced = options.lastEventId;
  /** Live messages that arrive before the replay has been sent; null once it has. */
  let pending: LiveMessage[] | null = [];
  let checking = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let unsubscribe = () => {};
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    signal.removeEventListener("abort", close);
    pending = null;
    try {
      controller.close();
    } catch {
      // already closed or cancelled
    }
  }

  function write(text: string) {
    if (closed) return;
    if ((controller.desiredSize ?? 0) < -maxQueued) {
      onError("dropped a client that stopped reading", new Error(`${maxQueued} chunks queued`));
      close();
      return;
    }
    controller.enqueue(encoder.encode(text));
  }

  /** A message as this viewer gets it ("" when their role may not see it), moving the cursor past it. */
  function format(message: LiveMessage): string {
    cursor = Math.max(cursor, message.id);
    if (message.type === "event" && !canReceive(role, message.topic)) return "";
    announced = message.id;
    return formatLiveMessage(message);
  }

  function deliver(message: LiveMessage) {
    const text = format(message);
    if (text) write(text);
  }

  async function open() {
    write(formatRetry(options.retryMs ?? 3_000));
    await options.source.ready(signal);
    const replayed = new Set<number>();
    // The catch-up goes out as one chunk: the queue limit is for a client that stops reading, and a
    // replay of thousands of events would otherwise trip it on every reconnect.
    let catchUp = "";
    if (options.lastEventId === null) {
      // A fresh client gets a cursor, so that after a drop it can ask for what it missed.
      const latest = await options.log.latestId();
      if (closed) return;
      cursor = Math.max(cursor, latest);
    } else {
      const replay = await options.log.replay(options.lastEventId);
      if (closed) return;
      if (replay.reset) catchUp += format({ type: "reset", id: replay.id });
      for (const event of replay.reset ? [] : replay.events) {
        replayed.add(event.id);
        catchUp += format(event);
      }
    }
    const waiting = pending ?? [];
    pending = null;
    for (const message of waiting) {
      if (message.type === "event" && replayed.has(message.id)) continue;
      catchUp += format(message);
    }
    write(catchUp + formatReady(cursor));
    announced = cursor;
  }

  async function beat() {
    if (closed || checking) return;
    checking = true;
    try {
      const now = await options.currentRole();
      if (now === null) return close();
      role = now;
      // Move the browser's cursor past events it was not sent (other topics), so a replay starts later.
      const advance = pending === null && cursor !== announced ? cursor : undefined;
      write(formatHeartbeat(advance));
      if (advance !== undefined) announced = advance;
    } catch (error) {
      // Without the check the stream cannot know the viewer may still read: end it; the browser reconnects.
      onError("could not re-check the viewer's role; closing the stream", error);
      close();
    } finally {
      checking = false;
    }
  }

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      if (signal.aborted) return close();
      signal.addEventListener("abort", close, { once: true });
      unsubscribe = options.source.subscribe((message) => {
        if (pending) pending.push(message);
        else deliver(message);
      });
      heartbeat = setInterval(() => void beat(), heartbeatMs);
      open().catch((error: unknown) => {
        if (closed) return;
        onError("could not start the live stream", error);
        close();
      });
    },
    cancel() {
      close();
    },
  });
}
