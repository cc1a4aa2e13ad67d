import "server-only";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { describeChange } from "@/lib/dual-control/change-words";
import { listChanges, submitChange, type ChangeRequest, type Perform } from "@/lib/dual-control/pending-changes";
import { submittedOutcome, type SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";

/**
 * The workspace changes (UBO access, delete) through `connectionId` still waiting for a second admin, in words, by
 * workspace name: the page shows them in place of the switch, and a second request for the same workspace is refused.
 */
export async function waitingWorkspaceChanges(connectionId: string): Promise<Record<string, string[]>> {
  const waiting: Record<string, string[]> = {};
  for (const change of await listChanges({ states: ["pending"] })) {
    if (change.connectionId !== connectionId || (change.kind !== "ubo_access" && change.kind !== "workspace_delete")) continue;
    (waiting[change.target] ??= []).push(describeChange(change).what);
  }
  return waiting;
}

/** The refusal of a second change to a workspace while one waits, or undefined. */
async function alreadyWaiting(connectionId: string, name: string) {
  const waiting = (await waitingWorkspaceChanges(connectionId))[name];
  if (!waiting) return undefined;
  return {
    ok: false as const,
    code: "already_pending",
    error: `A change to workspace ${name} is already waiting for a second admin (${waiting.join("; ")}): decide it first.`,
  };
}

/**
 * Submits a change to one workspace (UBO access, delete) through `registry`'s connection: refused while another change
 * to the same workspace waits; otherwise pending for a second admin, or performed now with the note where dual control
 * does not apply.
 */
export async function submitWorkspaceChange<T>(
  user: SessionUser,
  registry: Registry,
  request: Omit<ChangeRequest, "connectionId"> & { kind: "ubo_access" | "workspace_delete" },
  perform: Perform<T>,
): Promise<ActionResult<SubmittedOutcome>> {
  const waiting = await alreadyWaiting(registry.connection.id, request.target);
  if (waiting) return waiting;
  const submitted = await submitChange(user, { ...request, connectionId: registry.connection.id }, perform);
  return submitted.ok ? { ok: true, data: submittedOutcome(submitted.data) } : submitted;
}
