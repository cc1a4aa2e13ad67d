import "server-only";
type Entries = Record<string, { cost?: number } | undefined> | undefined;
type DataStatus = { dataPoints?: Entries; documents?: Entries } | null | undefined;

/**
 * What the registry charged for a request: the sum of `cost` over its datapoints and documents, as the
 * registry reports it. `undefined` when it reports no cost at all (never a guess).
 */
export function requestCharge(dataStatus: DataStatus): number | undefined {
  const costs = [...Object.values(dataStatus?.dataPoints ?? {}), ...Object.values(dataStatus?.documents ?? {})]
    .map((entry) => entry?.cost)
    .filter((cost): cost is number => typeof cost === "number");
  return costs.length ? Math.round(costs.reduce((a, b) => a + b, 0) * 100) / 100 : undefined;
}
