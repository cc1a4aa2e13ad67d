import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLiveClient, type EventSourceLike, type LiveNotification } from "./live-client";

/** Stands in for the browser's EventSource. */
class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: string, id: string, data = "{}") {
    for (const listener of this.listeners.get(type) ?? []) listener({ lastEventId: id, data } as MessageEvent<string>);
  }

  live(id: number, topic: string) {
    this.emit("live", String(id), JSON.stringify({ topic }));
  }

  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.onerror?.(new Event("error"));
  }
}

describe("createLiveClient", () => {
  let sources: FakeEventSource[];
  const latest = () => sources.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function client() {
    return createLiveClient({
      createEventSource: (url) => {
        const source = new FakeEventSource(url);
        sources.push(source);
        return source;
      },
      backoff: { minMs: 1_000, maxMs: 8_000 },
      rememberedIds: 3,
    });
  }

  it("opens one EventSource to /api/live for every topic, and is open once the server is ready", () => {
    const live = client();
    const states: string[] = [];
    live.onStateChange(() => states.push(live.state().status));
    live.subscribe("alerts", () => {});
    live.subscribe("requests", () => {});
    const disconnect = live.connect();
    expect(sources.map((s) => s.url)).toEqual(["/api/live"]);
    expect(live.state()).toEqual({ status: "connecting", lastEventAt: null });
    latest().emit("ready", "7");
    expect(live.state().status).toBe("open");
    disconnect();
    expect(latest().closed).toBe(true);
    expect(states).toEqual(["open", "closed"]);
  });

  it("calls the handlers of an event's topic only, once per id, and records when it came", () => {
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const live = client();
    const alerts: LiveNotification[] = [];
    const requests: LiveNotification[] = [];
    live.subscribe("alerts", (n) => alerts.push(n));
    live.subscribe("requests", (n) => requests.push(n));
    live.connect();
    latest().live(1, "alerts");
    latest().live(2, "requests");
    latest().live(1, "alerts"); // resent after a reconnect
    latest().emit("live", "3", "not json");
    expect(alerts).toEqual([{ type: "event", id: 1, topic: "alerts" }]);
    expect(requests).toEqual([{ type: "event", id: 2, topic: "requests" }]);
    expect(live.state().lastEventAt).toBe(Date.parse("2026-01-01T00:00:00Z"));
  });

  it("forgets the oldest ids beyond its memory", () => {
    const live = client();
    const seen: number[] = [];
    live.subscribe("t", (n) => n.type === "event" && seen.push(n.id));
    live.connect();
    for (const id of [1, 2, 3, 4, 1, 4]) latest().live(id, "t");
    expect(seen).toEqual([1, 2, 3, 4, 1]);
  });

  it("tells every handler on a reset", () => {
    const live = client();
    const calls: string[] = [];
    live.subscribe("alerts", (n) => calls.push(`alerts ${n.type}`));
    live.subscribe("request:1", (n) => calls.push(`request ${n.type}`));
    live.connect();
    latest().emit("reset", "40");
    expect(calls).toEqual(["alerts reset", "request reset"]);
  });

  it("stops calling a handler once unsubscribed, and keeps calling the others when one throws", () => {
    const live = client();
    const calls: number[] = [];
    const off = live.subscribe("t", () => calls.push(1));
    live.subscribe("t", () => {
      throw new Error("boom");
    });
    live.subscribe("t", () => calls.push(3));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    live.connect();
    latest().live(1, "t");
    off();
    latest().live(2, "t");
    expect(calls).toEqual([1, 3, 3]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it("leaves reconnecting to the browser while it retries by itself", () => {
    const live = client();
    live.connect();
    latest().emit("ready", "1");
    latest().fail(0);
    expect(live.state().status).toBe("connecting");
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    latest().emit("ready", "1");
    expect(live.state().status).toBe("open");
  });

  it("opens a new EventSource with backoff when the browser gives up, resuming after the last id", () => {
    vi.spyOn(Math, "random").mockReturnValue(1); // no jitter: waits of 1 s, 2 s, 4 s…
    const live = client();
    live.connect();
    latest().emit("ready", "5");
    latest().live(9, "alerts");
    latest().fail(2);
    expect(live.state().status).toBe("closed");
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(latest().url).toBe("/api/live?lastEventId=9");
    latest().fail(2); // refused again: waits longer
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    latest().emit("ready", "12");
    latest().fail(2); // a success in between starts the backoff over
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(4);
    expect(latest().url).toBe("/api/live?lastEventId=12");
    vi.mocked(Math.random).mockRestore();
  });

  it("opens nothing more after disconnect, even with a retry pending", () => {
    const live = client();
    const disconnect = live.connect();
    latest().fail(2);
    disconnect();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(live.state().status).toBe("closed");
  });
});
