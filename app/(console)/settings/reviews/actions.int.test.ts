import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, liveEvents, portfolioEntries, reviewPolicy } from "@/db/schema";
import { defaultReviewPolicy, nextReviewDue, type ReviewPolicy } from "@/lib/risk/review-policy.shared";
import { readReviewPolicy } from "@/lib/risk/review-policy-store";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { signInAs } from "@/test/session";
import { storePortfolioEntry } from "@/test/portfolio-fixtures";
import { storeSandboxConnection } from "@/test/stored-connection";
import { saveReviewPolicyAction } from "./actions";

const entered = new Date("2025-06-01T10:00:00Z");

/** Portfolio rows of each kind: reviewed under each rating (one on 31 January, for month ends), unrated, never reviewed. */
const rows: { companyId: string; rating: RiskRating | null; lastReviewedAt: Date | null }[] = [
  { companyId: "P-HIGH", rating: "high", lastReviewedAt: new Date("2026-01-31T08:30:00Z") },
  { companyId: "P-MEDIUM", rating: "medium", lastReviewedAt: new Date("2026-03-15T12:00:00Z") },
  { companyId: "P-LOW", rating: "low", lastReviewedAt: new Date("2025-08-31T23:59:00Z") },
  { companyId: "P-UNRATED", rating: null, lastReviewedAt: new Date("2026-02-10T00:00:00Z") },
  { companyId: "P-NEVER", rating: "low", lastReviewedAt: null },
];

const dueDates = async () =>
  Object.fromEntries(
    (await db().select().from(portfolioEntries).orderBy(portfolioEntries.companyId)).map((row) => [row.companyId, row.nextReviewDue]),
  );

const expectedDueDates = (policy: ReviewPolicy) =>
  Object.fromEntries(rows.map((row) => [row.companyId, nextReviewDue(policy, row.rating, row.lastReviewedAt, entered)]));

const policyAudits = async () => (await db().select().from(auditLog)).filter((row) => row.action === "review.policy_changed");

describe("the review policy", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${portfolioEntries}, ${reviewPolicy}, ${auditLog}, ${liveEvents}`);
    const id = crypto.randomUUID();
    const connectionId = await storeSandboxConnection({ webhookSecret: `whsec_${id}`, name: `Policy ${id}` });
    for (const row of rows) {
      await storePortfolioEntry(
        { connectionId, countryCode: "GB", companyId: row.companyId },
        // Due dates as the default policy left them, except the never-reviewed row's, which is wrong on purpose.
        {
          rating: row.rating,
          lastReviewedAt: row.lastReviewedAt,
          createdAt: entered,
          nextReviewDue: row.lastReviewedAt ? nextReviewDue(defaultReviewPolicy, row.rating, row.lastReviewedAt, entered) : new Date(0),
        },
      );
    }
  });

  it("lets an admin change it: audited in words, every due date recomputed as nextReviewDue has it, a live event", async () => {
    const admin = await signInAs("admin");
    const policy: ReviewPolicy = { highMonths: 1, mediumMonths: 18, lowMonths: 36, staleDays: 120, portfolioScope: "customers" };
    const result = await saveReviewPolicyAction(policy);
    expect(result).toEqual({
      ok: true,
      data: {
        changes: {
          highMonths: "every 12 months → every 1 month",
          mediumMonths: "every 24 months → every 18 months",
          staleDays: "90 days → 120 days",
          portfolioScope: "Every company file → Only companies marked customer",
        },
        // High, medium, unrated (the high cycle) and the never-reviewed row (back to its entry date); low stays.
        movedDueDates: 4,
      },
    });
    expect((await readReviewPolicy()).policy).toEqual(policy);
    const due = await dueDates();
    expect(due).toEqual(expectedDueDates(policy));
    // 31 January + 1 month ends on the last day of February; never reviewed: due from the day it entered.
    expect(due["P-HIGH"]).toEqual(new Date("2026-02-28T08:30:00Z"));
    expect(due["P-NEVER"]).toEqual(entered);

    const [audit] = await policyAudits();
    expect(audit).toMatchObject({ actorEmail: admin.email, target: "review policy" });
    expect(audit!.details).toEqual({ ...(result.ok ? result.data.changes : {}), movedDueDates: 4 });
    expect(await db().select().from(liveEvents).where(eq(liveEvents.topic, "portfolio"))).toHaveLength(1);

    // The same policy again changes nothing and writes nothing.
    expect(await saveReviewPolicyAction(policy)).toEqual({ ok: true, data: { changes: {}, movedDueDates: 0 } });
    expect(await policyAudits()).toHaveLength(1);
  });

  it("matches nextReviewDue at every month end, for every cycle", async () => {
    await signInAs("admin");
    for (const months of [1, 2, 13, 25]) {
      const policy = { ...defaultReviewPolicy, highMonths: months, mediumMonths: months + 1, lowMonths: months + 2 };
      expect((await saveReviewPolicyAction(policy)).ok).toBe(true);
      expect(await dueDates()).toEqual(expectedDueDates(policy));
    }
  });

  it("refuses a compliance officer and bad numbers with a message per field, changing nothing", async () => {
    const before = await dueDates();
    await signInAs("compliance");
    expect(await saveReviewPolicyAction({ ...defaultReviewPolicy, highMonths: 6 })).toMatchObject({ ok: false, code: "forbidden" });
    await signInAs("admin");
    expect(
      await saveReviewPolicyAction({
        ...defaultReviewPolicy,
        highMonths: 0,
        lowMonths: 2.5,
        staleDays: 5000,
        portfolioScope: "some" as "all",
      }),
    ).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: {
        highMonths: ["Months for high risk must be at least 1."],
        lowMonths: ["Months for low risk must be a whole number."],
        staleDays: ["Days are at most 3,650."],
        portfolioScope: [expect.any(String)],
      },
    });
    expect(await db().select().from(reviewPolicy)).toEqual([]);
    expect(await policyAudits()).toEqual([]);
    expect(await dueDates()).toEqual(before);
  });
});
