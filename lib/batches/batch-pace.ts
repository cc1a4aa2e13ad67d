import "server-only";
import { eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { batchConnectionPace as pace } from "@/db/schema";

/**
 * The pace of batch orders per connection (db/schema.ts `batch_connection_pace`): each order takes the next slot,
 * `60 / orders_per_minute` seconds after the one before, in the order the batches ask, across every app instance. So
 * two batches on one connection take turns, and a registry's `429 Retry-After` holds every batch back.
 */

/** How long (ms) before the connection's next slot is free; 0 when one is free now. Takes nothing. */
export async function paceWaitMs(connectionId: string): Promise<number> {
  const [row] = await db()
    .select({ waitMs: sql<number>`greatest(0, extract(epoch from (${pace.nextSlotAt} - clock_timestamp())) * 1000)::float8` })
    .from(pace)
    .where(eq(pace.connectionId, connectionId));
  return row?.waitMs ?? 0;
}

/** Takes the connection's next slot; answers how long (ms) to wait until it comes. */
export async function takePaceSlot(connectionId: string): Promise<number> {
  await db().insert(pace).values({ connectionId }).onConflictDoNothing();
  const gap = sql`make_interval(secs => 60.0 / greatest(${pace.ordersPerMinute}, 1))`;
  const [row] = await db()
    .update(pace)
    .set({ nextSlotAt: sql`greatest(${pace.nextSlotAt}, clock_timestamp()) + ${gap}` })
    .where(eq(pace.connectionId, connectionId))
    .returning({ waitMs: sql<number>`greatest(0, extract(epoch from (${pace.nextSlotAt} - ${gap} - clock_timestamp())) * 1000)::float8` });
  return row?.waitMs ?? 0;
}

/** The registry said "too many requests": no batch order goes out through the connection for `seconds`. */
export async function holdPace(connectionId: string, seconds: number): Promise<void> {
  const until = sql`clock_timestamp() + make_interval(secs => ${seconds})`;
  await db()
    .insert(pace)
    .values({ connectionId, nextSlotAt: until })
    .onConflictDoUpdate({ target: pace.connectionId, set: { nextSlotAt: sql`greatest(${pace.nextSlotAt}, ${until})` } });
}
