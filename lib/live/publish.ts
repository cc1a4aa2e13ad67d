import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { liveEvents } from "@/db/schema";

/** The one Postgres channel every app process LISTENs on. */
export const liveChannel = "registry_desk_live";

/** What travels on the channel: small, so it stays far below NOTIFY's 8,000-byte limit. */
export type LiveNotice = { id: number; topic: string };

/**
 * Topics up to this size travel with their id; a longer one (a request id is the sender's text) travels as its
 * id alone and listeners read it from live_events. JSON escaping at most sextuples it: still below 8,000 bytes.
 */
export const maxNotifiedTopicBytes = 1_000;

type Executor = Pick<Database, "execute">;

/**
 * Common table expressions that record `topics` (at least one) as live events and notify them, ending in
 * `live_sent (id, topic)`: a statement that includes them must read `live_sent`, or the notifications are
 * not sent. Lets a change and its notification go to Postgres as one statement. With `when` (a condition on
 * the statement's other parts), nothing is recorded or sent unless it holds.
 */
export function liveEventsCtes(topics: readonly string[], options: { when?: SQL } = {}): SQL {
  const values = sql.join(
    topics.map((topic) => sql`(${topic})`),
    sql`, `,
  );
  const rows = options.when ? sql`select topic from (values ${values}) as t (topic) where ${options.when}` : sql`values ${values}`;
  return sql`live_rows as (insert into ${liveEvents} (${sql.identifier(liveEvents.topic.name)}) ${rows}
      returning ${liveEvents.id} as id, ${liveEvents.topic} as topic),
    live_sent as (select id, topic, pg_notify(${liveChannel},
      (case when octet_length(topic) <= ${maxNotifiedTopicBytes} then json_build_object('id', id, 'topic', topic) else json_build_object('id', id) end)::text) from live_rows)`;
}

/**
 * Records live events and notifies every app process, in one statement. Call it inside the transaction that
 * made the change: Postgres delivers the notifications only when that transaction commits, and not at all if
 * it rolls back.
 */
export async function publishLive(executor: Executor, topics: readonly string[]): Promise<LiveNotice[]> {
  if (topics.length === 0) return [];
  const result = await executor.execute<{ id: string; topic: string }>(
    sql`with ${liveEventsCtes(topics)} select id, topic from live_sent order by id`,
  );
  return result.rows.map((row) => ({ id: Number(row.id), topic: row.topic }));
}
