import "server-only";
import { count, desc, eq, gt, max } from "drizzle-orm";
import { db } from "@/db/client";
import { registryConnections, webhookRejections } from "@/db/schema";
import { rejectionsKept } from "@/lib/webhooks/retention";

/** How many webhook deliveries each connection refused in the last 24 hours; `capped` when the count reached what is kept (then it is "at least"). */
export type RecentRejections = { connectionId: string; connectionName: string; count: number; lastAt: Date; capped: boolean };

export async function webhookRejectionsToday(now = new Date()): Promise<RecentRejections[]> {
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db()
    .select({
      connectionId: webhookRejections.connectionId,
      connectionName: registryConnections.name,
      count: count(),
      lastAt: max(webhookRejections.at),
    })
    .from(webhookRejections)
    .innerJoin(registryConnections, eq(registryConnections.id, webhookRejections.connectionId))
    .where(gt(webhookRejections.at, since))
    .groupBy(webhookRejections.connectionId, registryConnections.name)
    .orderBy(desc(count()));
  return rows.map((r) => ({ ...r, lastAt: r.lastAt!, capped: r.count >= rejectionsKept }));
}
