import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDatabase, db } from "@/db/client";
import { companyRequests, liveEvents, registryConnections, webhookRejectionCounts, webhookRejections } from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import { generateMessageId, webhookHeaders } from "../../simulator/webhooks/sign";
import { rejectionsByConnection } from "./ledger-queries";
import { receiveWebhook } from "./receive";
import { flushRejections, recordRejection, rejectionFlushMs } from "./rejections";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const wrongSecret = "whsec_Xg6Ww8Fs1hRvVz5EwqUa0yW7pTmQn2Lc";
const body = JSON.stringify({ type: "monitor.notification", monitorId: "mon_1" });

/** A database of its own whose pool counts check-outs: one per statement outside a transaction, one per transaction. */
const counted = createDatabase(process.env.DATABASE_URL!, 10);
let checkouts = 0;
/** When each connection was taken from the pool (each flush takes one). */
const checkoutTimes: number[] = [];
counted.pool.on("acquire", () => {
  checkouts++;
  checkoutTimes.push(Date.now());
});
afterAll(() => counted.pool.end());
/** Resolves when the counted pool next gets a connection back: a statement on it (a flush) has finished. */
const nextWrite = () => new Promise<void>((resolve) => counted.pool.once("release", () => resolve()));

let connectionId = "";

async function addConnection(name: string) {
  const [row] = await db()
    .insert(registryConnections)
    .values({
      name,
      environment: "sandbox",
      baseUrl: "http://127.0.0.1:4010",
      apiKeySealed: sealSecret("sk_dev_x"),
      apiKeyHint: "sk_dev_…",
      webhookSecretSealed: sealSecret(secret),
    })
    .returning();
  return row!.id;
}

const badPost = (database: typeof counted.db, id = generateMessageId()) =>
  receiveWebhook(database, {
    connectionId,
    rawBody: body,
    headers: new Headers(webhookHeaders(wrongSecret, id, Math.floor(Date.now() / 1000), body)),
    arrivedAt: performance.now(),
  });

describe("counting refused deliveries", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${liveEvents} cascade`);
    connectionId = await addConnection("Sandbox");
  });
  afterEach(() => vi.useRealTimers());

  it("1,000 bad signatures cost a handful of statements, not a transaction each, and are all counted", async () => {
    await flushRejections(counted.db);
    checkouts = 0;
    // The whole flood within one interval of the clock, however long this machine takes over it.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const results = await Promise.all(Array.from({ length: 1_000 }, () => badPost(counted.db)));
    await flushRejections(counted.db);
    expect(results.every((r) => r.status === 401)).toBe(true);
    // With the clock standing still: one read of the secrets, one re-read after the first refusal, one flush.
    expect(checkouts).toBe(3);
    const [summary] = (await rejectionsByConnection([connectionId])).values();
    expect(summary?.total).toBe(1_000);
    expect(summary?.recent).toHaveLength(100);
    expect(summary?.recent[0]?.reason).toBe("No matching signature found");
    // Settings → Webhooks is told once per batch, not once per rejection.
    const told = await db().select().from(liveEvents);
    expect(told).toHaveLength(1);
    expect(told[0]?.topic).toBe("webhooks");
  });

  it("writes a rejection after a quiet interval at once, and those that follow within the interval together", async () => {
    // The clock moves only when the test moves it; the database answers in its own time.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    await flushRejections(counted.db);
    vi.advanceTimersByTime(rejectionFlushMs);
    checkouts = 0;
    checkoutTimes.length = 0;
    const recordedAt = Date.now();
    const total = async () => (await db().select().from(webhookRejectionCounts))[0]?.total ?? 0;

    let written = nextWrite();
    for (let i = 0; i < 50; i++) recordRejection(counted.db, connectionId, "No matching signature found", `msg_${i}`);
    expect(checkouts).toBe(0);
    await vi.advanceTimersByTimeAsync(0); // no time passes: only what is due now runs
    await written;
    expect(await total()).toBe(50);
    expect(checkoutTimes).toEqual([recordedAt]);

    written = nextWrite();
    for (let i = 0; i < 20; i++) recordRejection(counted.db, connectionId, "No matching signature found", `msg_more_${i}`);
    await vi.advanceTimersByTimeAsync(rejectionFlushMs - 1);
    expect(await total()).toBe(50);
    await vi.advanceTimersByTimeAsync(1);
    await written;
    expect(await total()).toBe(70);
    // The second write waited for the interval since the first began, to the millisecond.
    expect(checkoutTimes).toEqual([recordedAt, recordedAt + rejectionFlushMs]);
  });

  it("keeps a batch that could not be written for the next flush, and skips a connection deleted meanwhile", async () => {
    const gone = await addConnection("Deleted soon");
    // The table goes away before anything is recorded: a first rejection after a quiet second is written at once,
    // so recording first could write it before the rename.
    await db().execute(sql`alter table webhook_rejections rename to webhook_rejections_away`);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      recordRejection(db(), connectionId, "No matching signature found", "msg_1");
      recordRejection(db(), gone, "No matching signature found", "msg_2");
      await flushRejections(db());
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("could not record rejections"), expect.anything());
    } finally {
      await db().execute(sql`alter table webhook_rejections_away rename to webhook_rejections`);
      errors.mockRestore();
    }
    recordRejection(db(), connectionId, "Message timestamp too old", "msg_3");
    await db().delete(registryConnections).where(eq(registryConnections.id, gone));
    await flushRejections(db());
    expect((await db().select().from(webhookRejections).orderBy(asc(webhookRejections.id))).map((r) => r.messageId)).toEqual([
      "msg_1",
      "msg_3",
    ]);
    expect(
      await db()
        .select({ connectionId: webhookRejectionCounts.connectionId, total: webhookRejectionCounts.total })
        .from(webhookRejectionCounts),
    ).toEqual([{ connectionId, total: 2 }]);
  });
});
