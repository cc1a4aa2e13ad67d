import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { reviewPolicy, type User } from "@/db/schema";
import { storePortfolioEntry } from "@/test/portfolio-fixtures";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { myReviewsDue } from "./my-reviews";

const now = new Date("2026-11-29T12:00:00Z");
const daysFromNow = (days: number) => new Date(now.getTime() + days * 86_400_000);

let officer: User;
let colleague: User;

beforeAll(async () => {
  const connectionId = await storeSandboxConnection({ webhookSecret: "whsec_queue" });
  officer = await insertUser("officer@example.com", "compliance");
  colleague = await insertUser("colleague@example.com", "compliance");
  const entry = (companyId: string, days: number, row: { owner?: User | null; customer?: boolean; rating?: "low" | "high" } = {}) =>
    storePortfolioEntry(
      { connectionId, countryCode: "GB", companyId },
      {
        companyName: `${companyId} Ltd`,
        ownerId: row.owner === undefined ? officer.id : (row.owner?.id ?? null),
        customer: row.customer ?? false,
        rating: row.rating ?? null,
        nextReviewDue: daysFromNow(days),
      },
    );
  // Inserted out of order, so the order read is the query's.
  await entry("Q-DUE-29", 29, { customer: true });
  await entry("Q-OVERDUE-2", -2, { rating: "high" });
  await entry("Q-DUE-31", 31, { customer: true });
  await entry("Q-DUE-10", 10);
  await entry("Q-OVERDUE-40", -40, { customer: true, rating: "low" });
  await entry("Q-THEIRS", -100, { owner: colleague });
  await entry("Q-NOBODYS", -100, { owner: null });
});

describe("my reviews (the reviewer's queue)", () => {
  it("lists my companies overdue or due within 30 days, overdue first, soonest first, with the counts", async () => {
    const queue = await myReviewsDue(officer.id, now);
    expect(queue.rows.map((row) => row.companyId)).toEqual(["Q-OVERDUE-40", "Q-OVERDUE-2", "Q-DUE-10", "Q-DUE-29"]);
    expect(queue).toMatchObject({ total: 4, overdue: 2 });
    expect(queue.rows[0]).toEqual({
      countryCode: "GB",
      companyId: "Q-OVERDUE-40",
      companyName: "Q-OVERDUE-40 Ltd",
      rating: "low",
      nextReviewDue: daysFromNow(-40),
    });
    const firstTwo = await myReviewsDue(officer.id, now, 2);
    expect(firstTwo.rows.map((row) => row.companyId)).toEqual(["Q-OVERDUE-40", "Q-OVERDUE-2"]);
    expect(firstTwo.total).toBe(4);
    expect((await myReviewsDue(colleague.id, now)).rows.map((row) => row.companyId)).toEqual(["Q-THEIRS"]);
  });

  it("holds only companies marked customer when the portfolio is only those", async () => {
    await db().insert(reviewPolicy).values({ highMonths: 12, mediumMonths: 24, lowMonths: 36, staleDays: 90, portfolioScope: "customers" });
    const queue = await myReviewsDue(officer.id, now);
    expect(queue.rows.map((row) => row.companyId)).toEqual(["Q-OVERDUE-40", "Q-DUE-29"]);
    expect(queue).toMatchObject({ total: 2, overdue: 1 });
  });
});
