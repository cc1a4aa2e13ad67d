import "server-only";
/**
 * One browser tab's live connection, whatever carries its bytes: a web ReadableStream for the Next.js route
 * (sse-stream.ts) or a node:http response on the app server (serve-live.ts). The caller has authenticated the
 * viewer and hands over their role.
 *
 * On open: `retry:`; then, once the process is LISTENing, the replay of what the client missed (if it sent
 * Last-Event-ID) and `ready` with the cursor; then live events as they come. At every beat of the process's
 * heartbeat (heartbeat.ts) the viewer's role is read again (the connection ends if they were deactivated) and a
 * `: ping` comment keeps proxies from timing the connection out.
 *
 * It holds no timer, stream, abort signal or request of its own once it is live: a few numbers, its subscription
 * and its heartbeat entry, so that thousands of open tabs cost little more than their sockets.
 */
import type { Role } from "@/lib/auth/roles.shared";
import type { LiveReplay } from "./event-log";
import type { LiveHeartbeat, LiveViewer } from "./heartbeat";
import type { LiveMessage, LiveSubscriber } from "./hub";
import { formatHeartbeat, formatLiveMessage, formatReady, formatRetry } from "./sse-format.shared";
import { canReceive } from "./topics.shared";

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

/** Where the connection's text goes. */
export type LiveSink = {
  write: (text: string) => void;
  /** How many written chunks the client has not taken yet. */
  backlog: () => number;
  /** Ends the response; called once, when the connection closes for any reason. */
  end: () => void;
};

export type LiveConnectionOptions = {
  /** The viewer's role when the connection opens. */
  role: Role;
  /** From the Last-Event-ID header: null for a fresh client. */
  lastEventId: number | null;
  sink: LiveSink;
  source: LiveSource;
  log: LiveLog;
  viewer: LiveViewer;
  heartbeat: LiveHeartbeat;
  /** The reconnection delay the browser is told to use. */
  retryMs?: number;
  /** Chunks waiting for a client that does not read before it is dropped (it reconnects and catches up). */
  maxQueued?: number;
  onError?: (message: string, error: unknown) => void;
};

export type LiveConnection = {
  /** Ends the connection and lets go of everything it holds (calling it twice is harmless). */
  close: () => void;
};

const warn = (message: string, error: unknown) => console.warn(`[live] ${message}`, error);

export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const { sink } = options;
  const maxQueued = options.maxQueued ?? 1_000;
  const onError = options.onError ?? warn;

  let role = options.role;
  let closed = false;
  /** The highest event id this connection has passed on, sent or filtered out. */
  let cursor = options.lastEventId ?? 0;
  /** The last id the browser was given (what it would send back as Last-Event-ID). */
  let announced = options.lastEventId;
  /** Live messages that arrive before the replay has been sent; null once it has. */
  let pending: LiveMessage[] | null = [];
  /** Lets go of the wait for the listener if the connection closes first; only while waiting. */
  let stopWaiting: AbortController | undefined;

  function close() {
    if (closed) return;
    closed = true;
    stopWaiting?.abort();
    unsubscribe();
    leaveHeartbeat();
    pending = null;
    sink.end();
  }

  function write(text: string) {
    if (closed) return;
    if (sink.backlog() > maxQueued) {
      onError("dropped a client that stopped reading", new Error(`${maxQueued} chunks queued`));
      close();
      return;
    }
    sink.write(text);
  }

  /** A message as this viewer gets it ("" when their role may not see it), moving the cursor past it. */
  function format(message: LiveMessage): string {
    cursor = Math.max(cursor, message.id);
    if (message.type === "event" && !canReceive(role, message.topic)) return "";
    announced = message.id;
    return formatLiveMessage(message);
  }

  async function catchUp() {
    stopWaiting = new AbortController();
    await options.source.ready(stopWaiting.signal);
    stopWaiting = undefined;
    if (closed) return;
    const replayed = new Set<number>();
    // The catch-up goes out as one chunk: the queue limit is for a client that stops reading, and a
    // replay of thousands of events would otherwise trip it on every reconnect.
    let text = "";
    if (options.lastEventId === null) {
      // A fresh client gets a cursor, so that after a drop it can ask for what it missed.
      const latest = await options.log.latestId();
      if (closed) return;
      cursor = Math.max(cursor, latest);
    } else {
      const replay = await options.log.replay(options.lastEventId);
      if (closed) return;
      if (replay.reset) text += format({ type: "reset", id: replay.id });
      for (const event of replay.reset ? [] : replay.events) {
        replayed.add(event.id);
        text += format(event);
      }
    }
    const waiting = pending ?? [];
    pending = null;
    for (const message of waiting) {
      if (message.type === "event" && replayed.has(message.id)) continue;
      text += format(message);
    }
    write(text + formatReady(cursor));
    announced = cursor;
  }

  const unsubscribe = options.source.subscribe((message) => {
    if (pending) pending.push(message);
    else {
      const text = format(message);
      if (text) write(text);
    }
  });
  const leaveHeartbeat = options.heartbeat.add({
    viewer: options.viewer,
    beat(now) {
      if (now === null) return close();
      role = now;
      // Move the browser's cursor past events it was not sent (other topics), so a replay starts later.
      const advance = pending === null && cursor !== announced ? cursor : undefined;
      write(formatHeartbeat(advance));
      if (advance !== undefined) announced = advance;
    },
    fail(error) {
      // Without the check the connection cannot know the viewer may still read: end it; the browser reconnects.
      onError("could not re-check the viewer's role; closing the stream", error);
      close();
    },
  });
  write(formatRetry(options.retryMs ?? 3_000));
  catchUp().catch((error: unknown) => {
    if (closed) return;
    onError("could not start the live stream", error);
    close();
  });
  return { close };
}
