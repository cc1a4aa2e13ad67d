/**
 * The triage rules: new → in review → resolved, and a resolved alert is final (a later notification opens a
 * new alert instead). Resolving straight from new is allowed: a team may close an obvious alert at once.
 * Pure, so the server checks and the page's buttons agree.
 */
import type { AlertState } from "./labels.shared";

const alreadyResolved = "This alert is already resolved. A new notification for its monitor opens a new alert.";

/** Why an alert in state `from` cannot move to `to`, or undefined when it may. */
export function transitionRefusal(from: AlertState, to: AlertState): string | undefined {
  if (from === "resolved") return alreadyResolved;
  if (to === "new") return "An alert cannot go back to new.";
  if (to === "in_review" && from === "in_review") return "This alert is already in review.";
  return undefined;
}

/** Why an alert in `state` cannot be assigned (or unassigned), or undefined when it may. */
export function assignmentRefusal(state: AlertState): string | undefined {
  return state === "resolved" ? alreadyResolved : undefined;
}
