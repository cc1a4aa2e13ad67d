/** How alerts read to people: states, outcomes, categories and deactivations. Safe to import from client components. */
import type { alertOutcomes, alertStates } from "@/db/vocabulary";

export type AlertState = (typeof alertStates)[number];
export type AlertOutcome = (typeof alertOutcomes)[number];

export const alertStateLabels: Record<AlertState, string> = { new: "New", in_review: "In review", resolved: "Resolved" };

export const alertOutcomeLabels: Record<AlertOutcome, string> = {
  no_impact: "No impact",
  risk_reassessed: "Risk re-assessed",
  escalated: "Escalated",
};

const categoryLabels: Record<string, string> = {
  status: "Status",
  address: "Address",
  ownership: "Ownership",
  financial: "Financial",
  legalRepresentatives: "Legal representatives",
  other: "Other",
  disappeared: "Disappeared",
};

/** A change category as people read it; a category this console does not know yet is shown as sent. */
export const categoryLabel = (category: string): string => categoryLabels[category] ?? category;

/**
 * What a deactivation alert says happened: the company left the register (category `disappeared`), or the
 * registry deactivated the monitor (`monitorHasBeenDeactivated`).
 */
export function deactivationText(categories: readonly string[]): string {
  return categories.includes("disappeared")
    ? "Monitor deactivated: the company is no longer in the register"
    : "The registry deactivated this monitor";
}
