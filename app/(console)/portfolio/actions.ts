"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { campaignMaxCompanies, createCampaign, type CampaignSelection } from "@/lib/batches/campaign";
import { parsePortfolioFilters } from "@/lib/portfolio/portfolio-filters";

const campaignInputSchema = z.object({
  /** Every company the filters match, rather than the ticked ones. */
  all: z.boolean(),
  filters: z.record(z.string(), z.string().max(500)),
  /** Ticked companies, each `country:company id`. */
  companies: z
    .array(z.string().regex(/^[A-Z]{2}:.+$/, "A ticked company could not be read."))
    .max(campaignMaxCompanies, `Tick at most ${campaignMaxCompanies.toLocaleString("en")} companies.`),
});

/**
 * "Refresh for review" on the portfolio: a review campaign over the ticked companies, or every company the filters
 * match, through the connection in use. Its batch page then shows the price and takes the one confirm.
 */
export const startCampaignAction = registryAction("runBatches", campaignInputSchema, async (input, { user, registry }) => {
  let selection: CampaignSelection;
  if (input.all) {
    const { filters, problems } = parsePortfolioFilters(input.filters);
    if (problems.length > 0) return { ok: false, code: "invalid_input", error: problems[0]! };
    selection = { kind: "filter", filters };
  } else {
    const companies = input.companies.map((key) => ({ countryCode: key.slice(0, 2), companyId: key.slice(3) }));
    selection = { kind: "companies", companies };
  }
  return createCampaign(user, selection, await registry());
});
