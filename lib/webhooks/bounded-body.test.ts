import { describe, expect, it } from "vitest";
import { readBoundedBody } from "./bounded-body";

/** A body of `chunks` chunks of `chunkSize` bytes, recording how many were read and whether it was cancelled. */
function streamedBody(chunks: number, chunkSize: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(chunkSize).fill(97));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

const post = (body: ReadableStream<Uint8Array> | string | null, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/api/webhooks/registry/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("reading a webhook body with a byte cap", () => {
  it("returns the exact bytes of a body up to the cap", async () => {
    const text = JSON.stringify({ name: "Müller & Søn 株式会社" });
    const read = await readBoundedBody(post(text), Buffer.byteLength(text));
    expect(read).toEqual({ ok: true, bytes: Buffer.from(text, "utf8") });
    const { stream } = streamedBody(4, 1000);
    expect(await readBoundedBody(post(stream), 4000)).toMatchObject({ ok: true, bytes: Buffer.alloc(4000, 97) });
  });

  it("stops reading at the first chunk past the cap and cancels the rest of the stream", async () => {
    const { stream, seen } = streamedBody(1000, 1000);
    expect(await readBoundedBody(post(stream), 4000)).toEqual({ ok: false, reason: "too_large" });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(6); // 5 chunks reach 5,000 bytes; the stream may have one queued ahead
  });

  it("refuses one byte over the cap", async () => {
    expect(await readBoundedBody(post("x".repeat(4097)), 4096)).toEqual({ ok: false, reason: "too_large" });
    expect(await readBoundedBody(post("x".repeat(4096)), 4096)).toMatchObject({ ok: true });
  });

  it("refuses a declared Content-Length over the cap without reading the body", async () => {
    const { stream, seen } = streamedBody(1000, 1000);
    expect(await readBoundedBody(post(stream, { "content-length": "1000000" }), 4000)).toEqual({ ok: false, reason: "too_large" });
    expect(seen.pulled).toBeLessThanOrEqual(1);
    expect(seen.cancelled).toBe(true);
  });

  it("reads an empty body", async () => {
    expect(await readBoundedBody(post(null), 10)).toEqual({ ok: true, bytes: Buffer.alloc(0) });
  });
});
