import { Webhook } from "svix";
import { afterEach, describe, expect, it } from "vitest";
import { DeliveryQueue, DUPLICATE_DELAY_MAX_MS, type DeliveryQueueOptions } from "./delivery-queue";
import { MAX_RETRY_SPAN_MS } from "./retry-schedule";
import { generateSigningSecret } from "./sign";
import { seededRandom, startReceiver, type Responder, type TestReceiver } from "./test-receiver";

const S = 1000;
const M = 60 * S;
const H = 60 * M;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A receiver plus a queue on a fake clock that only moves when the test moves it. */
async function setup(respond?: Responder, options: Partial<DeliveryQueueOptions> = {}, delayMs = 0) {
  const receiver = await startReceiver(respond, delayMs);
  const clock = { now: Date.now() };
  const secret = generateSigningSecret();
  const settings: DeliveryQueueOptions = {
    endpoint: () => receiver.url,
    secret: () => secret,
    now: () => new Date(clock.now),
    ...options,
  };
  const queue = new DeliveryQueue(settings);
  cleanups.push(receiver.close, () => queue.close());
  const ids = () => receiver.received.map((r) => r.headers["svix-id"]);
  return { receiver, clock, secret, settings, queue, ids };
}

const verify = (secret: string, receiver: TestReceiver) => receiver.received.map((r) => new Webhook(secret).verify(r.body, r.headers));

