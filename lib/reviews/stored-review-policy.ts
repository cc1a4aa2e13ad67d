import "server-only";
import { db, type Database } from "@/db/client";
import { reviewPolicy } from "@/db/schema";
import { defaultReviewPolicy, type ReviewPolicy } from "./review-policy";

type Executor = Pick<Database, "select">;

/** The review policy in force: its one row in review_policy, or the defaults while an admin has set none. */
export async function readReviewPolicy(executor: Executor = db()): Promise<ReviewPolicy> {
  const [row] = await executor.select().from(reviewPolicy).limit(1);
  if (!row) return defaultReviewPolicy;
  return {
    highMonths: row.highMonths,
    mediumMonths: row.mediumMonths,
    lowMonths: row.lowMonths,
    staleDays: row.staleDays,
    portfolioScope: row.portfolioScope,
  };
}
