import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
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

  it("1,000 bad signatures cost a handful of statements, not a transaction each, and are all counted", async () => {
    await flushRejections(counted.db);
    checkouts = 0;
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 1_000 }, () => badPost(counted.db)));
    await flushRejections(counted.db);
    const seconds = Math.ceil((performance.now() - started) / 1000);
    expect(results.every((r) => r.status === 401)).toBe(true);
    // Per second at most one read of the secrets, one re-read after a refusal and one flush; plus the last flush.
    expect(checkouts).toBeLessThanOrEqual(3 * seconds + 1);
    expect(checkouts).toBeLessThan(10);
    const [summary] = (await rejectionsByConnection([connectionId])).values();
    expect(summary?.total).toBe(1_000);
    expect(summary?.recent).toHaveLength(100);
    expect(summary?.recent[0]?.reason).toBe("No matching signature found");
    // Settings → Webhooks is told once per batch, not once per rejection.
    const told = await db().select().from(liveEvents);
    expect(told.length).toBeGreaterThan(0);
    expect(told.length).toBeLessThanOrEqual(seconds + 1);
    expect(new Set(told.map((e) => e.topic))).toEqual(new Set(["webhooks"]));
  });

  it("keeps memory bounded during a flood: 100 reasons per connection however many arrive, and every one counted", async () => {
    for (let i = 0; i < 5_000; i++) recordRejection(db(), connectionId, "No matching signature found", `msg_flood_${i}`);
    await flushRejections(db());
    const kept = await db().select().from(webhookRejections).orderBy(asc(webhookRejections.id));
    expect(kept.map((k) => k.messageId)).toEqual(Array.from({ length: 100 }, (_, i) => `msg_flood_${4_900 + i}`));
    expect((await db().select().from(webhookRejectionCounts))[0]?.total).toBe(5_000);

    // A later batch keeps the newest 100 across both.
    for (let i = 0; i < 30; i++) recordRejection(db(), connectionId, "Message timestamp too old", `msg_late_${i}`);
    await flushRejections(db());
    const after = await db().select().from(webhookRejections).orderBy(asc(webhookRejections.id));
    expect(after).toHaveLength(100);
    expect(after[0]?.messageId).toBe("msg_flood_4930");
    expect(after.at(-1)?.messageId).toBe("msg_late_29");
    expect((await db().select().from(webhookRejectionCounts))[0]?.total).toBe(5_030);
  });

  it("writes a rejection after a quiet second at once, and those that follow within the second together", async () => {
    await flushRejections(counted.db);
    await new Promise((r) => setTimeout(r, rejectionFlushMs));
    checkouts = 0;
    checkoutTimes.length = 0;
    const total = async () => (await db().select().from(webhookRejectionCounts))[0]?.total ?? 0;
    const recordedAt = Date.now();
    for (let i = 0; i < 50; i++) recordRejection(counted.db, connectionId, "No matching signature found", `msg_${i}`);
    expect(checkouts).toBe(0);
    await vi.waitFor(async () => expect(await total()).toBe(50), { timeout: 3 * rejectionFlushMs, interval: 20 });
    expect(checkouts).toBe(1);
    expect(checkoutTimes[0]! - recordedAt).toBeLessThan(rejectionFlushMs / 2); // at once, not a second later

    for (let i = 0; i < 20; i++) recordRejection(counted.db, connectionId, "No matching signature found", `msg_more_${i}`);
    await vi.waitFor(async () => expect(await total()).toBe(70), { timeout: 3 * rejectionFlushMs, interval: 20 });
    expect(checkouts).toBe(2);
    // The second flush waited for the second since the first had started (which was after recordedAt); a few
    // milliseconds of slack for the timer.
    expect(checkoutTimes[1]! - recordedAt).toBeGreaterThanOrEqual(rejectionFlushMs - 5);
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
