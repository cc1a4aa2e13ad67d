import { createParser } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { SearchResult } from "@/lib/registry/schemas.shared";
import type { SearchStreamEvent } from "@/lib/registry/search-stream";
import { describeAddress, describeMatch } from "./describe-result.shared";
import { formatRelayEvent, mergeResults, parseRelayEvent, type RelayEvent } from "./relay-events.shared";
import { relaySearchStream } from "./relay-stream";

const result = (id: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  id,
  countryCode: "DE",
  legalName: `Company ${id}`,
  address: {},
  matchReason: { matchType: "default" },
  ...extra,
});

/** Reads the relay's body as it arrives, parsing each event the way the page does. */
async function* readRelay(stream: ReadableStream<Uint8Array>) {
  const events: RelayEvent[] = [];
  const parser = createParser({ onEvent: (m) => void events.push(parseRelayEvent(m.event, m.data)!) });
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
    while (events.length) yield events.shift()!;
  }
}

describe("search relay", () => {
  it("writes each event as soon as the registry sends it, before the next one exists", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* upstream(): AsyncGenerator<SearchStreamEvent> {
      yield { type: "progress", results: [result("1")] };
      await gate; // the second source has not finished yet
      yield { type: "complete", results: [result("1"), result("2")] };
    }
    let t = 1000;
    const events = readRelay(relaySearchStream(() => upstream(), { signal: new AbortController().signal, now: () => t++ }));
    const first = await events.next();
    expect(first.value).toEqual({ type: "progress", results: [result("1")], receivedAt: 1000 });
    release();
    const second = await events.next();
    expect(second.value).toMatchObject({ type: "complete", receivedAt: 1001 });
    expect((await events.next()).done).toBe(true);
  });

  it("sends each progress event's new results only, whether the registry repeats earlier ones or not", async () => {
    async function* cumulative(): AsyncGenerator<SearchStreamEvent> {
      yield { type: "progress", results: [result("1"), result("2")] };
      yield { type: "progress", results: [result("1"), result("2"), result("3")] };
      yield { type: "progress", results: [result("4")] }; // one source's results only
      yield { type: "progress", results: [result("2")] }; // nothing new
      yield { type: "complete", results: [result("1"), result("2"), result("3"), result("4")] };
    }
    const sent = [];
    for await (const e of readRelay(relaySearchStream(() => cumulative(), { signal: new AbortController().signal, now: () => 1 })))
      sent.push(e);
    expect(sent.map((e) => (e.type === "error" ? e.type : `${e.type}:${e.results.map((r) => r.id).join(",")}`))).toEqual([
      "progress:1,2",
      "progress:3",
      "progress:4",
      "progress:",
      "complete:1,2,3,4",
    ]);
  });

  it("turns the registry's error event and a RegistryError into error events with code, message and Retry-After", async () => {
    async function* failing(): AsyncGenerator<SearchStreamEvent> {
      yield { type: "progress", results: [] };
      yield { type: "error", code: "service_unavailable", message: "Search failed; retry later." };
    }
    const a = [];
    for await (const e of readRelay(relaySearchStream(() => failing(), { signal: new AbortController().signal, now: () => 5 }))) a.push(e);
    expect(a[1]).toEqual({
      type: "error",
      error: { status: 0, code: "service_unavailable", message: "Search failed; retry later.", details: [], retryable: true },
      receivedAt: 5,
    });

    async function* limited(): AsyncGenerator<SearchStreamEvent> {
      throw new RegistryError({
        status: 429,
        code: "rate_limited",
        message: "Too many requests.",
        details: [],
        retryable: true,
        retryAfter: 3,
      });
    }
    const b = [];
    for await (const e of readRelay(relaySearchStream(() => limited(), { signal: new AbortController().signal, now: () => 6 }))) b.push(e);
    expect(b).toEqual([
      {
        type: "error",
        error: { status: 429, code: "rate_limited", message: "Too many requests.", details: [], retryable: true, retryAfter: 3 },
        receivedAt: 6,
      },
    ]);
  });

  it("aborts the upstream search when the browser goes away", async () => {
    const browser = new AbortController();
    let upstreamSignal: AbortSignal | undefined;
    let finished = false;
    async function* slow(signal: AbortSignal): AsyncGenerator<SearchStreamEvent> {
      upstreamSignal = signal;
      try {
        yield { type: "progress", results: [result("1")] };
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        throw new Error("aborted");
      } finally {
        finished = true;
      }
    }
    const events = readRelay(relaySearchStream((signal) => slow(signal), { signal: browser.signal }));
    await events.next();
    browser.abort();
    expect((await events.next()).done).toBe(true); // nothing more written, no error event for a closed tab
    expect(upstreamSignal?.aborted).toBe(true);
    expect(finished).toBe(true);
  });

  it("aborts upstream when the response body is cancelled", async () => {
    let upstreamSignal: AbortSignal | undefined;
    async function* slow(signal: AbortSignal): AsyncGenerator<SearchStreamEvent> {
      upstreamSignal = signal;
      await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      yield { type: "complete", results: [] };
    }
    const body = relaySearchStream((signal) => slow(signal), { signal: new AbortController().signal });
    const reader = body.getReader();
    await reader.read(); // the opening comment
    await reader.cancel();
    expect(upstreamSignal?.aborted).toBe(true);
  });
});

