"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { isWorkspaceId, workspaceIdProblem } from "@/lib/billing/workspace-id";
import { removeWorkspaceOverride, saveWorkspaceOverride } from "@/lib/billing/workspace-override";
import { highUsagePatchBodySchema } from "@/lib/registry/schemas.shared";

const workspaceId = z.string().trim().refine(isWorkspaceId, { error: workspaceIdProblem });

/**
 * Tiers as people type them, in credits (at most 2 decimals: a credit cent is the smallest unit), converted here to
 * the registry's whole credit cents and then checked by the contract's schema.
 */
const tiersInCredits = z
  .array(
    z.object({
      tier: z.string(),
      credits: z
        .number({ error: "Enter the threshold in credits." })
        .nonnegative({ error: "Credits cannot be negative." })
        .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: "Credits have at most 2 decimals." }),
    }),
  )
  .transform((tiers) => tiers.map(({ tier, credits }) => ({ tier, cents: Math.round(credits * 100) })))
  .pipe(highUsagePatchBodySchema.shape.highUsageTiers.unwrap().unwrap())
  .nullish();

/** Sets a workspace's high-usage override as a whole: the fields given are set, every other field inherits. Answers the saved override. */
export const saveOverrideAction = registryAction(
  "manageBilling",
  highUsagePatchBodySchema.extend({ workspaceId, highUsageTiers: tiersInCredits }),
  async ({ workspaceId, ...patch }, { user, registry }) => {
    const saved = await saveWorkspaceOverride(user, await registry(), workspaceId, patch);
    return { ok: true, data: { override: saved } };
  },
);

/** Removes a workspace's high-usage override: every setting inherits from the account again. */
export const removeOverrideAction = registryAction("manageBilling", z.object({ workspaceId }), async (input, { user, registry }) => {
  await removeWorkspaceOverride(user, await registry(), input.workspaceId);
  return { ok: true, data: undefined };
});