describe("DeliveryQueue", () => {
  it("delivers signed requests that the svix package verifies, unicode included", async () => {
    const { receiver, queue, secret } = await setup();
    const message = queue.enqueue("company.updated", { request: { requestId: "req_1", version: 1 }, name: "Åsa Öberg — 東京 🚀" });
    await queue.drain();
    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    expect(request.headers["svix-id"]).toBe(message.id);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toBe(message.body);
    expect(verify(secret, receiver)).toEqual([{ type: "company.updated", ...message.payload }]);
    expect(() => new Webhook(generateSigningSecret()).verify(request.body, request.headers)).toThrow();
    expect(queue.message(message.id)?.state).toBe("delivered");
    expect(queue.attempts()).toMatchObject([{ messageId: message.id, attempt: 1, status: 204, ok: true }]);
  });

  it("retries after a 500 with the same id and identical body, freshly signed", async () => {
    let second = 1_700_000_000;
    const { receiver, queue, secret, ids } = await setup((_r, index) => (index === 0 ? 500 : 200), {
      signingNow: () => new Date(second++ * 1000),
    });
    const message = queue.enqueue("monitor.notification", { monitorId: "mon_1", changeCategories: ["status"] });
    await queue.drain(); // the first retry is immediate
    expect(ids()).toEqual([message.id, message.id]);
    const [first, retry] = receiver.received;
    expect(retry!.body).toBe(first!.body);
    expect(retry!.headers["svix-timestamp"]).not.toBe(first!.headers["svix-timestamp"]);
    expect(retry!.headers["svix-signature"]).not.toBe(first!.headers["svix-signature"]);
    const webhook = new Webhook(secret);
    for (const r of receiver.received) {
      const { ["svix-signature"]: signature, ["svix-timestamp"]: timestamp, ["svix-id"]: id } = r.headers;
      // Timestamps here are from 2023, outside svix's tolerance, so compare with its own signer instead.
      expect(signature).toBe(webhook.sign(id!, new Date(Number(timestamp) * 1000), r.body));
    }
    expect(queue.attempts({ messageId: message.id }).map((a) => [a.status, a.ok])).toEqual([
      [500, false],
      [200, true],
    ]);
    expect(queue.message(message.id)?.state).toBe("delivered");
  });

  it("counts a time-out and a network error as failures", async () => {
    const { queue, ids } = await setup((_r, index) => (index === 0 ? "hang" : 204), { timeoutMs: 100 });
    const message = queue.enqueue("company.updated", { request: { requestId: "req_2", version: 1 } });
    await queue.drain();
    expect(ids()).toEqual([message.id, message.id]);
    const [timedOut, retried] = queue.attempts({ messageId: message.id });
    expect(timedOut).toMatchObject({ ok: false, error: "timed out after 100 ms" });
    expect(timedOut!.durationMs).toBeGreaterThanOrEqual(90);
    expect(retried).toMatchObject({ ok: true, status: 204 });

    const down = await startReceiver();
    await down.close();
    const failing = new DeliveryQueue({ endpoint: () => down.url, secret: () => generateSigningSecret(), now: () => new Date() });
    const lost = failing.enqueue("company.updated", {});
    await failing.drain();
    expect(failing.message(lost.id)).toMatchObject({ state: "pending", attempts: [{ error: expect.stringMatching(/ECONNREFUSED/) }, {}] });
    expect(failing.message(lost.id)?.nextAttemptAt).toBeDefined();
    await failing.close();
  });

  it("follows the retry schedule on the simulated clock and gives up within 72 hours", async () => {
    const { queue, clock, receiver } = await setup(() => 503);
    const start = clock.now;
    const message = queue.enqueue("company.updated", { request: { requestId: "req_3", version: 1 } });
    await queue.drain();
    for (let next = queue.message(message.id)?.nextAttemptAt; next; next = queue.message(message.id)?.nextAttemptAt) {
      clock.now = Date.parse(next);
      await queue.runDue();
    }
    const offsets = queue.message(message.id)!.attempts.map((a) => Date.parse(a.at) - start);
    expect(offsets.slice(0, 7)).toEqual([0, 0, 5 * S, 5 * S + 5 * M, 5 * S + 35 * M, 5 * S + 2 * H + 35 * M, 5 * S + 7 * H + 35 * M]);
    expect(offsets.at(-1)).toBeLessThanOrEqual(MAX_RETRY_SPAN_MS);
    expect(queue.message(message.id)?.state).toBe("failed");
    expect(new Set(receiver.received.map((r) => r.headers["svix-id"]))).toEqual(new Set([message.id]));

    clock.now += 100 * H;
    await queue.runDue();
    expect(receiver.received).toHaveLength(offsets.length);
    expect(queue.attempts({ ok: false })).toHaveLength(offsets.length);
  });

  it("runs every retry that fell due when time is advanced in one jump", async () => {
    const { queue, clock } = await setup(() => 500);
    const message = queue.enqueue("company.updated", {});
    await queue.drain();
    clock.now += 3 * H;
    await queue.runDue();
    expect(queue.message(message.id)?.attempts).toHaveLength(6); // 0, 0, 5 s, 5 min, 30 min, 2 h
  });

  it("keeps messages pending without an endpoint and delivers them once one is set", async () => {
    const target: { url?: string } = {};
    const { queue, receiver } = await setup(undefined, { endpoint: () => target.url });
    const message = queue.enqueue("monitor.notification", { monitorId: "mon_2" });
    await queue.runDue();
    expect(queue.message(message.id)).toMatchObject({ state: "pending", attempts: [] });
    expect(receiver.received).toHaveLength(0);
    target.url = receiver.url;
    await queue.runDue();
    expect(queue.message(message.id)?.state).toBe("delivered");
    expect(receiver.received).toHaveLength(1);
  });

  it("delivers every message twice, same id, at a duplicate rate of 1", async () => {
    const { queue, clock, ids } = await setup(undefined, { chaos: { duplicateRate: 1, reorderWindowMs: 0 } });
    const messages = Array.from({ length: 5 }, (_, i) => queue.enqueue("company.updated", { seq: i }));
    await queue.drain();
    clock.now += DUPLICATE_DELAY_MAX_MS;
    await queue.runDue();
    const counts = new Map<string | undefined, number>();
    for (const id of ids()) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect(counts).toEqual(new Map(messages.map((m) => [m.id, 2])));
    expect(queue.attempts().filter((a) => a.duplicate)).toHaveLength(5);
    expect(queue.messages({ state: "delivered" })).toHaveLength(5);
  });

  it("lets later messages overtake earlier ones within the reorder window, losing none", async () => {
    const { queue, clock, receiver } = await setup(undefined, {
      chaos: { duplicateRate: 0, reorderWindowMs: 2000 },
      random: seededRandom(42),
      maxInFlight: 1,
    });
    for (let seq = 0; seq < 20; seq++) {
      queue.enqueue("company.updated", { seq });
      clock.now += 50;
    }
    await queue.runDue();
    clock.now += 2000;
    await queue.runDue();
    const order = receiver.received.map((r) => (JSON.parse(r.body) as { seq: number }).seq);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(order.some((seq, i) => i > 0 && seq < order[i - 1]!)).toBe(true);
  });

  it("keeps pending retries and their ids across toJSON / fromJSON", async () => {
    let healthy = false;
    const { queue, clock, settings, receiver } = await setup(() => (healthy ? 204 : 500));
    const ids = [queue.enqueue("company.updated", { seq: 1 }).id, queue.enqueue("company.updated", { seq: 2 }).id];
    await queue.drain();
    const snapshot = JSON.parse(JSON.stringify(queue)) as ReturnType<DeliveryQueue["toJSON"]>;
    await queue.close();

    healthy = true;
    const restored = DeliveryQueue.fromJSON(snapshot, settings);
    cleanups.push(() => restored.close());
    expect(restored.messages({ state: "pending" }).map((m) => m.id)).toEqual(ids);
    clock.now += 5 * S;
    await restored.runDue();
    expect(restored.messages({ state: "delivered" }).map((m) => [m.id, m.attempts.length])).toEqual(ids.map((id) => [id, 3]));
    const bodies = new Map<string, Set<string>>();
    for (const r of receiver.received) bodies.set(r.headers["svix-id"]!, (bodies.get(r.headers["svix-id"]!) ?? new Set()).add(r.body));
    expect([...bodies.keys()]).toEqual(ids);
    expect([...bodies.values()].every((set) => set.size === 1)).toBe(true);
  });

  it("sends through an injected fetch when one is given", async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const stub: typeof fetch = async (input, init) => {
      calls.push({ url: String(input), init });
      return new Response(null, { status: calls.length === 1 ? 502 : 202 });
    };
    const queue = new DeliveryQueue({
      endpoint: () => "http://receiver.test/hook",
      secret: generateSigningSecret,
      now: () => new Date(),
      fetch: stub,
    });
    const message = queue.enqueue("monitor.notification", { monitorId: "mon_3" });
    await queue.drain();
    expect(calls.map((c) => [c.url, c.init?.body])).toEqual([
      ["http://receiver.test/hook", message.body],
      ["http://receiver.test/hook", message.body],
    ]);
    expect(queue.message(message.id)?.attempts.map((a) => a.status)).toEqual([502, 202]);
    await queue.close();
  });

  it("sends concurrently but never more than maxInFlight at once", async () => {
    const { queue, receiver } = await setup(undefined, { maxInFlight: 8 }, 5);
    for (let i = 0; i < 100; i++) queue.enqueue("company.updated", { seq: i });
    await queue.drain();
    expect(queue.stats()).toEqual({ pending: 0, delivered: 100, failed: 0, inFlight: 0 });
    expect(receiver.maxConcurrent()).toBeGreaterThan(1);
    expect(receiver.maxConcurrent()).toBeLessThanOrEqual(8);
  });
});