describe("relay events in the page", () => {
  it("parses what the route formats, and unknown or broken events safely", () => {
    const event: RelayEvent = { type: "progress", results: [result("1")], receivedAt: 12.5 };
    const text = formatRelayEvent(event);
    expect(text).toBe(`event: progress\ndata: ${JSON.stringify({ results: [result("1")], receivedAt: 12.5 })}\n\n`);
    expect(parseRelayEvent("progress", text.split("data: ")[1]!.trim())).toEqual(event);
    expect(parseRelayEvent("heartbeat", "{}")).toBeUndefined();
    expect(parseRelayEvent("error", "{}")).toMatchObject({ type: "error", error: { code: "bad_response", retryable: false } });
    expect(parseRelayEvent("complete", "not json")).toMatchObject({ type: "error", error: { code: "bad_response" } });
  });

  it("merges progress whether it carries each source's results or everything so far", () => {
    const one = mergeResults([], [result("1"), result("2")]);
    const cumulative = mergeResults(one, [result("1"), result("2"), result("3")]);
    expect(cumulative.map((r) => r.id)).toEqual(["1", "2", "3"]);
    const perSource = mergeResults(cumulative, [result("4")]);
    expect(perSource.map((r) => r.id)).toEqual(["1", "2", "3", "4"]);
    expect(mergeResults(perSource, [result("2")])).toBe(perSource); // nothing new: same array, no re-render
    // A result the registry lists twice stays twice, and a cumulative repeat of it adds nothing.
    const twice = mergeResults([], [result("1"), result("1", { countryCode: "AT" }), result("1")]);
    expect(twice.length).toBe(3);
    expect(
      mergeResults(twice, [result("1"), result("1"), result("1", { countryCode: "AT" }), result("5")]).map((r) => r.countryCode + r.id),
    ).toEqual(["DE1", "AT1", "DE1", "DE5"]);
  });

  it("describes the match (which identifier) and the address, unknown values as they are", () => {
    expect(describeMatch({ matchType: "id", identifier: { siren: "443061841" } })).toBe("Matched the identifier (SIREN number: 443061841)");
    expect(describeMatch({ matchType: "id", identifier: { hrb: "HRB 1", geoKey: "9" } })).toBe(
      "Matched the identifier (Commercial register number (HRB): HRB 1, geoKey (not known to this console): 9)",
    );
    expect(describeMatch({ matchType: "partialId", identifier: "4430" })).toBe("Matched part of the identifier (4430)");
    expect(describeMatch({ matchType: "phoneticName" })).toBe("Match: phoneticName");
    expect(describeAddress({ addressLine1: "Hauptstr. 1", postalCode: "10115", city: "Berlin", countryCode: "DE" })).toBe(
      "Hauptstr. 1, 10115 Berlin, DE",
    );
    expect(describeAddress({})).toBe("Address not reported by the register");
  });
});
