import "server-only";
import { audit, type Actor } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import { approveChange, findChange, listChanges, submitChange, type PendingChangeView } from "@/lib/dual-control/pending-changes";
import { payloadProblems } from "./payload-problems";
import type { ApproveReplacementInput, RequestReplacementInput, VaultPayload } from "./payload-schema";
import { heldCredentials, putCredentials, type StoredCredentials } from "./store-credentials";

/** How a request to replace credentials went: replaced now (dual control off, or one admin), or waiting. */
export type ReplacementOutcome =
  { state: "replaced"; stored: StoredCredentials; warning?: string } | { state: "pending"; changeId: string };

/** The pending change's target: the workspace and the source, as the approvals list shows it. */
export const replacementTarget = (workspace: string, sourceKey: string) => `${workspace}/${sourceKey}`;

/**
 * Where a second admin approves a pending vault replacement: the source's form on /vault, opened with the change id.
 * Approving needs the new credentials typed there (the pending change never holds them), so no list offers a bare
 * "approve" for this kind.
 */
export function replacementApprovalHref(change: { id: string; details: Record<string, unknown> }): string {
  const workspace = String(change.details.workspace ?? "");
  const sourceKey = String(change.details.sourceKey ?? "");
  return `/vault?${new URLSearchParams({ workspace, approve: change.id })}#source-${sourceKey}`;
}

export const credentialsRequiredNow =
  "Dual control does not apply now, so you replace these credentials yourself: fill every field of the form.";

const notHeld = (workspace: string, sourceKey: string) => ({
  ok: false as const,
  code: "not_held",
  error: `${workspace} holds no credentials of its own for ${sourceKey}: add them with its form instead.`,
});

/** The PUT of a replacement, audited with who, workspace, source, old and new version and the dual-control note. */
async function performReplacement(
  actor: Actor,
  registry: Registry,
  target: { workspace: string; sourceKey: string; payload: VaultPayload },
  previousVersion: number,
  note: DualControlNote,
): Promise<ActionResult<StoredCredentials>> {
  const stored = await putCredentials(registry, target, previousVersion);
  if (stored.ok) {
    const { workspace, sourceKey } = target;
    await audit(actor, "vault.credentials_replaced", replacementTarget(workspace, sourceKey), {
      workspace,
      sourceKey,
      previousVersion,
      version: stored.data.version,
      ...note,
    });
  }
  return stored;
}

/**
 * An admin asks to replace the credentials a workspace holds for a source, giving a reason. Where dual control
 * applies this becomes a pending `vault_replace` change holding only the intent (workspace, source, current version):
 * a vault payload is never kept, so the approving admin enters it. Where it does not apply the requester's payload
 * replaces them now, with the note (the one-admin warning) in the audit row; without one nothing happens.
 */
export async function requestReplacement(
  user: SessionUser,
  registry: Registry,
  { workspace, sourceKey, reason, payload }: RequestReplacementInput,
): Promise<ActionResult<ReplacementOutcome>> {
  const held = await heldCredentials(registry, workspace, sourceKey);
  if (!held) return notHeld(workspace, sourceKey);
  const submitted = await submitChange(
    user,
    {
      kind: "vault_replace",
      connectionId: registry.connection.id,
      target: replacementTarget(workspace, sourceKey),
      details: { workspace, sourceKey, currentVersion: held.version },
      reason,
    },
    async (note) =>
      payload
        ? performReplacement(user, registry, { workspace, sourceKey, payload }, held.version, note)
        : { ok: false, code: "credentials_required", error: credentialsRequiredNow },
  );
  if (!submitted.ok) return submitted;
  const outcome = submitted.data;
  if (outcome.state === "pending") return { ok: true, data: { state: "pending", changeId: outcome.change.id } };
  const warning = outcome.note.dualControl === "single_admin" ? outcome.note.warning : undefined;
  return { ok: true, data: { state: "replaced", stored: outcome.result, ...(warning && { warning }) } };
}

/** Whether `change` is a pending replacement of this source on this workspace, asked on this connection. */
function replaces(change: PendingChangeView | undefined, registry: Registry, workspace: string, sourceKey: string) {
  return (
    change?.kind === "vault_replace" &&
    change.target === replacementTarget(workspace, sourceKey) &&
    change.connectionId === registry.connection.id
  );
}

/**
 * A second admin approves a pending replacement by entering the new credentials: the change must be a pending,
 * unexpired replacement of this very source on this workspace and connection, asked by someone else
 * (approveChange checks the last two and claims it). The PUT then runs in this request, under the approver's
 * session, and its audit row names both admins. The payload is dropped as always.
 */
export async function approveReplacement(
  approver: SessionUser,
  registry: Registry,
  { changeId, workspace, sourceKey, payload }: ApproveReplacementInput,
): Promise<ActionResult<StoredCredentials>> {
  if (!replaces(await findChange(changeId), registry, workspace, sourceKey)) {
    return {
      ok: false,
      code: "not_found",
      error: `No pending replacement of ${sourceKey} on ${workspace} has this id on this connection.`,
    };
  }
  // Checked before the change is claimed: a PUT the registry refuses would use the approval up.
  const source = (await registry.client.vaultSources()).find((s) => s.key === sourceKey);
  const problems = source ? payloadProblems(source.fields, payload) : [`${sourceKey} is not a vault source of this registry`];
  if (problems.length > 0) {
    return {
      ok: false,
      code: "invalid_input",
      error: "The new credentials are incomplete: nothing was approved yet.",
      fieldErrors: { payload: problems },
    };
  }
  return approveChange(approver, changeId, async (_change, note) => {
    const held = await heldCredentials(registry, workspace, sourceKey);
    return performReplacement(approver, registry, { workspace, sourceKey, payload }, held?.version ?? 0, note);
  });
}

/** Replacements waiting for a second admin on this connection, newest first: the banner on /vault. */
export async function pendingReplacements(registry: Registry): Promise<PendingChangeView[]> {
  const changes = await listChanges({ states: ["pending"], kind: "vault_replace" });
  return changes.filter((change) => change.connectionId === registry.connection.id);
}
