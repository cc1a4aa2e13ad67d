"use server";

import { z } from "zod";
import { registryAction } from "@/lib/auth/registry-action";
import { isWorkspaceId, workspaceIdProblem } from "@/lib/billing/workspace-id";
import { removeWorkspaceOverride, saveWorkspaceOverride } from "@/lib/billing/workspace-override";
import { highUsagePatchBodySchema } from "@/lib/registry/schemas";

const workspaceId = z.string().trim().refine(isWorkspaceId, { error: workspaceIdProblem });

/** Sets a workspace's high-usage override as a whole: the fields given are set, every other field inherits. */
export const saveOverrideAction = registryAction(
  "manageBilling",
  highUsagePatchBodySchema.extend({ workspaceId }),
  async ({ workspaceId, ...patch }, { user, registry }) => {
    const saved = await saveWorkspaceOverride(user, await registry(), workspaceId, patch);
    return { ok: true, data: { updatedAt: saved.updatedAt } };
  },
);

/** Removes a workspace's high-usage override: every setting inherits from the account again. */
export const removeOverrideAction = registryAction("manageBilling", z.object({ workspaceId }), async (input, { user, registry }) => {
  await removeWorkspaceOverride(user, await registry(), input.workspaceId);
  return { ok: true, data: undefined };
});
