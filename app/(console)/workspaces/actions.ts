"use server";

import { z } from "zod";
import { registryAction } from "@/lib/auth/registry-action";
import { registryFailure } from "@/lib/auth/role-action";
import { RegistryError } from "@/lib/registry/registry-error";
import { workspacePatchBodySchema } from "@/lib/registry/schemas";
import { workspaceCreateBodySchema } from "@/lib/registry/workspace-body-schemas";
import { workspaceNameMax, workspaceNamePattern } from "@/lib/registry/workspace-limits";
import { changeLegalName, createWorkspace } from "@/lib/workspaces/workspace-changes";

/** Creates a workspace. A taken name (the registry's 409) comes back on the name field, in the registry's words. */
export const createWorkspaceAction = registryAction("manageWorkspaces", workspaceCreateBodySchema, async (body, { user, registry }) => {
  try {
    const created = await createWorkspace(user, await registry(), body);
    return { ok: true, data: { name: created.name } };
  } catch (error) {
    if (error instanceof RegistryError && error.status === 409) {
      return { ...registryFailure(error), fieldErrors: { name: [error.message] } };
    }
    throw error;
  }
});

const legalNameChange = z.object({
  name: z.string().regex(workspaceNamePattern, { error: "Unknown workspace." }).max(workspaceNameMax),
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
