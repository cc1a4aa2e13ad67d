import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startHttpStub } from "@/test/http-stub";
import { createRegistryClient } from "./client";
import { parseSearchStream, type SearchStreamEvent } from "./search-stream";

const row = (id: string, legalName: string) => ({
  id,
  legalName,
  countryCode: "FR",
  address: { city: "Lyon" },
  matchReason: { matchType: "default" },
});

function bodyOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect(stream: AsyncIterable<SearchStreamEvent>): Promise<SearchStreamEvent[]> {
  const events: SearchStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe("search stream parsing", () => {
  it("yields progress then complete, with unknown fields kept", async () => {
    const events = await collect(
      parseSearchStream(
        bodyOf([
          sse("progress", { results: [row("1", "A")] }),
          sse("complete", { results: [row("1", "A"), { ...row("2", "B"), extra: 1 }] }),
        ]),
      ),
    );
    expect(events.map((e) => e.type)).toEqual(["progress", "complete"]);
    expect(events[1]).toMatchObject({ results: [{ id: "1" }, { id: "2", extra: 1 }] });
  });

  it("survives chunk boundaries anywhere: inside an event, a line, or a UTF-8 character", async () => {
    const bytes = new TextEncoder().encode(
      sse("progress", { results: [row("1", "Société Générale — 株式会社")] }) + sse("complete", { results: [] }),
    );
    // Chunks of 1 to 5 bytes split every multi-byte character (é is 2 bytes, 株 is 3) somewhere.
    for (let size = 1; size <= 5; size++) {
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
      const events = await collect(parseSearchStream(bodyOf(chunks)));
      expect(events.map((e) => e.type)).toEqual(["progress", "complete"]);
      expect(events[0]).toMatchObject({ results: [{ legalName: "Société Générale — 株式会社" }] });
    }
  });

  it("turns an error event into an error and stops", async () => {
    const events = await collect(
      parseSearchStream(
        bodyOf([sse("error", { error: { code: "service_unavailable", message: "Search failed" } }), sse("complete", { results: [] })]),
      ),
    );
    expect(events).toEqual([{ type: "error", code: "service_unavailable", message: "Search failed" }]);
  });

  it("skips unknown event types and reports a stream that ends before complete", async () => {
    const events = await collect(parseSearchStream(bodyOf([sse("heartbeat", {}), sse("progress", { results: [] })])));
    expect(events.map((e) => e.type)).toEqual(["progress", "error"]);
    expect(events[1]).toMatchObject({ code: "network_error" });
  });

  it("reports a malformed payload as bad_response", async () => {
    const events = await collect(parseSearchStream(bodyOf(["event: progress\ndata: {not json\n\n"])));
    expect(events).toEqual([{ type: "error", code: "bad_response", message: "The registry sent a progress event that is not JSON." }]);
  });
});

describe("search stream over HTTP", () => {
  let stub: Awaited<ReturnType<typeof startHttpStub>>;
  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(() => stub.close());

  it("asks for text/event-stream and yields each event as it arrives", async () => {
    // The server sends `complete` only once the client has seen `progress`: a client that buffered
    // the body until its end would never get there (and the test would time out).
    let progressSeen!: () => void;
    const seen = new Promise<void>((resolve) => (progressSeen = resolve));
    stub.answer(async (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(sse("progress", { results: [row("1", "First")] }));
      await seen;
      res.end(sse("complete", { results: [row("1", "First"), row("2", "Second")] }));
    });
    const client = createRegistryClient({ baseUrl: stub.url, apiKey: "sk_dev_x" });
    const types: string[] = [];
    for await (const event of client.searchStream({ country: "FR", query: "first" })) {
      types.push(event.type);
      if (event.type === "progress") progressSeen();
    }
    expect(types).toEqual(["progress", "complete"]);
    expect(stub.requests[0]!.headers.accept).toBe("text/event-stream");
    expect(stub.requests[0]!.url).toContain("stream=true");
  }, 5_000);

  it("stops and closes the connection when the caller aborts", async () => {
    let closed = false;
    stub.answer((req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(sse("progress", { results: [] }));
      res.on("close", () => (closed = true));
    });
    const controller = new AbortController();
    const client = createRegistryClient({ baseUrl: stub.url, apiKey: "sk_dev_x" });
    const seen: string[] = [];
    for await (const event of client.searchStream({ country: "FR", query: "first" }, { signal: controller.signal })) {
      seen.push(event.type);
      controller.abort();
    }
    expect(seen).toEqual(["progress"]);
    await vi.waitFor(() => expect(closed).toBe(true), { timeout: 2_000, interval: 10 });
  });
});
