import "server-only";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { pendingChanges, users, type PendingChange } from "@/db/schema";
import type { pendingChangeKinds, pendingChangeStates } from "@/db/vocabulary";
import { audit, systemActor } from "@/lib/audit/audit";
import { registryFailure, type ActionResult } from "@/lib/forms/action-result";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { SessionUser } from "@/lib/auth/require-role";
import { openSecret, sealSecret } from "@/lib/secret-box";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import { dualControlMode } from "./dual-control-mode";
import { singleAdminWarning, type DualControlNote } from "./dual-control-note";
import { utcMinute } from "@/lib/vocabulary/units.shared";

export type PendingChangeKind = (typeof pendingChangeKinds)[number];
export type PendingChangeState = (typeof pendingChangeStates)[number];

/** How long a pending change waits for a second admin. */
export const approvalWindowMs = 24 * 60 * 60 * 1000;

/** What a sensitive change asks for, before anyone approves it. `secrets` wait sealed; a vault payload never does. */
export type ChangeRequest = {
  kind: PendingChangeKind;
  connectionId: string | null;
  target: string;
  /** What the change is, without a secret: shown to the approver and kept in the audit rows. */
  details: Record<string, unknown>;
  /** Why the requester wants it. */
  reason: string;
  secrets?: Record<string, string>;
};

/** A pending change as a page may see it: never its sealed secrets. */
export type PendingChangeView = Omit<PendingChange, "sealedSecrets" | "requestedAt" | "expiresAt" | "decidedAt"> & {
  requestedAt: string;
  expiresAt: string;
  decidedAt: string | null;
};

function view(row: PendingChange): PendingChangeView {
  const { sealedSecrets: _sealed, requestedAt, expiresAt, decidedAt, ...rest } = row;
  return {
    ...rest,
    requestedAt: requestedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    decidedAt: decidedAt?.toISOString() ?? null,
  };
}

/** Runs the change itself, audited with its note; its secrets (opened) when the request had some. */
export type Perform<T> = (note: DualControlNote, secrets: Record<string, string> | undefined) => Promise<ActionResult<T>>;

/** What a submitted change became: performed now (dual control off, or one admin alone), or pending. */
export type Submitted<T> = { state: "performed"; result: T; note: DualControlNote } | { state: "pending"; change: PendingChangeView };

/**
 * The one door for a sensitive change. Where dual control applies it becomes a pending change (audited, and
 * announced to admins on the `pending-changes` topic) and nothing else happens; where it is off, or this console
 * has one active admin, `perform` runs now and its audit row carries the note (with the warning for one admin).
 */
export async function submitChange<T>(
  actor: SessionUser,
  request: ChangeRequest,
  perform: Perform<T>,
): Promise<ActionResult<Submitted<T>>> {
  const mode = await dualControlMode();
  if (mode !== "applies") {
    const note: DualControlNote = mode === "off" ? { dualControl: "off" } : { dualControl: "single_admin", warning: singleAdminWarning };
    const result = await perform(note, request.secrets);
    return result.ok ? { ok: true, data: { state: "performed", result: result.data, note } } : result;
  }
  const row = await db().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(pendingChanges)
      .values({
        kind: request.kind,
        connectionId: request.connectionId,
        target: request.target,
        details: request.details,
        sealedSecrets: request.secrets ? sealSecret(JSON.stringify(request.secrets)) : null,
        reason: request.reason,
        requestedBy: actor.id,
        requestedByEmail: actor.email,
        expiresAt: new Date(Date.now() + approvalWindowMs),
      })
      .returning();
    await audit(
      actor,
      "dual_control.requested",
      inserted!.target,
      { changeId: inserted!.id, kind: request.kind, details: request.details, reason: request.reason },
      tx,
    );
    await publishLive(tx, [liveTopics.pendingChanges]);
    return inserted!;
  });
  return { ok: true, data: { state: "pending", change: view(row) } };
}

/** Marks pending changes past their 24 hours as expired (each audited, by the system), dropping their secrets. */
export async function expireOverdueChanges(now = new Date()): Promise<number> {
  return db().transaction(async (tx) => {
    const expired = await tx
      .update(pendingChanges)
      .set({ state: "expired", sealedSecrets: null, decidedAt: now })
      .where(and(eq(pendingChanges.state, "pending"), lte(pendingChanges.expiresAt, now)))
      .returning();
    for (const row of expired) {
      await audit(
        systemActor,
        "dual_control.expired",
        row.target,
        { changeId: row.id, kind: row.kind, requestedBy: row.requestedByEmail },
        tx,
      );
    }
    if (expired.length > 0) await publishLive(tx, [liveTopics.pendingChanges]);
    return expired.length;
  });
}

