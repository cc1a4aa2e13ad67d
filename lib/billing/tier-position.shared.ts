import type { HighUsageTier } from "@/lib/registry/schemas.shared";

/** Where a workspace's spend in its current high-usage window stands against its tiers. */
export type TierPosition = { reached: HighUsageTier | undefined; next: HighUsageTier | undefined };

/** The highest tier the spend has reached (at or above its threshold) and the next one it has not. */
export function tierPosition(currentCents: number, tiers: readonly HighUsageTier[]): TierPosition {
  const ascending = [...tiers].sort((a, b) => a.cents - b.cents);
  return {
    reached: ascending.filter((t) => currentCents >= t.cents).at(-1),
    next: ascending.find((t) => currentCents < t.cents),
  };
}

/**
 * The most severe low-balance tier the balance has reached: of the tiers whose threshold it is at or below, the one
 * with the lowest threshold. Undefined while the balance is above them all.
 */
export function reachedLowBalanceTier(balanceCents: number, tiers: readonly HighUsageTier[]): HighUsageTier | undefined {
  return tiers.filter((tier) => balanceCents <= tier.cents).sort((a, b) => a.cents - b.cents)[0];
}
