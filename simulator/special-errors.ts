/**
 * Company ids equal to a public error name produce that error, with the live message, status and
 * retryability, as the vendor's sandbox does. `datapoint` errors fail the datapoints of an accepted
 * request; the others answer the call itself.
 */
export type SpecialError = {
  code: string;
  message: string;
  retryable: boolean;
  where: "request" | "datapoint" | "document" | "onboarding" | "search";
  status?: 400 | 402 | 429 | 500 | 504;
  retryAfterSeconds?: number;
};

export const errorSpecialIds: Record<string, SpecialError> = {
  INVALID_REQUEST: { where: "request", status: 400, code: "invalid_request", message: "The request is invalid.", retryable: false },
  SERVICE_UNAVAILABLE: {
    where: "search",
    status: 500,
    code: "service_unavailable",
    message: "Search failed; retry later.",
    retryable: true,
  },
  SOURCE_UNAVAILABLE: {
    where: "datapoint",
    code: "source_unavailable",
    message: "The register is temporarily unavailable; retry later.",
    retryable: true,
  },
  DATAPOINT_NOT_APPLICABLE: {
    where: "datapoint",
    code: "datapoint_not_applicable",
    message: "This entity cannot have this datapoint.",
    retryable: false,
  },
  NO_DOCUMENT_AVAILABLE: {
    where: "document",
    code: "no_document_available",
    message: "No register extract exists for this company.",
    retryable: false,
  },
  INSUFFICIENT_FUNDS: {
    where: "request",
    status: 402,
    code: "insufficient_funds",
    message: "The balance is too low for this request.",
    retryable: false,
  },
  ONBOARDING_TIMEOUT: { where: "onboarding", status: 504, code: "onboarding_timeout", message: "Onboarding timed out.", retryable: true },
  RATE_LIMITED: {
    where: "request",
    status: 429,
    code: "rate_limited",
    message: "Too many requests; retry after the time given in Retry-After.",
    retryable: true,
    retryAfterSeconds: 3,
  },
  BUDGET_EXCEEDED: {
    where: "request",
    status: 400,
    code: "budget_exceeded",
    message: "The quoted price is above the spend cap.",
    retryable: false,
  },
};

export function specialError(id: string): SpecialError | undefined {
  return errorSpecialIds[id.trim().toUpperCase()];
}

/** Company ids that change how long datapoints take to arrive (the data is the generated company's). */
export const deliverySpecialIds: Record<string, { description: string; delayMs: [number, number] }> = {
  SLOW_DELIVERY: {
    description: "Every datapoint and document takes 20 to 60 seconds (progress stays visible for a while).",
    delayMs: [20_000, 60_000],
  },
  INSTANT_DELIVERY: { description: "Every datapoint and document completes within 100 ms.", delayMs: [20, 100] },
};

/** Company ids whose monitors misbehave, so a console can show unhealthy monitors (the data is the generated company's). */
export const monitorSpecialIds: Record<string, { description: string; checks: "stale" | "error" }> = {
  MONITOR_STALE: {
    description:
      "A monitor's only check is logged 30 days before it was created, and no later check is: stale at once, on any clock. No notification.",
    checks: "stale",
  },
  MONITOR_ERROR: {
    description: "Every daily check of a monitor is logged with `fetchStatus: error` and an `errorMessage`; no notification.",
    checks: "error",
  },
};

export function monitorSpecialId(companyId: string): (typeof monitorSpecialIds)[string] | undefined {
  return monitorSpecialIds[companyId.trim().toUpperCase()];
}
