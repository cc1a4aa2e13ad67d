import "server-only";
/**
 * Which datapoints "See what changed" re-retrieves for an alert's change categories. Pure.
 * A `monitor.notification` names categories only, never values, so the blocks that hold them are ordered again.
 */
import type { OrderableDatapoint } from "@/lib/pricing/quote.shared";
import { datapointSections } from "@/lib/registry/schemas.shared";

/** The spec's categories and the datapoints that hold what they report. */
const categoryDatapoints: Record<string, readonly OrderableDatapoint[]> = {
  status: ["company"],
  address: ["company"],
  financial: ["company"],
  other: ["company"],
  ownership: ["shareholders", "ultimateBeneficialOwners", "graph"],
  legalRepresentatives: ["legalRepresentatives"],
  // The company disappeared from the register: its profile says how (its status, struck off or dissolved).
  disappeared: ["company"],
};

export type CategoryMapping = {
  category: string;
  datapoints: readonly OrderableDatapoint[];
  /** Said beside the category where the mapping is not self-evident. */
  note?: string;
};

/** Each category with its datapoints; an unknown category (the API is additive) re-reads the company profile, and says so. */
export function mapCategories(categories: readonly string[]): CategoryMapping[] {
  return categories.map((category) => {
    const known = categoryDatapoints[category];
    if (known)
      return category === "disappeared"
        ? { category, datapoints: known, note: "The company left the register: its profile's status says how." }
        : { category, datapoints: known };
    return {
      category,
      datapoints: ["company"],
      note: `"${category}" is a category this console does not know: the company profile is re-read.`,
    };
  });
}

/** The datapoints to order for `categories`, each once, in the order categories first name them. */
export function datapointsForCategories(categories: readonly string[]): OrderableDatapoint[] {
  return [...new Set(mapCategories(categories).flatMap((m) => m.datapoints))];
}

/** The response sections those datapoints fill: what the diff compares. */
export function sectionsForDatapoints(datapoints: readonly string[]): string[] {
  return [...new Set(datapoints.flatMap((d) => datapointSections[d] ?? [d]))];
}

/** Every section a full comparison covers ("Compare with…"): all datapoints' sections. */
export const allComparedSections: readonly string[] = sectionsForDatapoints(Object.keys(datapointSections));
