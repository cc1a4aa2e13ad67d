/** What became of one verified webhook delivery. Safe to import from client components. */
export const deliveryOutcomes = [
  /** Stored and changed something (a newer snapshot, a new alert, a billing event). */
  "applied",
  /** A `company.updated` whose version is not higher than the one stored: changed nothing. */
  "stale",
  /** The `svix-id` was received before: changed nothing. */
  "duplicate",
  /** Signed, but its payload does not match the contract: kept for inspection, changed nothing. */
  "failed",
  /** An event type this console does not know yet: kept as received, acknowledged. */
  "unhandled",
  /** A snapshot of a request stored for another connection: refused (a connection never changes another's requests). */
  "mismatch",
] as const;

export type DeliveryOutcome = (typeof deliveryOutcomes)[number];

export const deliveryOutcomeLabels: Record<DeliveryOutcome, string> = {
  applied: "Applied",
  stale: "Stale (older version)",
  duplicate: "Duplicate",
  failed: "Failed",
  unhandled: "Unhandled type",
  mismatch: "Refused: another connection's request",
};
