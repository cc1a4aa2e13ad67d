"use server";

import { registryAction } from "@/lib/registry-seam/registry-action";
import { createCampaign } from "@/lib/batches/campaign";
import { campaignInputSchema, campaignSelection } from "@/lib/batches/campaign-selection";

/**
 * "Refresh for review" on the portfolio: a review campaign over the ticked companies, or every company the filters
 * match, through the connection in use. Its batch page then shows the price and takes the one confirm.
 */
export const startCampaignAction = registryAction("runBatches", campaignInputSchema, async (input, { user, registry }) => {
  const chosen = campaignSelection(input);
  if (!chosen.ok) return { ok: false, code: "invalid_input", error: chosen.error };
  return createCampaign(user, chosen.selection, await registry());
});
