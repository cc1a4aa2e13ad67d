"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { registryFailure } from "@/lib/forms/action-result";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { workspacePatchBodySchema } from "@/lib/registry/schemas.shared";
import { workspaceCreateBodySchema } from "@/lib/registry/workspace-body-schemas.shared";
import { workspaceNameMax, workspaceNamePattern } from "@/lib/registry/workspace-limits.shared";
import { submittedOutcome } from "@/lib/dual-control/submitted-outcome";
import { submitChange } from "@/lib/dual-control/pending-changes";
import { performWorkspaceDelete } from "@/lib/workspaces/delete-workspace";
import { performUboAccessChange, type UboAccessDetails } from "@/lib/workspaces/ubo-access";
import { alreadyWaiting } from "@/lib/workspaces/waiting-changes";
import { changeLegalName, createWorkspace } from "@/lib/workspaces/workspace-changes";

/**
 * Creates a workspace with UBO access off (turning it on is a dual-controlled request). A taken name (the registry's
 * 409) comes back on the name field, in the registry's words.
 */
export const createWorkspaceAction = registryAction("manageWorkspaces", workspaceCreateBodySchema, async (body, { user, registry }) => {
  try {
    return await createWorkspace(user, await registry(), body);
  } catch (error) {
    if (error instanceof RegistryError && error.status === 409) {
      return { ...registryFailure(error), fieldErrors: { name: [error.message] } };
    }
    throw error;
  }
});

const workspaceName = z.string().regex(workspaceNamePattern, { error: "Unknown workspace." }).max(workspaceNameMax);

const legalNameChange = z.object({
  name: workspaceName,
  legalName: workspacePatchBodySchema.shape.legalName.unwrap().trim().min(1, { error: "Give the legal name." }),
});

/** Sets a workspace's legal name; nothing else of the workspace is sent. */
export const changeLegalNameAction = registryAction(
  "manageWorkspaces",
  legalNameChange,
  async ({ name, legalName }, { user, registry }) => {
    const outcome = await changeLegalName(user, await registry(), name, legalName);
    if (outcome === "unknown") {
      return { ok: false, code: "not_found", error: `This registry lists no workspace named ${name}: nothing was sent.` };
    }
    return { ok: true, data: undefined };
  },
);

const why = (missing: string) => z.string().trim().min(1, { error: missing }).max(2000, { error: "At most 2,000 characters." });

const uboAccessRequest = z.discriminatedUnion("uboEnabled", [
  z.object({ name: workspaceName, uboEnabled: z.literal(true), legalBasis: why("Give the legal basis for UBO access.") }),
  z.object({ name: workspaceName, uboEnabled: z.literal(false), reason: why("Say why UBO access should be turned off.") }),
]);

/**
 * Asks to turn a workspace's UBO access on (with its legal basis) or off (with a reason), through the active
 * connection: a pending change for a second admin, or performed now with a note where dual control does not apply.
 */
export const requestUboAccessAction = registryAction("manageWorkspaces", uboAccessRequest, async (input, { user, registry }) => {
  const opened = await registry();
  const waiting = await alreadyWaiting(opened.connection.id, input.name);
  if (waiting) return waiting;
  const details: UboAccessDetails = input.uboEnabled ? { uboEnabled: true, legalBasis: input.legalBasis } : { uboEnabled: false };
  const reason = input.uboEnabled ? input.legalBasis : input.reason;
  const change = { target: input.name, details, reason };
  const submitted = await submitChange(user, { kind: "ubo_access", connectionId: opened.connection.id, ...change }, (note) =>
    performUboAccessChange(user, opened, change, note),
  );
  return submitted.ok ? { ok: true, data: submittedOutcome(submitted.data) } : submitted;
});

const deleteRequest = z
  .object({
    name: workspaceName,
    confirmName: z.string(),
    reason: why("Say why the workspace should be deleted."),
  })
  .refine((input) => input.confirmName === input.name, {
    path: ["confirmName"],
    error: "Type the workspace's name exactly as shown to confirm.",
  });

/** Asks to delete a workspace, its name typed to confirm: a pending change, or performed now with a note. */
export const requestWorkspaceDeleteAction = registryAction("manageWorkspaces", deleteRequest, async (input, { user, registry }) => {
  const opened = await registry();
  const waiting = await alreadyWaiting(opened.connection.id, input.name);
  if (waiting) return waiting;
  const change = { target: input.name, details: { name: input.name }, reason: input.reason };
  const submitted = await submitChange(user, { kind: "workspace_delete", connectionId: opened.connection.id, ...change }, (note) =>
    performWorkspaceDelete(user, opened, change, note),
  );
  return submitted.ok ? { ok: true, data: submittedOutcome(submitted.data) } : submitted;
});
