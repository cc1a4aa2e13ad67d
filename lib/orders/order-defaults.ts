/**
 * What the order form chooses for the user: the "Full KYB dossier" preset, and the ownership graph's spend cap, with
 * the warning when that cap stops the graph after one level. Client-safe and pure.
 *
 * The graph is paid per company it fetches, the company ordered included (its quoted price is one company's cost), so
 * a cap of one company's price fetches the company itself and stops at its direct owners. A typical company's UBOs sit
 * two or three levels up, behind two or three holding companies; six companies' worth reaches them.
 */
import { datapointOffers, type OrderableDatapoint } from "./quote";
import type { PricingResponse } from "@/lib/registry/schemas";

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
