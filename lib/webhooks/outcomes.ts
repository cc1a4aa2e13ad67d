import "server-only";
/** What became of one verified webhook delivery (the values, each explained: `deliveryOutcomes` in db/vocabulary.ts). */
import type { deliveryOutcomes } from "@/db/vocabulary";

export type DeliveryOutcome = (typeof deliveryOutcomes)[number];

export const deliveryOutcomeLabels: Record<DeliveryOutcome, string> = {
  applied: "Applied",
  stale: "Stale (older version)",
  duplicate: "Duplicate",
  failed: "Failed",
  unhandled: "Unhandled type",
  mismatch: "Refused: another connection's request",
};
