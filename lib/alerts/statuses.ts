/** Where an alert is in triage. Safe to import from client components. */
export const alertStatuses = ["new", "acknowledged", "resolved"] as const;
export type AlertStatus = (typeof alertStatuses)[number];
