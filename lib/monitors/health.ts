import "server-only";
/** A monitor's health, decided from what the console last read of it. Pure: the time is given. */

export const monitorHealthStates = ["ok", "stale", "error", "deactivated"] as const;
export type MonitorHealthState = (typeof monitorHealthStates)[number];

/** Checks run daily: a monitor with no check for longer than this is stale. */
export const staleAfterHours = 48;
const staleAfterMs = staleAfterHours * 3600_000;

export type HealthInput = {
  /** When the monitor started (the registry's `createdAt`, else when this console started it). */
  startedAt: Date | undefined;
  /** The newest check in its log, if any. */
  lastCheck: { at: Date; fetchStatus: string; errorMessage?: string | null } | undefined;
  /** Set by a final notification (deactivated, or the company disappeared). */
  deactivation: { at: Date; reason: string | null } | undefined;
};

export type MonitorHealth = { state: MonitorHealthState; detail: string };

const hoursAgo = (now: Date, then: Date) => Math.floor((now.getTime() - then.getTime()) / 3600_000);

/**
 * `deactivated` wins (the registry no longer checks it), then `error` (the last check did not succeed), then
 * `stale` (no check logged for over 48 hours, counted from the start when it has none), else `ok`.
 */
export function monitorHealth(input: HealthInput, now: Date): MonitorHealth {
  const { lastCheck, deactivation, startedAt } = input;
  if (deactivation) return { state: "deactivated", detail: deactivation.reason ?? "The registry deactivated this monitor." };
  if (lastCheck && lastCheck.fetchStatus !== "success") {
    return { state: "error", detail: `Last check: ${lastCheck.fetchStatus}${lastCheck.errorMessage ? `: ${lastCheck.errorMessage}` : ""}` };
  }
  const since = lastCheck?.at ?? startedAt;
  if (since && now.getTime() - since.getTime() > staleAfterMs) {
    return {
      state: "stale",
      detail: lastCheck
        ? `No check logged for ${hoursAgo(now, since)} hours (checks run daily).`
        : `No check logged in the ${hoursAgo(now, since)} hours since it started (checks run daily).`,
    };
  }
  return { state: "ok", detail: lastCheck ? "Last check succeeded." : "No check yet." };
}
