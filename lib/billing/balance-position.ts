import "server-only";
import type { HighUsageTier } from "./effective-settings.shared";

/**
 * The most severe low-balance tier the balance has reached: of the tiers whose threshold it is at or below, the one
 * with the lowest threshold. Undefined while the balance is above them all.
 */
export function reachedLowBalanceTier(balanceCents: number, tiers: readonly HighUsageTier[]): HighUsageTier | undefined {
  return tiers.filter((tier) => balanceCents <= tier.cents).sort((a, b) => a.cents - b.cents)[0];
}
