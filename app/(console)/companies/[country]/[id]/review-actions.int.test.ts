import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyReviews, liveEvents, portfolioEntries, reviewedBaselines, reviewPolicy } from "@/db/schema";
import { companyTimeline } from "@/lib/portfolio/company-timeline";
import { noCompanyFile } from "@/lib/reviews/mark-reviewed";
import { signInAs } from "@/test/session";
import { storeCompanyFile, storePortfolioEntry, storeRating } from "@/test/portfolio-fixtures";
import { storeSandboxConnection } from "@/test/stored-connection";
import { markReviewedAction } from "./review-actions";

let connectionId = "";
const key = (companyId: string) => ({ connectionId, countryCode: "GB", companyId });

/** The same day and time of day, `months` later, or that month's last day when it lacks the day (the review cycles). */
const monthsAfter = (at: Date, months: number) => {
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months + 1, 0)).getUTCDate();
  const due = new Date(at);
  due.setUTCDate(1);
  due.setUTCMonth(at.getUTCMonth() + months);
  due.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return due;
};

const entryOf = async (companyId: string) =>
  (
    await db()
      .select()
      .from(portfolioEntries)
      .where(and(eq(portfolioEntries.connectionId, connectionId), eq(portfolioEntries.companyId, companyId)))
  )[0];

const reviewCount = async () => (await db().select().from(companyReviews)).length;
const reviewAudits = async () => (await db().select().from(auditLog)).filter((row) => row.action === "review.completed");

beforeAll(async () => {
  connectionId = await storeSandboxConnection({ webhookSecret: "whsec_reviews" });
  for (const [companyId, rating] of [
    ["REV-HIGH", "high"],
    ["REV-MEDIUM", "medium"],
    ["REV-LOW", "low"],
  ] as const) {
    await storeCompanyFile(key(companyId), { companyName: `${companyId} Ltd`, requestId: `req_${companyId}`, version: 3 });
    const ratingId = await storeRating(key(companyId), rating, 10, [{ rule: "youngCompany", points: 10, sentence: "Young." }]);
    await storePortfolioEntry(key(companyId), { rating, score: 10, ratingId, companyName: `${companyId} Ltd` });
  }
  await storeCompanyFile(key("REV-NEW"), { companyName: "New Ltd", requestId: "req_REV-NEW", version: 2 });
});

beforeEach(async () => {
  await db().execute(sql`truncate ${reviewPolicy}`);
});

