import "server-only";
import { and, count, eq, gt } from "drizzle-orm";
import { db, type Database } from "@/db/client";
import { dualControlSetting, pendingChanges, users } from "@/db/schema";

/**
 * Whether a sensitive change waits for a second admin now: `applies`, `off` (an admin turned it off, which itself
 * took dual control), or `single_admin` (exactly one active admin and no change waiting: it cannot apply, and the
 * change goes through with a warning in its audit row). While any change waits, dual control applies whatever the
 * admin count: dropping to one admin never lets the waiting changes, or new ones, through unapproved.
 */
export type DualControlMode = "applies" | "off" | "single_admin";

type Executor = Pick<Database, "select">;

/** Whether dual control is on (no row yet: on). */
export async function dualControlEnabled(executor: Executor = db()): Promise<boolean> {
  const [row] = await executor.select({ enabled: dualControlSetting.enabled }).from(dualControlSetting);
  return row?.enabled ?? true;
}

export async function activeAdminCount(executor: Executor = db()): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true)));
  return row?.n ?? 0;
}

/** Pending changes still within their 24 hours: the sidebar's and the home page's count, and what keeps dual control on. */
export async function openChangeCount(executor: Executor = db(), now = new Date()): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(pendingChanges)
    .where(and(eq(pendingChanges.state, "pending"), gt(pendingChanges.expiresAt, now)));
  return row?.n ?? 0;
}

export async function dualControlMode(executor: Executor = db(), now = new Date()): Promise<DualControlMode> {
  const [enabled, admins, waiting] = await Promise.all([
    dualControlEnabled(executor),
    activeAdminCount(executor),
    openChangeCount(executor, now),
  ]);
  if (!enabled) return "off";
  return admins === 1 && waiting === 0 ? "single_admin" : "applies";
}