/** Changes, newest first (expiring overdue ones first), optionally only those in `states`. */
export async function listChanges(
  options: { states?: PendingChangeState[]; kind?: PendingChangeKind; limit?: number } = {},
): Promise<PendingChangeView[]> {
  await expireOverdueChanges();
  const conditions = [
    options.states ? inArray(pendingChanges.state, options.states) : undefined,
    options.kind ? eq(pendingChanges.kind, options.kind) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db()
    .select()
    .from(pendingChanges)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(pendingChanges.requestedAt))
    .limit(options.limit ?? 100);
  return rows.map(view);
}

/** One change, if it exists (expiring it first when its 24 hours are over). */
export async function findChange(id: string): Promise<PendingChangeView | undefined> {
  await expireOverdueChanges();
  const [row] = await db().select().from(pendingChanges).where(eq(pendingChanges.id, id));
  return row && view(row);
}

const refusal = (code: string, error: string) => ({ ok: false as const, code, error });

/** Why `approver` may not decide `row` now, or undefined when they may. */
function decisionRefusal(row: PendingChange | undefined, approver: SessionUser, now: Date) {
  if (!row) return refusal("not_found", "No such pending change.");
  if (row.state !== "pending" || row.expiresAt <= now) {
    return refusal(
      "already_decided",
      `This change is no longer pending: it is ${row.expiresAt <= now && row.state === "pending" ? "expired" : row.state}.`,
    );
  }
  if (row.requestedBy === approver.id) {
    return refusal("same_admin", "A change needs a different admin's decision: you asked for this one.");
  }
  return undefined;
}

/** An approver's standing against one change: whether their role or password changed since it was requested. */
type Standing = {
  role: string;
  active: boolean;
  roleChangedAt: Date;
  passwordChangedAt: Date;
  roleChangedSince: boolean;
  passwordChangedSince: boolean;
};

/** When an admin's role and password last changed, as the approval's audit row names them. */
const lastChanged = (who: Standing | undefined) =>
  who && { role: who.roleChangedAt.toISOString(), password: who.passwordChangedAt.toISOString() };

/** `userId`'s standing against change `changeId`, compared in the database at its full time precision. */
async function standingOf(tx: Transaction, userId: string | null, changeId: string): Promise<Standing | undefined> {
  if (!userId) return undefined;
  const [row] = await tx
    .select({
      role: users.role,
      active: users.active,
      roleChangedAt: users.roleChangedAt,
      passwordChangedAt: users.passwordChangedAt,
      roleChangedSince: sql<boolean>`${users.roleChangedAt} >= ${pendingChanges.requestedAt}`,
      passwordChangedSince: sql<boolean>`${users.passwordChangedAt} >= ${pendingChanges.requestedAt}`,
    })
    .from(users)
    .innerJoin(pendingChanges, eq(pendingChanges.id, changeId))
    .where(eq(users.id, userId));
  return row;
}

/**
 * Why `approver` may not approve a change requested at `requestedAt`, or undefined when they may: they must be an
 * active admin who has held that role and their current password since before the change was asked for. An admin
 * created, promoted, reactivated or given a new password after the request (a reset, or their own change) cannot
 * approve it, so nobody can mint or take over a second admin to approve their own change.
 */
function standingRefusal(approver: Standing | undefined, requestedAt: Date) {
  if (!approver || approver.role !== "admin" || !approver.active) {
    return refusal("not_admin", "Only an active admin can approve a change.");
  }
  const rule = "An approver must have held their admin role and their current password since before the change was asked for.";
  if (approver.roleChangedSince) {
    return refusal(
      "approver_too_new",
      `You cannot approve this change: your admin role or account status changed at ${utcMinute(approver.roleChangedAt)}, after it was asked for at ${utcMinute(requestedAt)}. ${rule}`,
    );
  }
  if (approver.passwordChangedSince) {
    return refusal(
      "approver_too_new",
      `You cannot approve this change: your password was set at ${utcMinute(approver.passwordChangedAt)}, after it was asked for at ${utcMinute(requestedAt)}. ${rule}`,
    );
  }
  return undefined;
}

