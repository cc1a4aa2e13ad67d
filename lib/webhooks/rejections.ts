import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { liveEventsCtes } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import { rejectionsKept } from "./retention";

/**
 * Refused deliveries (a bad signature, a stale timestamp…) are counted in memory and written in batches, one
 * statement per `rejectionFlushMs` at most, however many arrive: a sender flooding bad signatures costs no
 * transaction each. A rejection after a quiet interval is written at once (Settings → Webhooks shows it). The buffer stays bounded, whatever the flood: per connection (only known connections are
 * counted), a count and the last `rejectionsKept` reasons, as many as the table keeps. Up to one interval of
 * rejections is lost if the process dies; they are counts for Settings → Webhooks, not deliveries.
 */
export const rejectionFlushMs = 1_000;

type Rejection = { at: Date; reason: string; messageId: string | null };
type Waiting = { count: number; lastAt: Date; recent: Rejection[] };

type RejectionBuffer = {
  byConnection: Map<string, Waiting>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  /** When the last batch was taken (Date.now()). */
  lastFlushAt: number;
};

const buffers = ((globalThis as { registryDeskRejections?: WeakMap<Database, RejectionBuffer> }).registryDeskRejections ??= new WeakMap());

function bufferFor(database: Database): RejectionBuffer {
  let buffer = buffers.get(database);
  if (!buffer) buffers.set(database, (buffer = { byConnection: new Map(), timer: null, flushing: null, lastFlushAt: 0 }));
  return buffer;
}

/** Counts a refused delivery and keeps its reason (never its body) until the next flush. Never throws. */
export function recordRejection(database: Database, connectionId: string, reason: string, messageId: string | null): void {
  const buffer = bufferFor(database);
  const rejection = { at: new Date(), reason: reason.slice(0, 500), messageId: messageId?.slice(0, 200) ?? null };
  const waiting = buffer.byConnection.get(connectionId);
  if (waiting) {
    waiting.count++;
    waiting.lastAt = rejection.at;
    waiting.recent.push(rejection);
    if (waiting.recent.length > rejectionsKept) waiting.recent.shift();
  } else {
    buffer.byConnection.set(connectionId, { count: 1, lastAt: rejection.at, recent: [rejection] });
  }
  buffer.timer ??= setTimeout(
    () => void flushRejections(database),
    Math.max(0, buffer.lastFlushAt + rejectionFlushMs - Date.now()),
  ).unref();
}

/**
 * Writes the waiting rejections now, in one statement: the counts, the reasons, and the pruning of reasons past
 * the last `rejectionsKept` per connection. Failures are logged and the batch waits for the next flush. Resolves
 * once everything recorded before the call is written (or has failed to be).
 */
export async function flushRejections(database: Database): Promise<void> {
  const buffer = bufferFor(database);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  // One flush at a time: the next waits, then takes whatever gathered meanwhile.
  while (buffer.flushing) await buffer.flushing;
  if (buffer.byConnection.size === 0) return;
  const batch = buffer.byConnection;
  buffer.byConnection = new Map();
  buffer.lastFlushAt = Date.now();
  buffer.flushing = writeRejections(database, batch)
    .catch((error: unknown) => {
      console.error("[webhooks] could not record rejections; retrying with the next batch:", error);
      putBack(buffer, batch);
      buffer.timer ??= setTimeout(() => void flushRejections(database), rejectionFlushMs).unref();
    })
    .finally(() => {
      buffer.flushing = null;
    });
  await buffer.flushing;
}

/** A batch that could not be written goes back before what arrived meanwhile, within the same bounds. */
function putBack(buffer: RejectionBuffer, batch: Map<string, Waiting>) {
  for (const [connectionId, older] of batch) {
    const newer = buffer.byConnection.get(connectionId);
    buffer.byConnection.set(
      connectionId,
      newer
        ? { count: older.count + newer.count, lastAt: newer.lastAt, recent: [...older.recent, ...newer.recent].slice(-rejectionsKept) }
        : older,
    );
  }
}

async function writeRejections(database: Database, batch: Map<string, Waiting>): Promise<void> {
  const counts = [...batch].map(
    ([connectionId, w]) =>
      sql`(${connectionId}::uuid, ${w.count}::bigint, ${w.lastAt.toISOString()}::timestamptz, ${w.recent.length}::int)`,
  );
  const reasons = [...batch].flatMap(([connectionId, w]) => w.recent.map((r) => ({ connectionId, ...r })));
  const reasonRows = reasons.map(
    (r, position) => sql`(${r.connectionId}::uuid, ${r.at.toISOString()}::timestamptz, ${r.reason}, ${r.messageId}, ${position}::int)`,
  );
  // The statement's parts all see the table as it was before it: the prune keeps the newest stored reasons
  // that, with the new ones, make `rejectionsKept`. A connection deleted meanwhile is skipped. Settings →
  // Webhooks is told (one live event per batch).
  await database.execute(sql`
    with batch (connection_id, total, last_at, added) as (values ${sql.join(counts, sql`, `)}),
    live_batch as (select b.* from batch b join registry_connections c on c.id = b.connection_id),
    counted as (
      insert into webhook_rejection_counts (connection_id, total, last_at)
      select connection_id, total, last_at from live_batch
      on conflict (connection_id) do update
        set total = webhook_rejection_counts.total + excluded.total, last_at = greatest(webhook_rejection_counts.last_at, excluded.last_at)),
    kept as (
      insert into webhook_rejections (connection_id, at, reason, message_id)
      select r.connection_id, r.at, r.reason, r.message_id
      from (values ${sql.join(reasonRows, sql`, `)}) as r (connection_id, at, reason, message_id, position)
      where r.connection_id in (select connection_id from live_batch)
      order by r.position),
    ranked as (
      select w.id, row_number() over (partition by w.connection_id order by w.id desc) as newest, b.added
      from webhook_rejections w join live_batch b on b.connection_id = w.connection_id),
    pruned as (delete from webhook_rejections where id in (select id from ranked where newest > ${rejectionsKept} - added)),
    ${liveEventsCtes([liveTopics.webhooks], { when: sql`exists (select 1 from live_batch)` })}
    select count(*) from live_sent`);
}
