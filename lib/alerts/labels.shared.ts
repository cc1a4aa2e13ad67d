/** How alerts read to people (their words are in lib/vocabulary/words.shared.ts): states, outcomes, categories and deactivations. */
import type { alertOutcomes, alertStates } from "@/db/vocabulary";
import { label, labelsOf } from "@/lib/vocabulary/words.shared";

export type AlertState = (typeof alertStates)[number];
export type AlertOutcome = (typeof alertOutcomes)[number];

export const alertStateLabels = labelsOf("alertState") as Readonly<Record<AlertState, string>>;

export const alertOutcomeLabels = labelsOf("alertOutcome") as Readonly<Record<AlertOutcome, string>>;

/** A change category as people read it; a category this console does not know yet is shown as sent. */
export const categoryLabel = (category: string): string => label("changeCategory", category);

/**
 * What a deactivation alert says happened: the company left the register (category `disappeared`), or the
 * registry deactivated the monitor (`monitorHasBeenDeactivated`).
 */
export function deactivationText(categories: readonly string[]): string {
  return categories.includes("disappeared")
    ? "Monitor deactivated: the company is no longer in the register"
    : "The registry deactivated this monitor";
}
