/**
 * The review policy: how often each rating is reviewed, how old data may be before a review warns, and which company
 * files make up the portfolio. One row in review_policy; none means the defaults here. The Settings
 * form validates with the same schema.
 */
import { z } from "zod";
import { portfolioScopes } from "@/db/vocabulary";
import type { RiskRating } from "./risk-model.shared";

const months = (rating: string) =>
  z
    .number({ error: `Months for ${rating} risk must be a whole number.` })
    .int({ error: `Months for ${rating} risk must be a whole number.` })
    .min(1, { error: `Months for ${rating} risk must be at least 1.` })
    .max(120, { error: `Months for ${rating} risk are at most 120.` });

export const reviewPolicySchema = z.object({
  highMonths: months("high"),
  mediumMonths: months("medium"),
  lowMonths: months("low"),
  staleDays: z
    .number({ error: "Days must be a whole number." })
    .int({ error: "Days must be a whole number." })
    .min(1, { error: "Days must be at least 1." })
    .max(3650, { error: "Days are at most 3,650." }),
  portfolioScope: z.enum(portfolioScopes),
});

export type ReviewPolicy = z.infer<typeof reviewPolicySchema>;

export const defaultReviewPolicy: ReviewPolicy = {
  highMonths: 12,
  mediumMonths: 24,
  lowMonths: 36,
  staleDays: 90,
  portfolioScope: "all",
};

export function reviewMonths(policy: ReviewPolicy, rating: RiskRating): number {
  return rating === "high" ? policy.highMonths : rating === "medium" ? policy.mediumMonths : policy.lowMonths;
}

/**
 * When a company is next due for review: its rating's cycle after the last review; a company never reviewed is due
 * from the day it entered the portfolio. Without a rating yet, the shortest cycle applies (unknown is treated as high).
 */
export function nextReviewDue(policy: ReviewPolicy, rating: RiskRating | null, lastReviewedAt: Date | null, enteredAt: Date): Date {
  if (!lastReviewedAt) return enteredAt;
  const due = new Date(lastReviewedAt);
  const day = due.getUTCDate();
  due.setUTCDate(1);
  due.setUTCMonth(due.getUTCMonth() + reviewMonths(policy, rating ?? "high"));
  // 31 January + 1 month is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(day, lastDay));
  return due;
}
