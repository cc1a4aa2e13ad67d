import "server-only";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { alerts } from "@/db/schema";

export type MyOpenAlert = {
  id: number;
  companyName: string | null;
  countryCode: string;
  companyId: string;
  state: "new" | "in_review";
  categories: string[];
  dueAt: Date;
};

/**
 * The open (new or in review) real alerts assigned to `userId`, soonest due first, so overdue ones lead; and how
 * many there are in all. Served by the index alerts_assignee_inbox.
 */
export async function myOpenAlerts(userId: string, limit = 5): Promise<{ rows: MyOpenAlert[]; total: number }> {
  const mine = and(eq(alerts.assigneeId, userId), inArray(alerts.state, ["new", "in_review"]), eq(alerts.isTest, false));
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: alerts.id,
        companyName: alerts.companyName,
        countryCode: alerts.countryCode,
        companyId: alerts.companyId,
        state: alerts.state,
        categories: alerts.categories,
        dueAt: alerts.dueAt,
      })
      .from(alerts)
      .where(mine)
      .orderBy(asc(alerts.dueAt), asc(alerts.id))
      .limit(limit),
    db().select({ n: count() }).from(alerts).where(mine),
  ]);
  return { rows: rows as MyOpenAlert[], total: total?.n ?? 0 };
}
