import "server-only";
/**
 * How many days a team has to triage an alert, per change category, until an admin sets another figure
 * (alert_slas). An alert is due by the shortest SLA among its categories, counted from when it opened.
 */
import type { changeCategories } from "@/lib/registry/schemas.shared";

export const defaultSlaDays: Record<(typeof changeCategories)[number], number> = {
  disappeared: 1,
  status: 2,
  ownership: 2,
  legalRepresentatives: 3,
  address: 5,
  financial: 5,
  other: 7,
};

/** The SLA of a category this console does not know yet (the API is additive). */
export const unknownCategorySlaDays = 2;

/** The days an alert with `categories` has, given the admin's overrides (category → days). */
export function slaDaysFor(categories: readonly string[], overrides: Readonly<Record<string, number>>): number {
  const days = categories.map(
    (category) => overrides[category] ?? (defaultSlaDays as Record<string, number | undefined>)[category] ?? unknownCategorySlaDays,
  );
  return days.length ? Math.min(...days) : unknownCategorySlaDays;
}
