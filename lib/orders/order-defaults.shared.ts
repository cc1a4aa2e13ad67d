/**
 * What the order form chooses for the user: the "Full KYB dossier" preset, and the ownership graph's spend cap, with
 * the warning when that cap stops the graph after one level. Pure.
 *
 * The graph is paid per company it fetches, the company ordered included (its quoted price is one company's cost), so
 * a cap of one company's price fetches the company itself and stops at its direct owners. A typical company's UBOs sit
 * two or three levels up, behind two or three holding companies; six companies' worth reaches them.
 */
import { datapointOffers, type OrderableDatapoint } from "@/lib/pricing/quote.shared";
import type { PricingResponse } from "@/lib/registry/schemas.shared";

/** What a KYB review needs: profile with legal representatives, UBOs, shareholders, the ownership graph, the documents list. */
export const fullKybDatapoints: readonly OrderableDatapoint[] = [
  "company",
  "legalRepresentatives",
  "ultimateBeneficialOwners",
  "shareholders",
  "graph",
  "availableDocuments",
];

/** The Full KYB dossier's datapoints that the pricing offers as available for the country, in the form's order. */
export function fullKybSelection(pricing: PricingResponse, mode: string): OrderableDatapoint[] {
  return datapointOffers(pricing, mode)
    .filter((offer) => offer.available && fullKybDatapoints.includes(offer.datapoint))
    .map((offer) => offer.datapoint);
}

/** How many companies the default graph cap pays for: the company ordered and about two levels of owners. */
export const defaultGraphCompanies = 6;

const round = (n: number) => Math.round(n * 100) / 100;

/** The graph cap the form suggests, from the price of one company in the graph. */
export const defaultGraphCap = (perCompany: number): number => round(perCompany * defaultGraphCompanies);

export const graphOneLevelWarning = "The graph will stop after one level at this cap; you can expand it later, paying per company.";

/**
 * Whether the caps leave the graph no credit beyond the company ordered, so it stops at its direct owners: what the
 * graph may spend (its own cap, and what the whole-request cap leaves after the rest of the order) is below two
 * companies' price. An interactive graph stops after one level by choice, and an empty cap is no limit: no warning.
 */
export function graphStopsAfterOneLevel(input: {
  perCompany: number;
  graphCap: number | undefined;
  totalCap: number | undefined;
  /** What the rest of the order is quoted (profile datapoints and documents). */
  otherSpend: number;
  interactive: boolean;
}): boolean {
  const { perCompany, graphCap, totalCap, otherSpend, interactive } = input;
  if (interactive || perCompany <= 0) return false;
  const budgets = [graphCap, totalCap === undefined ? undefined : totalCap - otherSpend].filter(
    (b): b is number => b !== undefined && Number.isFinite(b),
  );
  return budgets.length > 0 && Math.min(...budgets) < 2 * perCompany;
}

/** A value the company file holds is due for a refresh once it is this old. */
export const staleAfterDays = 30;

/** What the company file holds of a datapoint: since when, and whether it is still current (not yet stale). */
export type HeldDatapoint = { asOf: string; current: boolean };

/**
 * The datapoints the company file holds (datapoint → as-of time), each said current or due for a refresh at `now`.
 * The legacy `companyProfile` stands for the company and its legal representatives.
 */
export function heldDatapoints(sources: Record<string, { asOf: string }>, now: Date): Record<string, HeldDatapoint> {
  const held: Record<string, HeldDatapoint> = {};
  const put = (datapoint: string, asOf: string) => {
    if (held[datapoint] && held[datapoint].asOf >= asOf) return;
    held[datapoint] = { asOf, current: now.getTime() - Date.parse(asOf) < staleAfterDays * 86_400_000 };
  };
  for (const [datapoint, { asOf }] of Object.entries(sources)) {
    if (datapoint === "companyProfile") ["company", "legalRepresentatives"].forEach((d) => put(d, asOf));
    else put(datapoint, asOf);
  }
  return held;
}
