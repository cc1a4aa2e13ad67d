import "server-only";
import type { HighUsageTier } from "./effective-settings.shared";
import type { Charge } from "./spend-series";

/**
 * How often a draft high-usage setting would have fired over past spend, by the registry's firing rule (the
 * simulator's `simulator/billing.ts`):
 *   - the windowed spend is the sum of the workspace's charges at or after t − window and at or before t
 *     (refunds are negative charges and count against it);
 *   - a tier fires when a charge takes the windowed spend to or above it, once;
 *   - it rearms when the windowed spend just before a later charge is below it again; only then can it fire again.
 * Every tier starts armed at the first charge given. A disabled draft fires nothing (and reports no spend). Pure;
 * one pass with a sliding window, O(n × tiers).
 */
export type BacktestDraft = { enabled: boolean; periodMinutes: number; tiers: readonly HighUsageTier[] };

export type Firing = { atMs: number; spentCents: number };
export type TierBacktest = { tier: string; cents: number; fires: number; first: Firing | undefined; last: Firing | undefined };
/** Per tier; and the highest the windowed spend reached at a charge (what a tier would have had to stay above). */
export type Backtest = { tiers: TierBacktest[]; highestCents: number };

/** `charges` ordered by time (charges at the same time in the order the registry made them). */
export function backtest(charges: readonly Charge[], draft: BacktestDraft): Backtest {
  const results = draft.tiers.map(({ tier, cents }): TierBacktest => ({ tier, cents, fires: 0, first: undefined, last: undefined }));
  if (!draft.enabled) return { tiers: results, highestCents: 0 };
  const windowMs = draft.periodMinutes * 60_000;
  const armed = results.map(() => true);
  let oldest = 0; // the first charge still in the window
  let sum = 0; // the windowed spend of the charges taken so far
  let highestCents = 0;
  for (let index = 0; index < charges.length; index++) {
    const charge = charges[index]!;
    while (oldest < index && charges[oldest]!.atMs < charge.atMs - windowMs) sum -= charges[oldest++]!.cents;
    if (charge.cents <= 0) {
      sum += charge.cents; // a refund lowers the spend and fires nothing
      continue;
    }
    // Just before the charge: a tier the windowed spend is below rearms.
    results.forEach((result, i) => {
      if (sum < result.cents) armed[i] = true;
    });
    sum += charge.cents;
    highestCents = Math.max(highestCents, sum);
    results.forEach((result, i) => {
      if (!armed[i] || sum < result.cents) return;
      armed[i] = false;
      const firing = { atMs: charge.atMs, spentCents: sum };
      result.fires += 1;
      result.first ??= firing;
      result.last = firing;
    });
  }
  return { tiers: results, highestCents };
}
