import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { liveEvents } from "@/db/schema";
import type { LiveEvent } from "./hub";

/**
 * Reading and pruning the live_events table (the events themselves are written by publishLive), on the
 * app's database or on the listener's own connection (wrapped with drizzle()).
 */

export type LiveLogExecutor = Pick<Database, "execute">;

/** How long live_events rows are kept: a browser away for longer gets a `reset` instead of a replay. */
export const liveRetentionSeconds = 60 * 60;

/**
 * Event ids are assigned at insert, but transactions commit in any order, so a client that has seen
 * id 11 may not have seen id 10 yet. A replay after id N therefore also resends the events written up
 * to this many seconds before N (clients ignore ids they have handled).
 */
export const replayWindowSeconds = 10;

/** More events than this to replay, and the client is told to refetch everything instead. */
export const replayLimit = 5_000;

export type LiveReplay =
  | { reset: false; events: LiveEvent[] }
  /** The client may have missed events that are no longer kept; `id` is the newest event id. */
  | { reset: true; id: number };

type AnchorRow = { anchored: boolean | null; min_id: string | null; max_id: string };

/**
 * What the holder of `lastEventId` may have missed: every event after it, and those written shortly
 * before it (see replayWindowSeconds), oldest first. `lastEventId` 0 means "the table was empty when I
 * connected". A reset when the anchor row, or part of its window, has been pruned.
 */
export async function replayLiveEvents(db: LiveLogExecutor, lastEventId: number, limit = replayLimit): Promise<LiveReplay> {
  const { rows } = await db.execute<AnchorRow>(sql`
    select
      (select ${liveEvents.at} - make_interval(secs => ${replayWindowSeconds}) >= now() - make_interval(secs => ${liveRetentionSeconds})
         from ${liveEvents} where ${liveEvents.id} = ${lastEventId}) as anchored,
      (select min(${liveEvents.id}) from ${liveEvents})::text as min_id,
      coalesce((select max(${liveEvents.id}) from ${liveEvents}), 0)::text as max_id`);
  const anchor = rows[0]!;
  const maxId = Number(anchor.max_id);
  // Sequences start at 1: an oldest row above 1 means something before it may have been pruned.
  const complete = lastEventId === 0 ? anchor.min_id === null || anchor.min_id === "1" : anchor.anchored === true;
  if (!complete) return { reset: true, id: maxId };
  const events = await db.execute<{ id: string; topic: string }>(sql`
    select ${liveEvents.id}::text, ${liveEvents.topic} from ${liveEvents}
     where ${liveEvents.id} > ${lastEventId}
        or ${liveEvents.at} >= (select ${liveEvents.at} from ${liveEvents} where ${liveEvents.id} = ${lastEventId}) - make_interval(secs => ${replayWindowSeconds})
     order by ${liveEvents.id}
     limit ${limit + 1}`);
  if (events.rows.length > limit) return { reset: true, id: maxId };
  return { reset: false, events: events.rows.map((r) => ({ type: "event", id: Number(r.id), topic: r.topic })) };
}

/** The newest event id, or 0 when the table is empty. */
export async function latestLiveEventId(db: LiveLogExecutor): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`select coalesce(max(${liveEvents.id}), 0)::text as id from ${liveEvents}`);
  return Number(rows[0]!.id);
}

/**
 * Deletes events older than the retention period, always keeping the newest one (so that the table is
 * empty only when nothing was ever published, which replayLiveEvents relies on). Returns how many went.
 */
export async function pruneLiveEvents(db: LiveLogExecutor): Promise<number> {
  const result = await db.execute(sql`
    delete from ${liveEvents}
     where ${liveEvents.at} < now() - make_interval(secs => ${liveRetentionSeconds})
       and ${liveEvents.id} < (select max(${liveEvents.id}) from ${liveEvents})`);
  return result.rowCount ?? 0;
}
