import { createParser, type EventSourceMessage } from "eventsource-parser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Role } from "@/lib/auth/roles.shared";
import type { LiveReplay } from "./event-log";
import { createLiveHeartbeat, type LiveHeartbeat } from "./heartbeat";
import { createLiveHub, type LiveHub } from "./hub";
import { liveEventStream, type LiveStreamOptions } from "./sse-stream";

/** A source whose readiness the test controls. */
function fakeSource(hub: LiveHub) {
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  return { subscribe: hub.subscribe, ready: () => ready, markReady };
}

/** Reads a stream in the background, parsing it like a browser (ids, events, comments). */
function consume(stream: ReadableStream<Uint8Array>) {
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  let text = "";
  let lastEventId: string | undefined;
  let ended = false;
  const parser = createParser({
    onEvent: (e) => {
      events.push(e);
      if (e.id !== undefined) lastEventId = e.id;
    },
    onComment: (c) => comments.push(c),
  });
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      text += chunk;
      // eventsource-parser reports ids only on events; track ids on data-less blocks (heartbeats) too.
      for (const match of chunk.matchAll(/^id: (\d+)$/gm)) lastEventId = match[1];
      parser.feed(chunk);
    }
    ended = true;
  })();
  return {
    events,
    comments,
    text: () => text,
    lastEventId: () => lastEventId,
    ended: () => ended,
    done,
    live: () => events.filter((e) => e.event === "live"),
    topics: () => events.filter((e) => e.event === "live").map((e) => JSON.parse(e.data).topic as string),
    cancel: () => reader.cancel(),
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("liveEventStream", () => {
  let hub: LiveHub;
  let source: ReturnType<typeof fakeSource>;
  let abort: AbortController;
  let role: Role | null;
  let replay: LiveReplay;
  let latestId: number;
  let heartbeat: LiveHeartbeat;

  beforeEach(() => {
    vi.useFakeTimers();
    heartbeat = createLiveHeartbeat({ everyMs: 15_000 });
    hub = createLiveHub();
    source = fakeSource(hub);
    abort = new AbortController();
    role = "compliance";
    replay = { reset: false, events: [] };
    latestId = 0;
  });

  afterEach(() => {
    abort.abort();
    vi.useRealTimers();
  });

  function open(overrides: Partial<LiveStreamOptions> = {}) {
    return consume(
      liveEventStream({
        role: "compliance",
        lastEventId: null,
        signal: abort.signal,
        source,
        log: { replay: async () => replay, latestId: async () => latestId },
        viewer: { key: "viewer", currentRole: async () => role },
        heartbeat,
        retryMs: 2_000,
        onError: () => {},
        ...overrides,
      }),
    );
  }

  it("starts with the retry hint and, once listening, tells a fresh client it is ready, with the current cursor", async () => {
    latestId = 41;
    const client = open();
    await flush();
    expect(client.text()).toBe("retry: 2000\n\n");
    source.markReady();
    await flush();
    expect(client.text()).toBe("retry: 2000\n\nid: 41\nevent: ready\ndata: {}\n\n");
    expect(client.lastEventId()).toBe("41");
    expect(client.events).toEqual([{ id: "41", event: "ready", data: "{}" }]);
  });

  it("sends live events on the topics the role may read, and not the others", async () => {
    const client = open({ role: "finance" });
    source.markReady();
    await flush();
    hub.publish({ type: "event", id: 1, topic: "alerts" });
    hub.publish({ type: "event", id: 2, topic: "requests" });
    hub.publish({ type: "event", id: 3, topic: "request:abc" });
    hub.publish({ type: "event", id: 4, topic: "webhooks" });
    hub.publish({ type: "event", id: 5, topic: "billing" });
    hub.publish({ type: "event", id: 6, topic: "made-up" });
    await flush();
    expect(client.live().map((e) => e.id)).toEqual(["2", "3", "5"]);
    expect(client.topics()).toEqual(["requests", "request:abc", "billing"]);
    expect(client.text()).toContain('id: 2\nevent: live\ndata: {"topic":"requests"}\n\n');
  });

  it("replays what a reconnecting client missed, then the live events that came meanwhile, each once", async () => {
    replay = {
      reset: false,
      events: [
        { type: "event", id: 9, topic: "alerts" }, // from the window before Last-Event-ID
        { type: "event", id: 11, topic: "alerts" },
        { type: "event", id: 12, topic: "requests" },
      ],
    };
    const replaySpy = vi.fn(async () => replay);
    const client = open({ lastEventId: 10, log: { replay: replaySpy, latestId: async () => 0 } });
    // Published after the stream subscribed but before the replay was sent: held back, not lost or doubled.
    hub.publish({ type: "event", id: 12, topic: "requests" });
    hub.publish({ type: "event", id: 13, topic: "alerts" });
    source.markReady();
    await flush();
    expect(replaySpy).toHaveBeenCalledWith(10);
    expect(client.events.map((e) => `${e.event} ${e.id}`)).toEqual(["live 9", "live 11", "live 12", "live 13", "ready 13"]);
    hub.publish({ type: "event", id: 14, topic: "alerts" });
    await flush();
    expect(client.live().map((e) => e.id)).toEqual(["9", "11", "12", "13", "14"]);
  });

  it("sends a reset when the replay cannot be complete", async () => {
    replay = { reset: true, id: 500 };
    const client = open({ lastEventId: 3 });
    source.markReady();
    await flush();
    expect(client.events).toEqual([
      { id: "500", event: "reset", data: "{}" },
      { id: "500", event: "ready", data: "{}" },
    ]);
    hub.publish({ type: "reset", id: 501 });
    await flush();
    expect(client.events.map((e) => `${e.event} ${e.id}`)).toEqual(["reset 500", "ready 500", "reset 501"]);
  });

  it("pings every heartbeat, moving the cursor past events of other topics", async () => {
    latestId = 5;
    const client = open({ role: "finance" });
    source.markReady();
    await flush();
    hub.publish({ type: "event", id: 6, topic: "alerts" }); // not for finance
    await vi.advanceTimersByTimeAsync(15_000);
    expect(client.text().endsWith("id: 6\n: ping\n\n")).toBe(true);
    expect(client.lastEventId()).toBe("6");
    await vi.advanceTimersByTimeAsync(15_000);
    expect(client.text().endsWith("id: 6\n: ping\n\n: ping\n\n")).toBe(true);
    expect(client.comments.filter((c) => c === "ping")).toHaveLength(2);
  });

  it("filters by the role read at the last heartbeat", async () => {
    const client = open({ role: "compliance" });
    source.markReady();
    await flush();
    hub.publish({ type: "event", id: 1, topic: "alerts" });
    role = "finance";
    await vi.advanceTimersByTimeAsync(15_000);
    hub.publish({ type: "event", id: 2, topic: "alerts" });
    hub.publish({ type: "event", id: 3, topic: "billing" });
    await flush();
    expect(client.live().map((e) => e.id)).toEqual(["1", "3"]);
  });

  it("ends the stream and lets go of everything when the viewer is deactivated", async () => {
    const client = open();
    source.markReady();
    await flush();
    expect(hub.size()).toBe(1);
    role = null;
    await vi.advanceTimersByTimeAsync(15_000);
    await client.done;
    expect(client.ended()).toBe(true);
    expect(hub.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("ends the stream when the role cannot be re-checked", async () => {
    const client = open({
      viewer: {
        key: "viewer",
        currentRole: async () => {
          throw new Error("database down");
        },
      },
    });
    source.markReady();
    await vi.advanceTimersByTimeAsync(15_000);
    await client.done;
    expect(hub.size()).toBe(0);
  });

  it("unsubscribes and stops its timer when the client goes away, even before it was ready", async () => {
    const client = open();
    await flush();
    expect(hub.size()).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    abort.abort();
    await client.done;
    expect(hub.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    source.markReady(); // readiness after the end writes nothing and throws nothing
    await flush();
    expect(client.text()).toBe("retry: 2000\n\n");
  });

  it("cleans up when the reader cancels the stream", async () => {
    const client = open();
    source.markReady();
    await flush();
    await client.cancel();
    expect(hub.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does nothing at all for a request already aborted", async () => {
    abort.abort();
    const client = open();
    await client.done;
    expect(client.text()).toBe("");
    expect(hub.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("drops a client that stops reading instead of queueing without end", async () => {
    const stream = liveEventStream({
      role: "admin",
      lastEventId: null,
      signal: abort.signal,
      source,
      log: { replay: async () => replay, latestId: async () => 0 },
      viewer: { key: "viewer", currentRole: async () => "admin" },
      heartbeat,
      maxQueued: 10,
      onError: () => {},
    });
    source.markReady();
    await flush();
    for (let id = 1; id <= 50; id++) hub.publish({ type: "event", id, topic: "alerts" });
    expect(hub.size()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await stream.cancel();
  });

  it("sends a replay longer than the queue limit in one piece, and keeps the client", async () => {
    replay = { reset: false, events: Array.from({ length: 50 }, (_, i) => ({ type: "event" as const, id: i + 5, topic: "requests" })) };
    const errors: string[] = [];
    const stream = liveEventStream({
      role: "compliance",
      lastEventId: 4,
      signal: abort.signal,
      source,
      log: { replay: async () => replay, latestId: async () => 54 },
      viewer: { key: "viewer", currentRole: async () => "compliance" },
      heartbeat,
      maxQueued: 10,
      onError: (message) => errors.push(message),
    });
    source.markReady();
    await flush();
    // Nothing has been read yet: the whole catch-up waits as one chunk, and the client stays subscribed.
    expect(errors).toEqual([]);
    expect(hub.size()).toBe(1);
    const client = consume(stream);
    await flush();
    expect(client.live().map((e) => Number(e.id))).toEqual(replay.events.map((e) => e.id));
    expect(client.events.at(-1)?.event).toBe("ready");
    await client.cancel();
  });

  it("ends the stream when the replay fails, so that the browser retries", async () => {
    const client = open({
      lastEventId: 4,
      log: {
        replay: async () => {
          throw new Error("database down");
        },
        latestId: async () => 0,
      },
    });
    source.markReady();
    await client.done;
    expect(hub.size()).toBe(0);
  });
});
