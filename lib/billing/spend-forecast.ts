import "server-only";
import type { HighUsageTier } from "./effective-settings.shared";
import type { Charge } from "./spend-series";

/**
 * When each high-usage tier will be reached at the current rate. The rate is the average spend per hour over the
 * last `rateWindowMs` (24 hours unless told). The forecast assumes that rate from now on while the charges already
 * in the window age out of it: at now + Δ the window holds the rate's spend since now (Δ, at most the window) plus
 * the charges made at or after now + Δ − window. A tier the steady rate never fills (rate × window below the tier)
 * is not reached "at this rate". Refunds are negative charges. Pure; O(charges in the window) per tier.
 */
export const rateWindowMs = 24 * 3_600_000;

export type TierForecast =
  | { tier: string; cents: number; when: "already"; inMs?: undefined }
  | { tier: string; cents: number; when: "in"; inMs: number }
  | { tier: string; cents: number; when: "not_at_this_rate"; inMs?: undefined };

export type SpendForecast = {
  /** Credit cents per hour, averaged over `rateWindowMs`. */
  centsPerHour: number;
  rateWindowMs: number;
  currentCents: number;
  tiers: TierForecast[];
};

/** `charges` ordered by time; those after `nowMs` are not counted (a registry clock ahead of ours). */
export function forecastTiers(
  charges: readonly Charge[],
  options: { nowMs: number; windowMinutes: number; tiers: readonly HighUsageTier[]; rateWindowMs?: number },
): SpendForecast {
  const { nowMs, tiers } = options;
  const windowMs = options.windowMinutes * 60_000;
  const rateOver = options.rateWindowMs ?? rateWindowMs;
  const upToNow = charges.filter((c) => c.atMs <= nowMs);
  const inWindow = upToNow.filter((c) => c.atMs >= nowMs - windowMs);
  const currentCents = inWindow.reduce((sum, c) => sum + c.cents, 0);
  const perMs = upToNow.filter((c) => c.atMs > nowMs - rateOver).reduce((sum, c) => sum + c.cents, 0) / rateOver;

  const forecast = ({ tier, cents }: HighUsageTier): TierForecast => {
    if (currentCents >= cents) return { tier, cents, when: "already" };
    // Where the window's spend, perMs × Δ + base over [from, to], first meets the tier (linear: check both ends).
    const reached = (from: number, to: number, base: number) => {
      if (perMs * from + base >= cents) return from;
      if (perMs > 0 && perMs * to + base >= cents) return (cents - base) / perMs;
      return undefined;
    };
    // Between two departures the window's spend moves with the rate; it steps as each old charge (or refund) leaves.
    let base = currentCents;
    let from = 0;
    for (const charge of inWindow) {
      const leavesAfter = charge.atMs + windowMs - nowMs; // still counted at this Δ, gone just after
      const inMs = reached(from, leavesAfter, base);
      if (inMs !== undefined) return { tier, cents, when: "in", inMs };
      base -= charge.cents;
      from = leavesAfter;
    }
    // Only the rate's own spend is left in the window: it levels off at rate × window.
    const inMs = reached(from, windowMs, base);
    return inMs === undefined ? { tier, cents, when: "not_at_this_rate" } : { tier, cents, when: "in", inMs };
  };

  return { centsPerHour: perMs * 3_600_000, rateWindowMs: rateOver, currentCents, tiers: tiers.map(forecast) };
}
