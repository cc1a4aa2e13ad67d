import { describe, expect, it } from "vitest";
import { readBoundedBody } from "./bounded-body";
import { ByteBudget } from "./byte-budget";

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

/** Limits of `maxBytes`, a budget of its own (or `budget`), and a time limit no test here reaches unless it says so. */
const within = (maxBytes: number, options: { budget?: ByteBudget; timeoutMs?: number } = {}) => ({
  maxBytes,
  hold: (options.budget ?? new ByteBudget(maxBytes)).admit(0)!,
  timeoutMs: options.timeoutMs ?? 60_000,
});

const post = (body: ReadableStream<Uint8Array> | string | null, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1/api/webhooks/registry/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("reading a webhook body with a byte cap", () => {
  it("returns the exact bytes of a body up to the cap", async () => {
    const text = JSON.stringify({ name: "Müller & Søn 株式会社" });
    const read = await readBoundedBody(post(text), within(Buffer.byteLength(text)));
    expect(read).toEqual({ ok: true, bytes: Buffer.from(text, "utf8") });
    const { stream } = streamedBody(4, 1000);
    expect(await readBoundedBody(post(stream), within(4000))).toMatchObject({ ok: true, bytes: Buffer.alloc(4000, 97) });
  });

  it("stops reading at the first chunk past the cap and cancels the rest of the stream", async () => {
    const { stream, seen } = streamedBody(1000, 1000);
    expect(await readBoundedBody(post(stream), within(4000))).toEqual({ ok: false, reason: "too_large" });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(6); // 5 chunks reach 5,000 bytes; the stream may have one queued ahead
  });

  it("refuses one byte over the cap", async () => {
    expect(await readBoundedBody(post("x".repeat(4097)), within(4096))).toEqual({ ok: false, reason: "too_large" });
    expect(await readBoundedBody(post("x".repeat(4096)), within(4096))).toMatchObject({ ok: true });
  });

  it("stops at the first chunk past the process's budget, cancels the stream, and holds what it read until released", async () => {
    const budget = new ByteBudget(10_000);
    const other = budget.admit(0)!;
    expect(other.take(7_000)).toBe(true);
    const { stream, seen } = streamedBody(1000, 1000);
    const limits = within(1_000_000, { budget });
    expect(await readBoundedBody(post(stream), limits)).toEqual({ ok: false, reason: "over_budget" });
    expect(seen.cancelled).toBe(true);
    expect(budget.inFlight).toBe(10_000); // 7,000 held elsewhere, 3 chunks of this body
    limits.hold.release();
    other.release();
    expect(budget.inFlight).toBe(0);
  });

  it("gives up on a body that stops arriving, after its time limit, and cancels the stream", async () => {
    const seen = { cancelled: false };
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new Uint8Array(10)),
      pull: () => new Promise(() => {}), // the sender never sends the rest
      cancel: () => void (seen.cancelled = true),
    });
    expect(await readBoundedBody(post(stalled), within(4000, { timeoutMs: 50 }))).toEqual({ ok: false, reason: "timed_out" });
    expect(seen.cancelled).toBe(true);
  });

  it("reads an empty body", async () => {
    expect(await readBoundedBody(post(null), within(10))).toEqual({ ok: true, bytes: Buffer.alloc(0) });
  });
});
