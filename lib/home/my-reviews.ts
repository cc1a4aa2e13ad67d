import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { portfolioEntries as entries } from "@/db/schema";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { readReviewPolicy } from "@/lib/risk/review-policy-store";

/** Reviews this many days ahead count as due now, in the queue (the portfolio's "due in 30 days" filter). */
export const reviewQueueDays = 30;

export type MyReview = {
  countryCode: string;
  companyId: string;
  companyName: string | null;
  rating: RiskRating | null;
  nextReviewDue: Date;
};

/**
 * A reviewer's queue: the portfolio rows `userId` owns that are overdue or due within 30 days of `now`, overdue first
 * (soonest due first, then by country and id), at most `limit`; with how many there are and how many are overdue.
 * Only rows in the portfolio: with the policy's scope "customers", those marked customer. Served by portfolio_owner.
 */
export async function myReviewsDue(
  userId: string,
  now = new Date(),
  limit = 5,
): Promise<{ rows: MyReview[]; total: number; overdue: number }> {
  const { policy } = await readReviewPolicy();
  const mine = sql`${entries.ownerId} = ${userId} and ${entries.nextReviewDue} <= ${now}::timestamptz + make_interval(days => ${reviewQueueDays})
    ${policy.portfolioScope === "customers" ? sql`and ${entries.customer}` : sql``}`;
  const [rows, counts] = await Promise.all([
    db().execute<{
      country_code: string;
      company_id: string;
      company_name: string | null;
      rating: RiskRating | null;
      next_review_due: string;
    }>(sql`
      select ${entries.countryCode}, ${entries.companyId}, ${entries.companyName}, ${entries.rating}, ${entries.nextReviewDue} from ${entries}
      where ${mine} order by ${entries.nextReviewDue}, ${entries.countryCode}, ${entries.companyId} limit ${limit}`),
    db().execute<{ total: number; overdue: number }>(sql`
      select count(*)::int as total, count(*) filter (where ${entries.nextReviewDue} <= ${now})::int as overdue from ${entries} where ${mine}`),
  ]);
  return {
    rows: rows.rows.map((row) => ({
      countryCode: row.country_code,
      companyId: row.company_id,
      companyName: row.company_name,
      rating: row.rating,
      nextReviewDue: new Date(row.next_review_due),
    })),
    total: counts.rows[0]?.total ?? 0,
    overdue: counts.rows[0]?.overdue ?? 0,
  };
}
