import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { liveEvents } from "@/db/schema";

/** The one Postgres channel every app process LISTENs on. */
export const liveChannel = "registry_desk_live";

/** What travels on the channel: small, so it stays far below NOTIFY's 8,000-byte limit. */
export type LiveNotice = { id: number; topic: string };

type Executor = Pick<Database, "insert" | "execute">;

/**
 * Records live events and notifies every app process. Call it inside the transaction that made the change:
 * Postgres delivers the notifications only when that transaction commits, and not at all if it rolls back.
 */
export async function publishLive(executor: Executor, topics: readonly string[]): Promise<LiveNotice[]> {
  if (topics.length === 0) return [];
  const rows = await executor
    .insert(liveEvents)
    .values(topics.map((topic) => ({ topic })))
    .returning({ id: liveEvents.id, topic: liveEvents.topic });
  const notices = rows.map((row) => sql`pg_notify(${liveChannel}, ${JSON.stringify(row)})`);
  await executor.execute(sql`select ${sql.join(notices, sql`, `)}`);
  return rows;
}
