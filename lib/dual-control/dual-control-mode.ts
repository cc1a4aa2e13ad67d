import "server-only";
import { and, count, eq } from "drizzle-orm";
import { db, type Database } from "@/db/client";
import { dualControlSetting, users } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import type { DualControlNote } from "./dual-control-note";

/**
 * Whether a sensitive change waits for a second admin now: `applies`, `off` (an admin turned it off, which itself
 * took dual control), or `single_admin` (only one active admin: it cannot apply, and the change goes through with
 * a warning in its audit row).
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

export async function dualControlMode(executor: Executor = db()): Promise<DualControlMode> {
  const [enabled, admins] = await Promise.all([dualControlEnabled(executor), activeAdminCount(executor)]);
  if (!enabled) return "off";
  return admins < 2 ? "single_admin" : "applies";
}

/**
 * Turns dual control on or off, audited with how the change went through. Turning it off goes through
 * `submitChange` (kind `dual_control_off`); turning it on needs nobody's approval.
 */
export async function setDualControlEnabled(actor: Actor, enabled: boolean, note: DualControlNote | { dualControl: "not_needed" }) {
  await db().transaction(async (tx) => {
    await tx
      .insert(dualControlSetting)
      .values({ id: true, enabled, updatedBy: actor.id, updatedAt: new Date() })
      .onConflictDoUpdate({ target: dualControlSetting.id, set: { enabled, updatedBy: actor.id, updatedAt: new Date() } });
    await audit(actor, "dual_control.setting_changed", "dual control", { enabled, ...note }, tx);
  });
}

/** The `dual_control_off` change itself, once approved (or let through by one admin alone). */
export async function performDualControlOff(actor: Actor, note: DualControlNote): Promise<{ ok: true; data: undefined }> {
  await setDualControlEnabled(actor, false, note);
  return { ok: true, data: undefined };
}
