import "server-only";
/**
 * A workspace's spend summed over a rolling window, as the registry sums it for high-usage tiers: at time t the
 * window holds every charge at or after t − window and at or before t. Charges are credit cents. Pure; O(n + buckets).
 */
export type Charge = { atMs: number; cents: number };

export type SpendSeries = {
  windowMinutes: number;
  startMs: number;
  endMs: number;
  bucketMs: number;
  /** Per bucket, the highest the windowed spend reached inside it (so no crossing hides between two points). */
  peaks: number[];
  /** The windowed spend at `endMs`. */
  currentCents: number;
  /** The highest windowed spend over the whole range, and when it was first reached. */
  peak: { cents: number; atMs: number };
};

/** Charges ordered by time, the order every function here expects. */
export const byTime = (charges: readonly Charge[]): Charge[] => [...charges].sort((a, b) => a.atMs - b.atMs);

/**
 * The rolling sum as it moves forward in time: `advanceTo(t)` takes in every charge at or before t and lets go of
 * every charge before t − window. Each charge enters and leaves once, so a sweep over any times is O(n).
 */
export function rollingWindow(charges: readonly Charge[], windowMs: number) {
  let entered = 0;
  let left = 0;
  let sum = 0;
  return {
    advanceTo(t: number) {
      while (entered < charges.length && charges[entered]!.atMs <= t) sum += charges[entered++]!.cents;
      while (left < entered && charges[left]!.atMs < t - windowMs) sum -= charges[left++]!.cents;
      return sum;
    },
    /** The time of the next charge not yet taken in, if any. */
    nextChargeAt: () => charges[entered]?.atMs,
  };
}

/**
 * The windowed spend of `charges` (ordered by time) from `startMs` to `endMs`, as `buckets` peaks. Charges
 * before `startMs` count while they are inside the window; the caller passes what it has.
 */
export function windowedSpend(
  charges: readonly Charge[],
  options: { windowMinutes: number; startMs: number; endMs: number; buckets: number },
): SpendSeries {
  const { windowMinutes, startMs, endMs } = options;
  const buckets = Math.max(1, Math.floor(options.buckets));
  const bucketMs = Math.max(1, (endMs - startMs) / buckets);
  // Whole milliseconds: 61 ms given as minutes comes back as 60.999… ms and would drop a charge on the window's edge.
  const window = rollingWindow(charges, Math.round(windowMinutes * 60_000));
  const peaks: number[] = [];
  let peak = { cents: 0, atMs: startMs };
  for (let b = 0; b < buckets; b++) {
    const from = startMs + b * bucketMs;
    const last = b === buckets - 1;
    const to = last ? endMs : from + bucketMs;
    // The sum only rises when a charge arrives: the bucket's highest is at its start or just after a charge.
    let highest = window.advanceTo(from);
    let highestAt = from;
    for (let at = window.nextChargeAt(); at !== undefined && (at < to || (last && at <= to)); at = window.nextChargeAt()) {
      const sum = window.advanceTo(at);
      if (sum > highest) [highest, highestAt] = [sum, at];
    }
    peaks.push(highest);
    if (highest > peak.cents) peak = { cents: highest, atMs: highestAt };
  }
  return { windowMinutes, startMs, endMs, bucketMs, peaks, currentCents: window.advanceTo(endMs), peak };
}
