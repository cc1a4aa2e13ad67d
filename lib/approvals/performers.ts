import "server-only";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { performConnectionCreate } from "@/lib/connections/connection-create-change";
import { performConnectionDelete } from "@/lib/connections/connection-delete-change";
import { performConnectionDefaultChange, performConnectionEnvironmentChange } from "@/lib/connections/connection-setting-change";
import { performConnectionTargetChange } from "@/lib/connections/connection-target-change";
import { findConnection } from "@/lib/connections/manage-connections";
import { openRegistry, type Registry } from "@/lib/connections/registry-for";
import { performModelPublish } from "@/lib/risk/publish-model";
import { handOverOf, performUserAccessChange, type HandOver } from "@/lib/users/user-access";
import { replacementApprovalHref } from "@/lib/vault/replace-credentials";
import { performWorkspaceDelete } from "@/lib/workspaces/delete-workspace";
import { performUboAccessChange, uboAccessDetailsSchema } from "@/lib/workspaces/ubo-access";
import { performDualControlOff } from "@/lib/dual-control/dual-control-setting";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import { approveChange, findChange, type PendingChangeKind, type PendingChangeView } from "@/lib/dual-control/pending-changes";

/**
 * The approvals page's side of dual control: each kind of pending change with the domain that performs it once a
 * second admin approves. It sits above those domains (connections, workspaces, users, risk, vault), which submit
 * their changes through lib/dual-control, so dual control itself never imports them.
 */

/** Performs an approved change under the approver's session; its audit row carries `note` (both admins' names). */
export type Performer = (
  approver: SessionUser,
  change: PendingChangeView,
  note: DualControlNote,
  secrets: Record<string, string> | undefined,
) => Promise<ActionResult<unknown>>;

type RegistryPerformer = (
  approver: SessionUser,
  registry: Registry,
  change: PendingChangeView,
  note: DualControlNote,
) => Promise<ActionResult<unknown>>;

/** A registry change runs against the connection it was asked through, never the approver's active one. */
function throughItsConnection(perform: RegistryPerformer): Performer {
  return async (approver, change, note) => {
    const registry = await openRegistry(change.connectionId ? await findConnection(change.connectionId) : undefined);
    if (!registry) {
      return {
        ok: false,
        code: "no_connection",
        error: "The connection this change was asked through no longer exists: nothing was sent.",
      };
    }
    return perform(approver, registry, change, note);
  };
}

/** Each kind's performer. A kind missing here is not approved from the approvals page (see `approvalRefusal`). */
const performers: Partial<Record<PendingChangeKind, Performer>> = {
  ubo_access: throughItsConnection(async (approver, registry, change, note) => {
    const details = uboAccessDetailsSchema.safeParse(change.details);
    if (!details.success)
      return { ok: false, code: "invalid_change", error: "This change's details are not a UBO-access change: nothing was sent." };
    return performUboAccessChange(approver, registry, { target: change.target, reason: change.reason, details: details.data }, note);
  }),
  workspace_delete: throughItsConnection((approver, registry, change, note) => performWorkspaceDelete(approver, registry, change, note)),
  dual_control_off: (approver, _change, note) => performDualControlOff(approver, note),
  connection_target: (approver, change, note, secrets) => performConnectionTargetChange(approver, change, note, secrets),
  user_access: (approver, change, note) => performUserAccessChange(approver, change, note),
  connection_create: performConnectionCreate,
  connection_delete: performConnectionDelete,
  connection_default: performConnectionDefaultChange,
  connection_environment: performConnectionEnvironmentChange,
  risk_model_publish: performModelPublish,
};

/** Where a kind without a performer here is approved instead: a vault replacement needs its values typed again. */
const approvedElsewhere: Partial<Record<PendingChangeKind, { page: string; href: (change: PendingChangeView) => string }>> = {
  vault_replace: { page: "the Vault page", href: replacementApprovalHref },
};

/** Where to approve `change` when the approvals page cannot (its link and label), or undefined. */
export function approvalElsewhere(change: PendingChangeView): { href: string; label: string } | undefined {
  const elsewhere = approvedElsewhere[change.kind];
  return elsewhere && { href: elsewhere.href(change), label: `Approve on ${elsewhere.page}` };
}

export function approvableHere(kind: PendingChangeKind): boolean {
  return performers[kind] !== undefined;
}

/** Why `kind` cannot be approved by the approvals page's button, or undefined when it can. */
function approvalRefusal(kind: PendingChangeKind) {
  if (performers[kind]) return undefined;
  const elsewhere = approvedElsewhere[kind];
  return {
    ok: false as const,
    code: "approved_elsewhere",
    error: elsewhere
      ? `This change is approved on ${elsewhere.page}, by filling its form: nothing was done.`
      : `This console cannot perform ${kind} changes: nothing was done.`,
  };
}

/**
 * Approves pending change `id` and performs it by its kind's performer, under the approver's session. A kind with
 * no performer here is refused before the change is claimed, so it stays pending for the page that approves it.
 */
export async function approveByKind(approver: SessionUser, id: string): Promise<ActionResult<unknown>> {
  const found = await findChange(id);
  if (!found) return { ok: false, code: "not_found", error: "No such pending change." };
  const refused = approvalRefusal(found.kind);
  if (refused) return refused;
  const perform = performers[found.kind]!;
  return approveChange(approver, id, (change, note, secrets) => perform(approver, change, note, secrets));
}

/**
 * Approves pending change `id` from the approvals page (see `approveByKind`). The approver's browser learns only a
 * password the change generated (an admin's reset or creation), to pass on: nothing else of what the performer returned.
 */
export async function approveAndHandOver(approver: SessionUser, id: string): Promise<ActionResult<{ handOver: HandOver } | undefined>> {
  const result = await approveByKind(approver, id);
  if (!result.ok) return result;
  const handOver = handOverOf(result.data);
  return { ok: true, data: handOver && { handOver } };
}
