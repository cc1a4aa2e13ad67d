import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { batchRows, companyFiles, companyRequests, reviewQueue, reviewedBaselines, type BatchRow, type User } from "@/db/schema";
import { stopJobQueue } from "@/lib/jobs/job-queue";
import { markReviewed } from "@/lib/reviews/mark-reviewed";
import { openReviewQueue } from "@/lib/reviews/review-queue";
import { storePortfolioEntry } from "@/test/portfolio-fixtures";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { createBatch, readBatch } from "./batch-records";
import { diffCompletedCampaignRows } from "./campaign-diff";

let connectionId = "";
let owner: User;
let starter: User;
let batch: BatchRow;

const company = (companyId: string, fields: Record<string, unknown>) => ({ id: companyId, countryCode: "GB", ...fields });

/** A stored request of the company with its snapshot (as a webhook would have left it). */
async function storeRequest(requestId: string, companyId: string, sections: Record<string, unknown>) {
  await db()
    .insert(companyRequests)
    .values({
      requestId,
      connectionId,
      origin: "console",
      countryCode: "GB",
      companyId,
      companyName: `${companyId} Ltd`,
      version: 1,
      complete: true,
      snapshot: { request: { requestId, version: 1 }, ...sections },
    });
}

/** The reviewed snapshot of the company: what a review marked. */
async function reviewedAt(companyId: string, requestId: string) {
  await db().insert(reviewedBaselines).values({ connectionId, countryCode: "GB", companyId, requestId, version: 1 });
}

const rowOf = async (companyId: string) =>
  (
    await db()
      .select()
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batch.id), eq(batchRows.companyId, companyId)))
  )[0]!;

