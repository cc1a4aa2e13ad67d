import { createParser, type EventSourceMessage } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import { formatHeartbeat, formatLiveMessage, formatReady, formatRetry, parseLastEventId, parseLiveEventData } from "./sse-format.shared";

/** Parses SSE text the way a browser does. */
function parse(text: string) {
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  let retry: number | undefined;
  const parser = createParser({ onEvent: (e) => events.push(e), onComment: (c) => comments.push(c), onRetry: (r) => (retry = r) });
  parser.feed(text);
  return { events, comments, retry };
}

describe("formatLiveMessage", () => {
  it("writes an event with its id, the `live` name and the topic as JSON", () => {
    const text = formatLiveMessage({ type: "event", id: 42, topic: "request:req_1" });
    expect(text).toBe('id: 42\nevent: live\ndata: {"topic":"request:req_1"}\n\n');
    const { events } = parse(text);
    expect(events).toEqual([{ id: "42", event: "live", data: '{"topic":"request:req_1"}' }]);
    expect(parseLiveEventData(events[0]!.data)).toEqual({ topic: "request:req_1" });
  });

  it("keeps a topic with a newline or quotes inside one data line", () => {
    const { events } = parse(formatLiveMessage({ type: "event", id: 1, topic: 'a\nb"c' }));
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.data)).toEqual({ topic: 'a\nb"c' });
  });

  it("writes a reset with the newest id, including 0 for an empty table", () => {
    expect(parse(formatLiveMessage({ type: "reset", id: 7 })).events).toEqual([{ id: "7", event: "reset", data: "{}" }]);
    expect(formatLiveMessage({ type: "reset", id: 0 })).toBe("id: 0\nevent: reset\ndata: {}\n\n");
  });
});

describe("formatReady", () => {
  it("writes a `ready` event carrying the cursor as its id", () => {
    expect(parse(formatReady(9)).events).toEqual([{ id: "9", event: "ready", data: "{}" }]);
    expect(formatReady(0)).toBe("id: 0\nevent: ready\ndata: {}\n\n");
  });
});

describe("formatHeartbeat and formatRetry", () => {
  it("writes a comment that dispatches no event", () => {
    const { events, comments } = parse(formatHeartbeat());
    expect(events).toEqual([]);
    expect(comments).toEqual(["ping"]);
    expect(formatHeartbeat()).toBe(": ping\n\n");
  });

  it("puts the cursor in an id line when given one", () => {
    expect(formatHeartbeat(12)).toBe("id: 12\n: ping\n\n");
    expect(formatHeartbeat(0)).toBe("id: 0\n: ping\n\n");
    expect(parse(formatHeartbeat(12)).events).toEqual([]);
  });

  it("writes the retry hint in whole milliseconds", () => {
    expect(parse(formatRetry(2999.6)).retry).toBe(3000);
  });
});

describe("parseLiveEventData", () => {
  it("reads the topic and nothing else", () => {
    expect(parseLiveEventData('{"topic":"alerts","extra":1}')).toEqual({ topic: "alerts" });
  });

  it("returns null for data that is not a live event", () => {
    for (const data of ["", "not json", "null", "[]", '{"topic":3}', "{}", '"alerts"']) expect(parseLiveEventData(data), data).toBeNull();
  });
});

describe("parseLastEventId", () => {
  it("reads a non-negative integer", () => {
    expect(parseLastEventId("0")).toBe(0);
    expect(parseLastEventId("123")).toBe(123);
    expect(parseLastEventId(" 9 ")).toBe(9);
  });

  it("treats anything else as no id", () => {
    for (const value of [null, undefined, "", "-1", "1.5", "abc", "1e3", "12a", "9".repeat(16)]) {
      expect(parseLastEventId(value), String(value)).toBeNull();
    }
  });
});
