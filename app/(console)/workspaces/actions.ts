"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { workspacePatchBodySchema } from "@/lib/registry/schemas.shared";
import { workspaceCreateBodySchema } from "@/lib/registry/workspace-body-schemas.shared";
import { workspaceNameMax, workspaceNamePattern } from "@/lib/registry/workspace-limits.shared";
import { requestWorkspaceDelete, type WorkspaceDeleteChange } from "@/lib/workspaces/delete-workspace";
import { requestUboAccess, type UboAccessChange } from "@/lib/workspaces/ubo-access";
import { changeLegalName, createWorkspace } from "@/lib/workspaces/workspace-changes";

/**
 * Creates a workspace with UBO access off (turning it on is a dual-controlled request). A taken name (the registry's
 * 409) comes back on the name field, in the registry's words.
 */
export const createWorkspaceAction = registryAction("manageWorkspaces", workspaceCreateBodySchema, async (body, { user, registry }) =>
  createWorkspace(user, await registry(), body),
);

const workspaceName = z.string().regex(workspaceNamePattern, { error: "Unknown workspace." }).max(workspaceNameMax);

const legalNameChange = z.object({
  name: workspaceName,
  legalName: workspacePatchBodySchema.shape.legalName.unwrap().trim().min(1, { error: "Give the legal name." }),
});

/** Sets a workspace's legal name; nothing else of the workspace is sent. */
export const changeLegalNameAction = registryAction("manageWorkspaces", legalNameChange, async ({ name, legalName }, { user, registry }) =>
  changeLegalName(user, await registry(), name, legalName),
);

const why = (missing: string) => z.string().trim().min(1, { error: missing }).max(2000, { error: "At most 2,000 characters." });

/** The form's request as the change a second admin reads: turning access on gives its legal basis as the reason. */
const uboAccessRequest = z
  .discriminatedUnion("uboEnabled", [
    z.object({ name: workspaceName, uboEnabled: z.literal(true), legalBasis: why("Give the legal basis for UBO access.") }),
    z.object({ name: workspaceName, uboEnabled: z.literal(false), reason: why("Say why UBO access should be turned off.") }),
  ])
  .transform((input): UboAccessChange =>
    input.uboEnabled
      ? { target: input.name, details: { uboEnabled: true, legalBasis: input.legalBasis }, reason: input.legalBasis }
      : { target: input.name, details: { uboEnabled: false }, reason: input.reason },
  );

/**
 * Asks to turn a workspace's UBO access on (with its legal basis) or off (with a reason), through the active
 * connection: a pending change for a second admin, or performed now with a note where dual control does not apply.
 */
export const requestUboAccessAction = registryAction("manageWorkspaces", uboAccessRequest, async (change, { user, registry }) =>
  requestUboAccess(user, await registry(), change),
);

const deleteRequest = z
  .object({
    name: workspaceName,
    confirmName: z.string(),
    reason: why("Say why the workspace should be deleted."),
  })
  .refine((input) => input.confirmName === input.name, {
    path: ["confirmName"],
    error: "Type the workspace's name exactly as shown to confirm.",
  })
  .transform((input): WorkspaceDeleteChange => ({ target: input.name, reason: input.reason }));

/** Asks to delete a workspace, its name typed to confirm: a pending change, or performed now with a note. */
export const requestWorkspaceDeleteAction = registryAction("manageWorkspaces", deleteRequest, async (change, { user, registry }) =>
  requestWorkspaceDelete(user, await registry(), change),
);
