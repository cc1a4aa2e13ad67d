import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byTime, windowedSpend, type Charge } from "./spend-series";

const minute = 60_000;
const at = (minutes: number, cents: number): Charge => ({ atMs: minutes * minute, cents });

/** The windowed spend at t, the slow way: every charge in [t − window, t]. */
const spendAt = (charges: readonly Charge[], windowMs: number, t: number) =>
  charges.filter((c) => c.atMs >= t - windowMs && c.atMs <= t).reduce((sum, c) => sum + c.cents, 0);

describe("windowedSpend", () => {
  it("sums each charge over the window that follows it, edges included", () => {
    // 60-minute window, 6 buckets of 20 minutes from 0 to 120.
    const charges = [at(10, 100), at(30, 200), at(70, 50)];
    const series = windowedSpend(charges, { windowMinutes: 60, startMs: 0, endMs: 120 * minute, buckets: 6 });
    // At 70 the window [10, 70] still holds the charge at 10: 100 + 200 + 50.
    expect(series.peaks).toEqual([100, 300, 300, 350, 250, 50]);
    expect(series.peak).toEqual({ cents: 350, atMs: 70 * minute });
    // At 120 the window [60, 120] holds the charge at 70 only.
    expect(series.currentCents).toBe(50);
  });

  it("counts charges from before the range while they are inside the window", () => {
    // Inside the window until 30 (inclusive), gone after.
    const series = windowedSpend([at(-30, 500)], { windowMinutes: 60, startMs: 0, endMs: 90 * minute, buckets: 3 });
    expect(series.peaks).toEqual([500, 500, 0]);
    expect(series.peak).toEqual({ cents: 500, atMs: 0 });
  });

  it("keeps a charge exactly one window old, whatever the float rounding of the window", () => {
    // 61 ms as minutes times 60,000 is 60.999… ms: unrounded, the charge at 59 left the window [59, 120] early.
    const series = windowedSpend([{ atMs: 59, cents: 1 }], { windowMinutes: 61 / minute, startMs: 0, endMs: 1_200, buckets: 10 });
    expect(series.peaks.slice(0, 2)).toEqual([1, 1]);
  });

  it("is flat at zero without charges", () => {
    const series = windowedSpend([], { windowMinutes: 5, startMs: 0, endMs: 100 * minute, buckets: 4 });
    expect(series.peaks).toEqual([0, 0, 0, 0]);
    expect(series.currentCents).toBe(0);
  });

  it("gives each bucket the highest windowed spend inside it (against the slow sum)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ atMs: fc.integer({ min: 0, max: 1_000 }), cents: fc.integer({ min: 0, max: 1_000 }) }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 12 }),
        (unordered, windowMs, buckets) => {
          const charges = byTime(unordered);
          const series = windowedSpend(charges, { windowMinutes: windowMs / minute, startMs: 0, endMs: 1_200, buckets });
          series.peaks.forEach((peak, b) => {
            const from = b * series.bucketMs;
            const to = b === buckets - 1 ? 1_200 : from + series.bucketMs;
            // The sum changes only at charges and just after expiries: sample every whole ms of the bucket.
            let highest = 0;
            for (let t = Math.ceil(from); t < to || (b === buckets - 1 && t <= to); t++)
              highest = Math.max(highest, spendAt(charges, windowMs, t));
            highest = Math.max(highest, spendAt(charges, windowMs, from));
            expect(peak).toBe(highest);
          });
          expect(series.currentCents).toBe(spendAt(charges, windowMs, 1_200));
        },
      ),
      { numRuns: 150 },
    );
  });
});
