import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backtest, type BacktestDraft } from "./backtest";
import type { Charge } from "./spend-series";

const minute = 60_000;
const at = (minutes: number, cents: number): Charge => ({ atMs: minutes * minute, cents });
const draft = (tiers: BacktestDraft["tiers"], periodMinutes = 60, enabled = true): BacktestDraft => ({ enabled, periodMinutes, tiers });

/** The rule the slow way: before each charge, sum the window afresh. */
function slowBacktest(charges: readonly Charge[], d: BacktestDraft) {
  const armed = d.tiers.map(() => true);
  const fires = d.tiers.map(() => [] as number[]);
  const windowSum = (upTo: number, t: number) =>
    charges
      .slice(0, upTo)
      .filter((c) => c.atMs >= t - d.periodMinutes * minute)
      .reduce((s, c) => s + c.cents, 0);
  charges.forEach((charge, index) => {
    if (!d.enabled || charge.cents <= 0) return;
    const before = windowSum(index, charge.atMs);
    d.tiers.forEach((tier, i) => {
      if (before < tier.cents) armed[i] = true;
      if (armed[i] && before + charge.cents >= tier.cents) {
        armed[i] = false;
        fires[i]!.push(charge.atMs);
      }
    });
  });
  return fires;
}

describe("backtest", () => {
  it("fires a tier once while the windowed spend stays at or above it, and again after it dipped below", () => {
    const charges = [
      at(0, 300),
      at(10, 300), // 600 in the window: warning (500) fires
      at(20, 300), // 900: still above, no second fire
      at(90, 100), // the window [30, 90] held nothing before this: rearmed, 100 is below
      at(95, 450), // 550: warning fires again
    ];
    const { tiers, highestCents } = backtest(
      charges,
      draft([
        { tier: "warning", cents: 500 },
        { tier: "critical", cents: 1_000 },
      ]),
    );
    const [warning, critical] = tiers;
    expect(warning).toEqual({
      tier: "warning",
      cents: 500,
      fires: 2,
      first: { atMs: 10 * minute, spentCents: 600 },
      last: { atMs: 95 * minute, spentCents: 550 },
    });
    expect(critical).toEqual({ tier: "critical", cents: 1_000, fires: 0, first: undefined, last: undefined });
    expect(highestCents).toBe(900);
  });

  it("does not rearm on a dip between two charges that the window shows no charge in (the rule looks just before a charge)", () => {
    // The spend stays above 500 just before each charge, so no rearm however long the run.
    const charges = [at(0, 600), at(50, 600), at(100, 600), at(150, 600)];
    expect(backtest(charges, draft([{ tier: "warning", cents: 500 }])).tiers[0]!.fires).toBe(1);
  });

  it("counts the window's edges as the registry does: a charge exactly one window old is still in it", () => {
    const charges = [at(0, 300), at(60, 300)];
    expect(backtest(charges, draft([{ tier: "w", cents: 600 }])).tiers[0]!.fires).toBe(1);
    expect(backtest([at(0, 300), at(61, 300)], draft([{ tier: "w", cents: 600 }])).tiers[0]!.fires).toBe(0);
  });

  it("counts refunds against the spend, and fires nothing on a refund", () => {
    const charges = [at(0, 400), at(1, -400), at(2, 400), at(3, 100)];
    // 400, 0, 400, 500: the warning fires on the last charge only.
    expect(backtest(charges, draft([{ tier: "warning", cents: 500 }])).tiers[0]).toMatchObject({ fires: 1, first: { atMs: 3 * minute } });
  });

  it("fires nothing when the draft is disabled, or without spend", () => {
    expect(backtest([at(0, 10_000)], draft([{ tier: "warning", cents: 1 }], 60, false)).tiers[0]!.fires).toBe(0);
    expect(backtest([], draft([{ tier: "warning", cents: 0 }]))).toEqual({
      tiers: [{ tier: "warning", cents: 0, fires: 0, first: undefined, last: undefined }],
      highestCents: 0,
    });
  });

  it("agrees with the rule computed the slow way", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ atMs: fc.integer({ min: 0, max: 600 }), cents: fc.integer({ min: -300, max: 600 }) }), { maxLength: 60 }),
        fc.integer({ min: 5, max: 120 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 1_500 }), { minLength: 1, maxLength: 5 }),
        (unordered, periodMinutes, amounts) => {
          const charges = [...unordered].sort((a, b) => a.atMs - b.atMs).map((c) => ({ atMs: c.atMs * minute, cents: c.cents }));
          const d = draft(
            amounts.map((cents, i) => ({ tier: `t${i}`, cents })),
            periodMinutes,
          );
          const fast = backtest(charges, d).tiers;
          const slow = slowBacktest(charges, d);
          expect(fast.map((r) => r.fires)).toEqual(slow.map((f) => f.length));
          expect(fast.map((r) => r.first?.atMs)).toEqual(slow.map((f) => f[0]));
        },
      ),
      { numRuns: 300 },
    );
  });
});
