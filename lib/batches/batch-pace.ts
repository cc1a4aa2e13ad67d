import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";

/**
 * The pace of batch orders per connection (db/schema.ts `batch_connection_pace`): each order takes the next slot,
 * `60 / orders_per_minute` seconds after the one before, in the order the batches ask, across every app instance. So
 * two batches on one connection take turns, and a registry's `429 Retry-After` holds every batch back.
 */

/** How long (ms) before the connection's next slot is free; 0 when one is free now. Takes nothing. */
export async function paceWaitMs(connectionId: string): Promise<number> {
  const { rows } = await db().execute<{ wait_ms: number }>(sql`
    select greatest(0, extract(epoch from (next_slot_at - clock_timestamp())) * 1000)::float8 as wait_ms
    from batch_connection_pace where connection_id = ${connectionId}`);
  return rows[0]?.wait_ms ?? 0;
}

/** Takes the connection's next slot; answers how long (ms) to wait until it comes. */
export async function takePaceSlot(connectionId: string): Promise<number> {
  await db().execute(sql`insert into batch_connection_pace (connection_id) values (${connectionId}) on conflict do nothing`);
  const { rows } = await db().execute<{ wait_ms: number }>(sql`
    update batch_connection_pace
    set next_slot_at = greatest(next_slot_at, clock_timestamp()) + make_interval(secs => 60.0 / greatest(orders_per_minute, 1))
    where connection_id = ${connectionId}
    returning greatest(0, extract(epoch from (next_slot_at - make_interval(secs => 60.0 / greatest(orders_per_minute, 1)) - clock_timestamp())) * 1000)::float8 as wait_ms`);
  return rows[0]?.wait_ms ?? 0;
}

/** The registry said "too many requests": no batch order goes out through the connection for `seconds`. */
export async function holdPace(connectionId: string, seconds: number): Promise<void> {
  await db().execute(sql`
    insert into batch_connection_pace (connection_id, next_slot_at) values (${connectionId}, clock_timestamp() + make_interval(secs => ${seconds}))
    on conflict (connection_id) do update
      set next_slot_at = greatest(batch_connection_pace.next_slot_at, clock_timestamp() + make_interval(secs => ${seconds}))`);
}
