import { nice, ticks } from "d3-array";

/**
 * The spend chart's vertical scale, fitted to the data: from the lowest point (below zero only when a refund takes
 * the sum there) to a round value just above the highest, with a tier drawn inside only when it is within half
 * again of the highest spend; the tiers above are listed over the plot instead. Amounts are credit cents. Pure.
 */
export type SpendScale = { bottom: number; top: number; ticks: number[]; tiersAbove: string[] };

const reach = 1.5;

export function spendScale(values: readonly number[], tiers: readonly { tier: string; cents: number }[]): SpendScale {
  const highestSpend = Math.max(0, ...values);
  const lowest = Math.min(0, ...values);
  const shown = tiers.filter((t) => t.cents <= Math.max(highestSpend * reach, highestSpend === 0 ? 0 : 1));
  // Nothing spent: one credit tall, so an empty chart still has a scale.
  const highest = Math.max(highestSpend, ...shown.map((t) => t.cents), 100);
  const [bottom, top] = nice(lowest, highest, 4);
  return {
    bottom,
    top,
    ticks: ticks(bottom, top, 4),
    tiersAbove: tiers.filter((t) => !shown.includes(t)).map((t) => t.tier),
  };
}
