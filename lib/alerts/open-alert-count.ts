import "server-only";
import { and, eq, inArray, not, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { alerts } from "@/db/schema";

/**
 * How many open alerts (new or in review) are assigned to `userId`: the sidebar's count. Test alerts are left
 * out: they check the wiring, and are not work waiting for anyone. Served by the index alerts_assignee_inbox.
 */
export async function openAlertsAssignedTo(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(and(eq(alerts.assigneeId, userId), inArray(alerts.state, ["new", "in_review"]), not(alerts.isTest)));
  return row?.n ?? 0;
}
