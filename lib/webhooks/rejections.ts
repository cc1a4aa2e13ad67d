import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { webhookRejectionCounts, webhookRejections } from "@/db/schema";
import { rejectionsKept } from "./retention";

/** Counts a refused delivery and keeps its reason (never its body); only the last 100 reasons stay. */
export async function recordRejection(database: Database, connectionId: string, reason: string, messageId: string | null): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.insert(webhookRejections).values({ connectionId, reason, messageId: messageId?.slice(0, 200) ?? null });
    await tx
      .insert(webhookRejectionCounts)
      .values({ connectionId, total: 1 })
      .onConflictDoUpdate({ target: webhookRejectionCounts.connectionId, set: { total: sql`${webhookRejectionCounts.total} + 1`, lastAt: sql`now()` } });
    await tx.execute(sql`
      delete from ${webhookRejections}
      where ${webhookRejections.connectionId} = ${connectionId}
        and ${webhookRejections.id} <= (
          select id from ${webhookRejections} where ${webhookRejections.connectionId} = ${connectionId}
          order by id desc offset ${rejectionsKept} limit 1)`);
  });
}