/** Rejects a pending change (a different admin than the requester), audited with the reason given. */
export async function rejectChange(approver: SessionUser, id: string, comment: string): Promise<ActionResult<PendingChangeView>> {
  await expireOverdueChanges();
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(pendingChanges).where(eq(pendingChanges.id, id)).for("update");
    const refused = decisionRefusal(row, approver, new Date());
    if (refused) return refused;
    const [decided] = await tx
      .update(pendingChanges)
      .set({
        state: "rejected",
        decidedBy: approver.id,
        decidedByEmail: approver.email,
        decidedAt: new Date(),
        sealedSecrets: null,
        outcome: { comment },
      })
      .where(eq(pendingChanges.id, id))
      .returning();
    await audit(
      approver,
      "dual_control.rejected",
      row!.target,
      { changeId: id, kind: row!.kind, requestedBy: row!.requestedByEmail, comment },
      tx,
    );
    await publishLive(tx, [liveTopics.pendingChanges]);
    return { ok: true, data: view(decided!) };
  });
}

/**
 * Approves a pending change and performs it under the approver's session: the change is claimed first (so two
 * approvals cannot both perform it), then `perform` runs with a note naming both admins. A failure marks the change
 * `failed` with the registry's code and message; nothing is retried behind anyone's back.
 */
export async function approveChange<T>(
  approver: SessionUser,
  id: string,
  perform: (change: PendingChangeView, note: DualControlNote, secrets: Record<string, string> | undefined) => Promise<ActionResult<T>>,
): Promise<ActionResult<T>> {
  await expireOverdueChanges();
  const claimed = await db().transaction(async (tx) => {
    const [row] = await tx.select().from(pendingChanges).where(eq(pendingChanges.id, id)).for("update");
    const refused = decisionRefusal(row, approver, new Date());
    if (refused) return refused;
    // The approver's row is locked too, so a reset or role change cannot slip in between this check and the claim.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, approver.id)).for("update");
    const standing = await standingOf(tx, approver.id, id);
    const tooNew = standingRefusal(standing, row!.requestedAt);
    if (tooNew) {
      // A refused approval is a security event: audited with why, and the change stays pending for someone else.
      const details = { changeId: id, kind: row!.kind, requestedBy: row!.requestedByEmail, code: tooNew.code, error: tooNew.error };
      await audit(approver, "dual_control.approval_refused", row!.target, details, tx);
      return tooNew;
    }
    await tx
      .update(pendingChanges)
      .set({ state: "approved", decidedBy: approver.id, decidedByEmail: approver.email, decidedAt: new Date(), sealedSecrets: null })
      .where(eq(pendingChanges.id, id));
    const standings = { requester: lastChanged(await standingOf(tx, row!.requestedBy, id)), approver: lastChanged(standing) };
    return { ok: true as const, row: row!, standings };
  });
  if (!claimed.ok) return claimed;
  const { row, standings } = claimed;
  const note: DualControlNote = { dualControl: "approved", changeId: id, requestedBy: row.requestedByEmail, approvedBy: approver.email };
  const secrets = row.sealedSecrets ? (JSON.parse(openSecret(row.sealedSecrets)) as Record<string, string>) : undefined;
  let result: ActionResult<T>;
  try {
    result = await perform(view(row), note, secrets);
  } catch (error) {
    if (error instanceof RegistryError) result = registryFailure(error);
    else {
      // Recorded as failed without the error's words (they are the server log's), then thrown on as before.
      await settleApproval(approver, row, standings, refusal("failed", "Performing the change failed on the server."));
      throw error;
    }
  }
  await settleApproval(approver, row, standings, result);
  return result;
}

type Standings = { requester: ReturnType<typeof lastChanged>; approver: ReturnType<typeof lastChanged> };

/**
 * Records how performing an approved change went: `failed` with the refusal's code and message, or approved. Either
 * row names requester and approver, and when each last changed their role and password.
 */
async function settleApproval(approver: SessionUser, row: PendingChange, standings: Standings, result: ActionResult<unknown>) {
  const id = row.id;
  const who = {
    changeId: id,
    kind: row.kind,
    requestedBy: row.requestedByEmail,
    approvedBy: approver.email,
    requesterLastChanged: standings.requester ?? null,
    approverLastChanged: standings.approver ?? null,
  };
  await db().transaction(async (tx) => {
    if (!result.ok) {
      const outcome = { code: result.code, error: result.error };
      await tx.update(pendingChanges).set({ state: "failed", outcome }).where(eq(pendingChanges.id, id));
      await audit(approver, "dual_control.failed", row.target, { ...who, ...outcome }, tx);
    } else {
      await audit(approver, "dual_control.approved", row.target, who, tx);
    }
    await publishLive(tx, [liveTopics.pendingChanges]);
  });
}
