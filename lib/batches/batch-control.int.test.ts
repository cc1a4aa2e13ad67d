import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { batches, type User } from "@/db/schema";
import { stopJobQueue } from "@/lib/jobs/job-queue";
import { storeSandboxConnection } from "@/test/stored-connection";
import { auditDetailsOf, insertUser } from "@/test/users-fixture";
import { batchQuote, cancelBatch, confirmBatch } from "./batch-control";
import { createBatch, readBatch, readBatchRows } from "./batch-records";

let user: User;
let connectionId: string;

/** A batch waiting for its confirm: rows priced in two countries, two skipped as fresh on different days, one ambiguous. */
async function pricedBatch(options: { unpriced?: boolean } = {}) {
  const { batchId } = await createBatch(user, {
    kind: "import",
    connectionId,
    datapoints: ["company"],
    fileDigest: crypto.randomUUID(),
    rows: [1, 2, 3, 4, 5, 6].map((n) => ({
      rowNumber: n,
      input: { name: `Company ${n}` },
      countryCode: n <= 2 ? "DE" : "FR",
      matchState: "matched" as const,
      companyId: `C${n}`,
    })),
  });
  const set = (rowNumber: number, change: ReturnType<typeof sql>) =>
    db().execute(sql`update batch_rows set ${change} where batch_id = ${batchId} and row_number = ${rowNumber}`);
  await set(1, sql`ceiling_credits = 12.5`);
  await set(2, sql`ceiling_credits = 10`);
  await set(3, options.unpriced ? sql`ceiling_credits = null` : sql`ceiling_credits = 7.25`);
  await set(4, sql`outcome = 'skipped', outcome_reason = 'The company file already holds all of it, fresh (as of 2026-11-20)'`);
  await set(5, sql`outcome = 'skipped', outcome_reason = 'The company file already holds all of it, fresh (as of 2026-11-02)'`);
  await set(6, sql`match_state = 'ambiguous'`);
  await db().update(batches).set({ status: "reviewing" }).where(eq(batches.id, batchId));
  return batchId;
}

describe("a batch's quote, confirm and cancel", () => {
  beforeAll(async () => {
    user = await insertUser("batches@example.com", "compliance");
    connectionId = await storeSandboxConnection({ name: "Batches", baseUrl: "http://127.0.0.1:9" });
  });
  afterAll(() => stopJobQueue(0));

  it("prices per country from the rows' ceilings, and groups skipped rows by reason whatever their date", async () => {
    const quote = await batchQuote(await pricedBatch());
    expect(quote).toEqual({
      countries: [
        { countryCode: "DE", rows: 2, credits: 22.5 },
        { countryCode: "FR", rows: 1, credits: 7.25 },
      ],
      total: 29.75,
      unpriced: 0,
      skipped: [{ reason: "The company file already holds all of it, fresh", rows: 2 }],
    });
  });

  it("refuses a confirm while a matched row is unpriced, and changes nothing", async () => {
    const batchId = await pricedBatch({ unpriced: true });
    expect(await confirmBatch(user, batchId, { capCredits: 100, concurrency: 4 })).toMatchObject({ ok: false, code: "not_priced" });
    expect((await readBatch(batchId))!.status).toBe("reviewing");
  });

  it("confirms once: ordering starts with the cap, the row nobody picked is skipped, the quote audited; a second confirm is refused", async () => {
    const batchId = await pricedBatch();
    expect(await confirmBatch(user, batchId, { capCredits: 25, concurrency: 3 })).toEqual({ ok: true, data: undefined });
    expect(await readBatch(batchId)).toMatchObject({ status: "ordering", capCredits: 25, quotedCredits: 29.75, concurrency: 3 });
    const ambiguous = (await readBatchRows(batchId)).find((r) => r.rowNumber === 6)!;
    expect(ambiguous).toMatchObject({ outcome: "skipped", outcomeReason: "Left ambiguous: nobody picked the company" });
    expect((await auditDetailsOf("batch.confirmed", user.email)).at(-1)).toEqual({
      details: { quotedTotal: 29.75, cap: 25, concurrency: 3 },
    });
    expect(await confirmBatch(user, batchId, { capCredits: 25, concurrency: 3 })).toMatchObject({ ok: false, code: "not_waiting" });
  });

  it("cancels: rows not yet sent are skipped, a row already sent keeps its outcome; a second cancel is refused", async () => {
    const batchId = await pricedBatch();
    await db().execute(
      sql`update batch_rows set outcome = 'ordered', request_id = 'req_sent' where batch_id = ${batchId} and row_number = 1`,
    );
    expect(await cancelBatch(user, batchId)).toEqual({ ok: true, data: undefined });
    const rows = await readBatchRows(batchId);
    expect(rows.find((r) => r.rowNumber === 1)!.outcome).toBe("ordered");
    expect(
      rows.filter((r) => r.outcome === "skipped" && r.outcomeReason === "Cancelled before it was sent").map((r) => r.rowNumber),
    ).toEqual([2, 3, 6]);
    expect((await readBatch(batchId))!.status).toBe("cancelled");
    expect(await cancelBatch(user, batchId)).toMatchObject({ ok: false, code: "not_running" });
  });
});
