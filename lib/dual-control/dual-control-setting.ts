import "server-only";
import { db } from "@/db/client";
import { dualControlSetting } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { ActionResult } from "@/lib/forms/action-result";
import { dualControlEnabled } from "./dual-control-mode";
import type { DualControlNote } from "./dual-control-note";
import { listChanges, submitChange } from "./pending-changes";
import { submittedOutcome, type SubmittedOutcome } from "./submitted-outcome";

/** What an admin asks of the dual-control setting: on, or off with the reason a second admin reads. */
export type DualControlSettingRequest = { enabled: true } | { enabled: false; reason: string };

/**
 * Turns dual control on (at once: it needs nobody's approval) or asks to turn it off. Turning it off is itself a
 * dual-control change (kind `dual_control_off`): pending until a second admin approves it, or let through with the
 * warning when this console has one active admin. Asking for the state it is already in, or a second time while a
 * request to turn it off waits, is refused and changes nothing.
 */
export async function requestDualControlSetting(
  user: SessionUser,
  request: DualControlSettingRequest,
): Promise<ActionResult<SubmittedOutcome>> {
  const enabled = await dualControlEnabled();
  if (request.enabled) {
    if (enabled) return { ok: false, code: "unchanged", error: "Dual control is already on." };
    await setDualControlEnabled(user, true, { dualControl: "not_needed" });
    return { ok: true, data: { state: "performed" } };
  }
  if (!enabled) return { ok: false, code: "unchanged", error: "Dual control is already off." };
  if ((await listChanges({ states: ["pending"], kind: "dual_control_off" })).length > 0) {
    return { ok: false, code: "already_pending", error: "Turning dual control off is already waiting for a second admin." };
  }
  const submitted = await submitChange(
    user,
    { kind: "dual_control_off", connectionId: null, target: "dual control", details: { enabled: false }, reason: request.reason },
    (note) => performDualControlOff(user, note),
  );
  return submitted.ok ? { ok: true, data: submittedOutcome(submitted.data) } : submitted;
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