describe("a review campaign's completed refreshes", () => {
  beforeAll(async () => {
    connectionId = await storeSandboxConnection({ webhookSecret: "whsec_campaign", name: "Campaign sandbox" });
    owner = await insertUser("owner@example.com", "compliance");
    starter = await insertUser("starter@example.com", "compliance");
    const shareholders = [{ entityId: "sh-1", name: "Jane Doe", percentage: 60 }];
    // CHANGED: dissolved since its review. SAME: as reviewed. NEVER: never reviewed. SENT: its refresh not in yet.
    await storeRequest("req_changed_review", "CHANGED", { company: company("CHANGED", { legalName: "Changed Ltd", status: "active" }) });
    await storeRequest("req_changed_refresh", "CHANGED", {
      company: company("CHANGED", { legalName: "Changed Ltd", status: "dissolved" }),
    });
    await reviewedAt("CHANGED", "req_changed_review");
    await storeRequest("req_same_review", "SAME", { company: company("SAME", { legalName: "Same Ltd" }), shareholders });
    await storeRequest("req_same_refresh", "SAME", { company: company("SAME", { legalName: "Same Ltd" }), shareholders });
    await reviewedAt("SAME", "req_same_review");
    await storeRequest("req_never_refresh", "NEVER", { company: company("NEVER", { legalName: "Never Ltd" }), shareholders });
    for (const companyId of ["CHANGED", "SAME", "NEVER", "SENT"]) {
      const key = { connectionId, countryCode: "GB", companyId };
      await db()
        .insert(companyFiles)
        .values({ ...key, companyName: `${companyId} Ltd`, latestRequestId: `req_${companyId.toLowerCase()}_refresh` });
      await storePortfolioEntry(key, { companyName: `${companyId} Ltd`, ownerId: companyId === "NEVER" ? null : owner.id });
    }
    const { batchId } = await createBatch(starter, {
      kind: "campaign",
      connectionId,
      datapoints: ["company", "shareholders"],
      rows: ["CHANGED", "SAME", "NEVER", "SENT"].map((companyId, index) => ({
        rowNumber: index + 1,
        input: { name: `${companyId} Ltd` },
        countryCode: "GB",
        matchState: "matched",
        companyId,
        companyName: `${companyId} Ltd`,
        datapoints: companyId === "CHANGED" ? ["company"] : ["company", "shareholders"],
      })),
    });
    for (const companyId of ["CHANGED", "SAME", "NEVER"])
      await db()
        .update(batchRows)
        .set({ outcome: "completed", requestId: `req_${companyId.toLowerCase()}_refresh` })
        .where(and(eq(batchRows.batchId, batchId), eq(batchRows.companyId, companyId)));
    await db()
      .update(batchRows)
      .set({ outcome: "ordered", requestId: "req_sent_refresh" })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.companyId, "SENT")));
    batch = (await readBatch(batchId))!;
  });
  afterAll(() => stopJobQueue(0));

  it("diffs each completed row against the reviewed baseline in words and queues it for its reviewer, once", async () => {
    expect(await diffCompletedCampaignRows(batch)).toBe(3);

    expect((await rowOf("CHANGED")).diff).toEqual({
      changes: [{ field: "Company profile › Status", before: "active", after: "dissolved" }],
      baselineRequestId: "req_changed_review",
    });
    expect((await rowOf("SAME")).diff).toEqual({ changes: [], baselineRequestId: "req_same_review" });
    expect((await rowOf("NEVER")).diff).toEqual({
      changes: [
        { field: "Company profile", before: null, after: "Received" },
        { field: "Shareholders", before: null, after: "Received" },
      ],
      baselineRequestId: null,
    });
    expect((await rowOf("SENT")).diff).toBeNull();

    const queued = await db()
      .select({
        companyId: reviewQueue.companyId,
        reviewerId: reviewQueue.reviewerId,
        requestId: reviewQueue.requestId,
        changeCount: reviewQueue.changeCount,
      })
      .from(reviewQueue)
      .orderBy(asc(reviewQueue.companyId));
    expect(queued).toEqual([
      { companyId: "CHANGED", reviewerId: owner.id, requestId: "req_changed_refresh", changeCount: 1 },
      // Nobody owns it: whoever started the campaign reviews it.
      { companyId: "NEVER", reviewerId: starter.id, requestId: "req_never_refresh", changeCount: 2 },
      { companyId: "SAME", reviewerId: owner.id, requestId: "req_same_refresh", changeCount: 0 },
    ]);

    // Run again (a settle step run twice): nothing more.
    expect(await diffCompletedCampaignRows(batch)).toBe(0);
    expect(await db().$count(reviewQueue)).toBe(3);
    const events = await db().execute<{ n: number }>(sql`select count(*)::int as n from live_events where topic = 'portfolio'`);
    expect(events.rows[0]!.n).toBe(3);
  });

  it("shows the owner their queue with the diffs, and marking a company reviewed takes it off", async () => {
    const mine = await openReviewQueue(owner.id);
    expect(mine.total).toBe(2);
    expect(mine.entries.map((e) => [e.companyId, e.changeCount, e.diff.changes.length, e.batchId])).toEqual([
      ["CHANGED", 1, 1, batch.id],
      ["SAME", 0, 0, batch.id],
    ]);
    expect(mine.entries[0]).toMatchObject({ companyName: "CHANGED Ltd", campaignStartedBy: "starter@example.com" });
    expect((await openReviewQueue(starter.id)).entries.map((e) => e.companyId)).toEqual(["NEVER"]);

    const reviewed = await markReviewed(
      owner,
      { connectionId, countryCode: "GB", companyId: "CHANGED" },
      { outcome: "keep", comment: "Dissolution noted." },
    );
    expect(reviewed.ok).toBe(true);
    const after = await openReviewQueue(owner.id);
    expect(after.entries.map((e) => e.companyId)).toEqual(["SAME"]);
    expect(after.total).toBe(1);
    const [closed] = await db().select().from(reviewQueue).where(eq(reviewQueue.companyId, "CHANGED"));
    expect(closed!.doneAt).toBeInstanceOf(Date);
    // Another reviewer's entry for another company stays open.
    expect((await openReviewQueue(starter.id)).total).toBe(1);
  });
});
