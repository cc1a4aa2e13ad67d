import "server-only";
import { z } from "zod";
import { parsePortfolioFilters } from "@/lib/portfolio/portfolio-filters";
import { campaignMaxCompanies, type CampaignSelection } from "./campaign";

/** What "Refresh for review" on the portfolio sends: the ticked companies, or every company its filters match. */
export const campaignInputSchema = z.object({
  /** Every company the filters match, rather than the ticked ones. */
  all: z.boolean(),
  filters: z.record(z.string(), z.string().max(500)),
  /** Ticked companies, each `country:company id`. */
  companies: z
    .array(z.string().regex(/^[A-Z]{2}:.+$/, "A ticked company could not be read."))
    .max(campaignMaxCompanies, `Tick at most ${campaignMaxCompanies.toLocaleString("en")} companies.`),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;

/** The campaign's selection, or the first problem of its filters (as the portfolio page words it). */
export function campaignSelection(input: CampaignInput): { ok: true; selection: CampaignSelection } | { ok: false; error: string } {
  if (input.all) {
    const { filters, problems } = parsePortfolioFilters(input.filters);
    return problems.length > 0 ? { ok: false, error: problems[0]! } : { ok: true, selection: { kind: "filter", filters } };
  }
  const companies = input.companies.map((key) => ({ countryCode: key.slice(0, 2), companyId: key.slice(3) }));
  return { ok: true, selection: { kind: "companies", companies } };
}
