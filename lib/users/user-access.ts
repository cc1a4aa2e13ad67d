import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { roles } from "@/db/vocabulary";
import type { ActionResult } from "@/lib/forms/action-result";
import type { Role } from "@/lib/auth/roles.shared";
import type { SessionUser } from "@/lib/auth/require-role";
import { normalizeEmail } from "@/lib/auth/sign-in";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import { submitChange, type PendingChangeView } from "@/lib/dual-control/pending-changes";
import { submittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { changeRole, createUser, resetPassword, setActive, type ChangeResult } from "./manage-users";

/**
 * The user changes that decide who can act as an admin. Each goes through dual control (kind `user_access`), so one
 * admin can neither mint a second admin nor take one over: creating an admin, promoting a user to admin, demoting,
 * deactivating or reactivating an admin, and resetting an admin's password. Stored as the pending change's details.
 */
export const userAccessDetailsSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("create_admin"), email: z.string(), name: z.string() }),
  z.object({ action: z.literal("change_role"), userId: z.uuid(), email: z.string(), from: z.enum(roles), to: z.enum(roles) }),
  z.object({ action: z.literal("deactivate"), userId: z.uuid(), email: z.string() }),
  z.object({ action: z.literal("reactivate"), userId: z.uuid(), email: z.string() }),
  z.object({ action: z.literal("reset_password"), userId: z.uuid(), email: z.string() }),
]);
export type UserAccessDetails = z.infer<typeof userAccessDetailsSchema>;

/** A generated password for the admin who performed the change to pass on (never the requester's, unless alone). */
export type HandOver = { email: string; oneTimePassword: string };

/** What a user change did: performed now (with a password to pass on, and the one-admin warning), or waiting. */
export type UserChangeOutcome = { state: "performed"; handOver?: HandOver; warning?: string } | { state: "pending" };

const performed = (handOver?: HandOver): ActionResult<UserChangeOutcome> => ({ ok: true, data: { state: "performed", handOver } });

/** The change itself, audited with `note` (both admins' names when approved). */
async function perform(
  actor: SessionUser,
  details: UserAccessDetails,
  note: DualControlNote | undefined,
): Promise<ChangeResult<HandOver | undefined>> {
  switch (details.action) {
    case "create_admin": {
      // An admin's first password is always generated: nobody, not even the requester, chooses it.
      const created = await createUser(actor, { email: details.email, name: details.name, role: "admin" }, note);
      return created.ok ? { ok: true, data: { email: details.email, oneTimePassword: created.data.oneTimePassword! } } : created;
    }
    case "change_role":
      return changeRole(actor, details.userId, details.to, note);
    case "deactivate":
    case "reactivate":
      return setActive(actor, details.userId, details.action === "reactivate", note);
    case "reset_password": {
      const reset = await resetPassword(actor, details.userId, note);
      return reset.ok ? { ok: true, data: { email: details.email, oneTimePassword: reset.data.oneTimePassword } } : reset;
    }
  }
}

/**
 * Sends an admin-affecting user change through dual control: pending until a second admin approves it, or performed
 * now (with the one-admin warning) where dual control cannot apply. `reason` is what the approver reads.
 */
async function throughDualControl(
  actor: SessionUser,
  details: UserAccessDetails,
  reason: string,
): Promise<ActionResult<UserChangeOutcome>> {
  const submitted = await submitChange(actor, { kind: "user_access", connectionId: null, target: details.email, details, reason }, (note) =>
    perform(actor, details, note),
  );
  if (!submitted.ok) return submitted;
  // What the browser learns of it is the same as for every dual-controlled change, plus a password to pass on.
  const outcome = submittedOutcome(submitted.data);
  if (outcome.state === "pending" || submitted.data.state === "pending") return { ok: true, data: outcome };
  return { ok: true, data: { ...outcome, handOver: submitted.data.result } };
}

const reasonNeeded = {
  ok: false as const,
  code: "reason_required",
  error: "Say why: this change affects an admin, so a second admin approves it and reads your reason.",
  fieldErrors: { reason: ["Say why this change is needed."] },
};

const notFound = { ok: false as const, code: "not_found", error: "No such user." };

