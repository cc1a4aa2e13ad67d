import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";

/**
 * How many open alerts (new or in review) are assigned to `userId`: the sidebar's count. Test alerts are left
 * out: they check the wiring, and are not work waiting for anyone. Served by the index alerts_assignee_inbox.
 */
export async function openAlertsAssignedTo(userId: string): Promise<number> {
  const result = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from alerts
    where assignee_id = ${userId} and state in ('new', 'in_review') and not is_test`);
  return result.rows[0]?.n ?? 0;
}