describe("marking a company reviewed", () => {
  it("writes the review, the reviewed baseline, the portfolio row, the audit row and a live event, the next due date by the rating's cycle", async () => {
    const officer = await signInAs("compliance");
    const before = Date.now();
    for (const [companyId, rating, months] of [
      ["REV-HIGH", "high", 12],
      ["REV-MEDIUM", "medium", 24],
      ["REV-LOW", "low", 36],
    ] as const) {
      const result = await markReviewedAction({ countryCode: "GB", companyId, outcome: "keep", comment: `Checked ${companyId}.` });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) continue;
      const { reviewedAt, nextReviewDue } = result.data;
      expect(reviewedAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(nextReviewDue).toEqual(monthsAfter(reviewedAt, months));

      const [review] = await db().select().from(companyReviews).where(eq(companyReviews.companyId, companyId));
      const entry = await entryOf(companyId);
      expect(review).toMatchObject({
        connectionId,
        outcome: "keep",
        comment: `Checked ${companyId}.`,
        rating,
        ratingId: entry!.ratingId,
        baselineRequestId: `req_${companyId}`,
        baselineVersion: 3,
        reviewedBy: officer.id,
        reviewedByEmail: officer.email,
        reviewedAt,
        nextReviewDue,
      });
      expect(entry).toMatchObject({ lastReviewId: review!.id, lastReviewedAt: reviewedAt, nextReviewDue });
      const [baseline] = await db().select().from(reviewedBaselines).where(eq(reviewedBaselines.companyId, companyId));
      expect(baseline).toMatchObject({ requestId: `req_${companyId}`, version: 3, alertId: null, reviewedBy: officer.id });
    }

    const audits = await reviewAudits();
    expect(audits.map((row) => [row.actorEmail, row.target])).toEqual([
      [officer.email, "GB REV-HIGH"],
      [officer.email, "GB REV-MEDIUM"],
      [officer.email, "GB REV-LOW"],
    ]);
    expect(audits[0]!.details).toMatchObject({
      connectionId,
      reviewOutcome: "keep",
      riskRating: "high",
      comment: "Checked REV-HIGH.",
      requestId: "req_REV-HIGH",
      baselineVersion: 3,
    });
    const live = await db().select().from(liveEvents).where(eq(liveEvents.topic, "portfolio"));
    expect(live.length).toBeGreaterThanOrEqual(3);

    // The review shows on the company's timeline with its outcome and comment.
    const timeline = await companyTimeline(key("REV-HIGH"), { limit: 10, role: "auditor" });
    // Named by display name, as every timeline names people (the fixture's is the email's local part).
    expect(timeline.find((event) => event.kind === "review")).toMatchObject({
      title: "Reviewed: Keep",
      who: officer.email.split("@")[0],
      detail: expect.stringContaining("Checked REV-HIGH."),
    });
    expect((await companyTimeline(key("REV-HIGH"), { limit: 10, role: "finance" })).some((e) => e.kind === "review")).toBe(false);
  });

  it("follows the team's own policy, and a later review replaces the baseline and the last review", async () => {
    await signInAs("admin");
    await db().insert(reviewPolicy).values({ highMonths: 3, mediumMonths: 6, lowMonths: 9, staleDays: 30, portfolioScope: "all" });
    const first = await markReviewedAction({
      countryCode: "GB",
      companyId: "REV-MEDIUM",
      outcome: "enhanced_due_diligence",
      comment: "EDD.",
    });
    expect(first.ok && first.data.nextReviewDue).toEqual(first.ok && monthsAfter(first.data.reviewedAt, 6));
    expect((await entryOf("REV-MEDIUM"))!.nextReviewDue).toEqual(first.ok && first.data.nextReviewDue);
  });

  it("creates the portfolio row when the re-rater has not made it yet, due by the shortest cycle while unrated", async () => {
    await signInAs("compliance");
    expect(await entryOf("REV-NEW")).toBeUndefined();
    const result = await markReviewedAction({ countryCode: "GB", companyId: "REV-NEW", outcome: "exit", comment: "Ending it." });
    expect(result.ok).toBe(true);
    const entry = await entryOf("REV-NEW");
    expect(entry).toMatchObject({ companyName: "New Ltd", rating: null, lastReviewedAt: result.ok && result.data.reviewedAt });
    expect(entry!.nextReviewDue).toEqual(result.ok && monthsAfter(result.data.reviewedAt, 12));
  });

  it("refuses the auditor role, and writes nothing", async () => {
    await signInAs("auditor");
    const reviews = await reviewCount();
    const entry = await entryOf("REV-LOW");
    expect(await markReviewedAction({ countryCode: "GB", companyId: "REV-LOW", outcome: "keep", comment: "No." })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await reviewCount()).toBe(reviews);
    expect(await entryOf("REV-LOW")).toEqual(entry);
  });

  it("refuses bad input with a message per field, and a company without a file, changing nothing", async () => {
    await signInAs("compliance");
    const reviews = await reviewCount();
    const audits = (await reviewAudits()).length;
    const entry = await entryOf("REV-LOW");
    expect(await markReviewedAction({ countryCode: "GB", companyId: "REV-LOW", outcome: "maybe" as "keep", comment: "   " })).toMatchObject(
      {
        ok: false,
        code: "invalid_input",
        fieldErrors: { outcome: ["Choose an outcome."], comment: ["Write a comment saying why."] },
      },
    );
    expect(await markReviewedAction({ countryCode: "GB", companyId: "NO-FILE", outcome: "keep", comment: "Fine." })).toEqual({
      ok: false,
      code: "not_found",
      error: noCompanyFile,
    });
    expect(await reviewCount()).toBe(reviews);
    expect((await reviewAudits()).length).toBe(audits);
    expect(await entryOf("REV-LOW")).toEqual(entry);
    expect(await entryOf("NO-FILE")).toBeUndefined();
  });
});
