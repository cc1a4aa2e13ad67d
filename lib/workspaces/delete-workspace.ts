import "server-only";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { submitWorkspaceChange } from "./waiting-changes";
import { listedWorkspace } from "./workspace-changes";

/** The refusal when DELETE /v2/workspaces/{name} answers 404 for a workspace the list names (or no list exists). */
export const deleteNotOffered =
  "This registry does not offer deleting workspaces (DELETE /v2/workspaces/{name} answered 404): the endpoint is documented by the vendor but is not part of the API spec.";

/** A workspace delete as asked: the workspace (`target`) and why. */
export type WorkspaceDeleteChange = { target: string; reason: string };

/**
 * Asks to delete a workspace through `registry`'s connection: a pending change for a second admin, or performed now
 * with the note where dual control does not apply. Refused while another change to the same workspace waits.
 */
export async function requestWorkspaceDelete(
  user: SessionUser,
  registry: Registry,
  change: WorkspaceDeleteChange,
): Promise<ActionResult<SubmittedOutcome>> {
  return submitWorkspaceChange(user, registry, { kind: "workspace_delete", details: { name: change.target }, ...change }, (note) =>
    performWorkspaceDelete(user, registry, change, note),
  );
}

/**
 * Deletes a workspace (DELETE /v2/workspaces/{name}, vendor-documented), audited with the requester's reason and
 * how dual control let it through. A name the registry's list lacks is refused and nothing is sent; a 404 of the
 * endpoint itself means this registry does not offer deleting; every other refusal (the default workspace's 409)
 * comes back in the registry's words.
 */
export async function performWorkspaceDelete(
  actor: SessionUser,
  registry: Registry,
  change: WorkspaceDeleteChange,
  note: DualControlNote,
): Promise<ActionResult<{ name: string }>> {
  const name = change.target;
  const listed = await listedWorkspace(registry, name);
  if (listed === "unknown") {
    return { ok: false, code: "not_found", error: `This registry lists no workspace named ${name}: nothing was deleted.` };
  }
  try {
    await registry.client.deleteWorkspace(name);
  } catch (error) {
    if (error instanceof RegistryError && error.status === 404) return { ok: false, code: "not_offered", error: deleteNotOffered };
    throw error;
  }
  await audit(actor, "workspace.deleted", name, {
    connectionId: registry.connection.id,
    name,
    ...(listed !== "unlisted" && { workspaceId: listed.id, legalName: listed.legalName ?? null }),
    reason: change.reason,
    ...note,
  });
  return { ok: true, data: { name } };
}
