import "server-only";
import type { Submitted } from "./pending-changes";

/**
 * What the browser learns of a submitted change: pending (waiting for a second admin), or performed now with the
 * one-admin warning when dual control could not apply.
 */
export type SubmittedOutcome = { state: "pending" } | { state: "performed"; warning?: string };

export function submittedOutcome(submitted: Submitted<unknown>): SubmittedOutcome {
  if (submitted.state === "pending") return { state: "pending" };
  return submitted.note.dualControl === "single_admin" ? { state: "performed", warning: submitted.note.warning } : { state: "performed" };
}