async function target(userId: string) {
  const [user] = await db()
    .select({ id: users.id, email: users.email, role: users.role, active: users.active })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** Creates a user: an admin through dual control (with a generated password), anyone else at once. */
export async function requestCreateUser(
  actor: SessionUser,
  input: { email: string; name: string; role: Role; password?: string; reason?: string },
): Promise<ActionResult<UserChangeOutcome>> {
  if (input.role !== "admin") {
    const created = await createUser(actor, input);
    return created.ok
      ? performed(created.data.oneTimePassword ? { email: input.email, oneTimePassword: created.data.oneTimePassword } : undefined)
      : created;
  }
  if (input.password) {
    return {
      ok: false,
      code: "admin_password_generated",
      error: "An admin's first password is generated when the change is performed: leave the password empty.",
      fieldErrors: { password: ["Leave empty: an admin's first password is generated."] },
    };
  }
  if (!input.reason) return reasonNeeded;
  return throughDualControl(actor, { action: "create_admin", email: normalizeEmail(input.email), name: input.name }, input.reason);
}

/** Changes a role: to or from admin through dual control, any other change at once. */
export async function requestRoleChange(
  actor: SessionUser,
  userId: string,
  role: Role,
  reason?: string,
): Promise<ActionResult<UserChangeOutcome>> {
  const user = await target(userId);
  if (!user) return notFound;
  if (user.role !== "admin" && role !== "admin") {
    const changed = await changeRole(actor, userId, role);
    return changed.ok ? performed() : changed;
  }
  if (user.role === role) return performed();
  if (!reason) return reasonNeeded;
  return throughDualControl(actor, { action: "change_role", userId, email: user.email, from: user.role, to: role }, reason);
}

/** Deactivates or reactivates a user: an admin through dual control, anyone else at once; never the actor themself. */
export async function requestSetActive(
  actor: SessionUser,
  userId: string,
  active: boolean,
  reason?: string,
): Promise<ActionResult<UserChangeOutcome>> {
  if (!active && userId === actor.id) {
    return { ok: false, code: "self", error: "You cannot deactivate your own account. Ask another admin." };
  }
  const user = await target(userId);
  if (!user) return notFound;
  if (user.role !== "admin") {
    const changed = await setActive(actor, userId, active);
    return changed.ok ? performed() : changed;
  }
  if (user.active === active) return performed();
  if (!reason) return reasonNeeded;
  return throughDualControl(actor, { action: active ? "reactivate" : "deactivate", userId, email: user.email }, reason);
}

/** Resets a password: an admin's through dual control (the approver passes the one-time password on), anyone else's at once. */
export async function requestPasswordReset(actor: SessionUser, userId: string, reason?: string): Promise<ActionResult<UserChangeOutcome>> {
  const user = await target(userId);
  if (!user) return notFound;
  if (user.role !== "admin") {
    const reset = await resetPassword(actor, userId);
    return reset.ok ? performed({ email: user.email, oneTimePassword: reset.data.oneTimePassword }) : reset;
  }
  if (!reason) return reasonNeeded;
  return throughDualControl(actor, { action: "reset_password", userId, email: user.email }, reason);
}

const handOverSchema = z.object({ handOver: z.object({ email: z.string(), oneTimePassword: z.string() }) });

/** The password an approved change left for its approver to pass on (a `user_access` performer's result), if any. */
export function handOverOf(performed: unknown): HandOver | undefined {
  const parsed = handOverSchema.safeParse(performed);
  return parsed.success ? parsed.data.handOver : undefined;
}

/** The `user_access` performer: the approved change, under the approver's session; a password goes to the approver. */
export async function performUserAccessChange(
  approver: SessionUser,
  change: PendingChangeView,
  note: DualControlNote,
): Promise<ActionResult<{ handOver?: HandOver }>> {
  const details = userAccessDetailsSchema.safeParse(change.details);
  if (!details.success)
    return { ok: false, code: "invalid_change", error: "This change's details are not a user change: nothing was done." };
  const result = await perform(approver, details.data, note);
  return result.ok ? { ok: true, data: { handOver: result.data } } : result;
}
