import "server-only";
/**
 * How a sensitive change went through dual control, spread into the audit row of the change itself, so the row
 * says who asked and who approved, or why no second admin was asked.
 */
export type DualControlNote =
  | { dualControl: "approved"; changeId: string; requestedBy: string; approvedBy: string }
  | { dualControl: "off" }
  | { dualControl: "single_admin"; warning: string };

export const singleAdminWarning =
  "Dual control could not apply: this console has only one active admin, so the change went through without a second admin's approval.";
