import "server-only";
import { z } from "zod";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import type { SubmittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { submitWorkspaceChange } from "./waiting-changes";
import { listedWorkspace, unreadableBefore } from "./workspace-changes";

/** What a UBO-access change asks for, as its pending change keeps it (`details`). */
export const uboAccessDetailsSchema = z.object({
  uboEnabled: z.boolean(),
  /** Why the workspace's entity is obliged under anti-money-laundering law; only when turning access on. */
  legalBasis: z.string().optional(),
});
export type UboAccessDetails = z.infer<typeof uboAccessDetailsSchema>;

/** A UBO-access change as asked: the workspace (`target`), on or off, and why (for turning on, its legal basis). */
export type UboAccessChange = { target: string; details: UboAccessDetails; reason: string };

/**
 * Asks to turn a workspace's UBO access on or off through `registry`'s connection: a pending change for a second
 * admin, or performed now with the note where dual control does not apply. Refused while another change to the same
 * workspace waits.
 */
export async function requestUboAccess(
  user: SessionUser,
  registry: Registry,
  change: UboAccessChange,
): Promise<ActionResult<SubmittedOutcome>> {
  return submitWorkspaceChange(user, registry, { kind: "ubo_access", ...change }, (note) =>
    performUboAccessChange(user, registry, change, note),
  );
}

/**
 * Turns a workspace's UBO access on or off (PATCH /v2/workspaces/{name} with `uboEnabled` only: the legal name is
 * left as it is), audited with before and after, the legal basis, the requester's reason and how dual control let
 * it through. A name the registry's list lacks is refused and nothing is sent (a PATCH must not create a workspace).
 */
export async function performUboAccessChange(
  actor: SessionUser,
  registry: Registry,
  change: UboAccessChange,
  note: DualControlNote,
): Promise<ActionResult<{ uboEnabled: boolean }>> {
  const name = change.target;
  const listed = await listedWorkspace(registry, name);
  if (listed === "unknown") {
    return { ok: false, code: "not_found", error: `This registry lists no workspace named ${name}: nothing was sent.` };
  }
  const saved = await registry.client.patchWorkspace(name, { uboEnabled: change.details.uboEnabled });
  const after = saved.uboEnabled ?? change.details.uboEnabled;
  await audit(actor, "workspace.ubo_access_changed", name, {
    connectionId: registry.connection.id,
    name,
    before: listed === "unlisted" ? unreadableBefore : (listed.uboEnabled ?? null),
    after,
    ...(change.details.legalBasis !== undefined && { legalBasis: change.details.legalBasis }),
    reason: change.reason,
    ...note,
  });
  return { ok: true, data: { uboEnabled: after } };
}
