import { describe, expect, it } from "vitest";
import { defaultReviewPolicy, nextReviewDue, reviewPolicySchema } from "./review-policy.shared";

const entered = new Date("2026-01-05T09:00:00Z");

describe("the next review date", () => {
  it("follows the rating's cycle after the last review", () => {
    const reviewed = new Date("2026-03-10T12:00:00Z");
    expect(nextReviewDue(defaultReviewPolicy, "high", reviewed, entered).toISOString()).toBe("2027-03-10T12:00:00.000Z");
    expect(nextReviewDue(defaultReviewPolicy, "medium", reviewed, entered).toISOString()).toBe("2028-03-10T12:00:00.000Z");
    expect(nextReviewDue(defaultReviewPolicy, "low", reviewed, entered).toISOString()).toBe("2029-03-10T12:00:00.000Z");
  });

  it("uses the team's own numbers, and the shortest cycle while there is no rating", () => {
    const policy = { ...defaultReviewPolicy, highMonths: 6 };
    const reviewed = new Date("2026-03-10T00:00:00Z");
    expect(nextReviewDue(policy, "high", reviewed, entered).toISOString()).toBe("2026-09-10T00:00:00.000Z");
    expect(nextReviewDue(policy, null, reviewed, entered).toISOString()).toBe("2026-09-10T00:00:00.000Z");
  });

  it("ends on the month's last day when the day does not exist there", () => {
    const policy = { ...defaultReviewPolicy, highMonths: 1 };
    expect(nextReviewDue(policy, "high", new Date("2027-01-31T08:00:00Z"), entered).toISOString()).toBe("2027-02-28T08:00:00.000Z");
  });

  it("is due from the day the company entered the portfolio when it was never reviewed", () => {
    expect(nextReviewDue(defaultReviewPolicy, "low", null, entered)).toEqual(entered);
  });

  it("refuses a policy with a zero or fractional cycle, in words", () => {
    const parsed = reviewPolicySchema.safeParse({ ...defaultReviewPolicy, mediumMonths: 0, lowMonths: 1.5 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      "Months for medium risk must be at least 1.",
      "Months for low risk must be a whole number.",
    ]);
  });
});
