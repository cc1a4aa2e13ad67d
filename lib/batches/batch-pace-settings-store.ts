import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { batchConnectionPace, registryConnections, users } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import { defaultOrdersPerMinute, paceWords, type BatchPace } from "./batch-pace-settings.shared";

/**
 * The pace of batch orders per connection, as Settings → Jobs reads and sets it. Setting it changes only
 * `orders_per_minute`: the next free slot (`next_slot_at`) stays the engine's (lib/batches/batch-pace.ts).
 */

export type ConnectionPace = {
  connectionId: string;
  connectionName: string;
  environment: string;
  ordersPerMinute: number;
  /** Who set it last, and when; null while nobody has (the default is in force) or their account is gone. */
  updatedByEmail: string | null;
  updatedAt: Date | null;
};

/** Every connection with its pace, by name. */
export async function readBatchPaces(): Promise<ConnectionPace[]> {
  const rows = await db()
    .select({
      connectionId: registryConnections.id,
      connectionName: registryConnections.name,
      environment: registryConnections.environment,
      ordersPerMinute: batchConnectionPace.ordersPerMinute,
      updatedBy: batchConnectionPace.updatedBy,
      updatedByEmail: users.email,
      updatedAt: batchConnectionPace.updatedAt,
    })
    .from(registryConnections)
    .leftJoin(batchConnectionPace, eq(batchConnectionPace.connectionId, registryConnections.id))
    .leftJoin(users, eq(users.id, batchConnectionPace.updatedBy))
    .orderBy(asc(registryConnections.name));
  return rows.map((row) => ({
    connectionId: row.connectionId,
    connectionName: row.connectionName,
    environment: row.environment,
    ordersPerMinute: row.ordersPerMinute ?? defaultOrdersPerMinute,
    updatedByEmail: row.updatedByEmail,
    updatedAt: row.updatedBy ? row.updatedAt : null,
  }));
}

export type PaceSaved = { changed: boolean; before: string; after: string };

/**
 * Sets a connection's pace (audited `batch.pace_changed` with before and after in words, and told live to Settings →
 * Jobs). The same pace again changes nothing and writes nothing.
 */
export async function saveBatchPace(user: SessionUser, pace: BatchPace): Promise<ActionResult<PaceSaved>> {
  return db().transaction(async (tx) => {
    const [connection] = await tx
      .select({ name: registryConnections.name })
      .from(registryConnections)
      .where(eq(registryConnections.id, pace.connectionId));
    if (!connection) return { ok: false, code: "not_found", error: "There is no such connection (it may have been deleted)." };
    const [current] = await tx
      .select({ ordersPerMinute: batchConnectionPace.ordersPerMinute })
      .from(batchConnectionPace)
      .where(eq(batchConnectionPace.connectionId, pace.connectionId))
      .for("update");
    const before = current?.ordersPerMinute ?? defaultOrdersPerMinute;
    const words = { before: paceWords(before), after: paceWords(pace.ordersPerMinute) };
    if (before === pace.ordersPerMinute) return { ok: true, data: { changed: false, ...words } };
    await tx
      .insert(batchConnectionPace)
      .values({ connectionId: pace.connectionId, ordersPerMinute: pace.ordersPerMinute, updatedBy: user.id })
      .onConflictDoUpdate({
        target: batchConnectionPace.connectionId,
        set: { ordersPerMinute: pace.ordersPerMinute, updatedBy: user.id, updatedAt: sql`now()` },
      });
    await audit(
      user,
      "batch.pace_changed",
      pace.connectionId,
      { connection: connection.name, before: `${words.before}${current ? "" : " (the default)"}`, after: words.after },
      tx,
    );
    await publishLive(tx, [liveTopics.jobs]);
    return { ok: true, data: { changed: true, ...words } };
  });
}
