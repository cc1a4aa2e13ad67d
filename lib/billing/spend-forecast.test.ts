import { describe, expect, it } from "vitest";
import { forecastTiers } from "./spend-forecast";
import type { Charge } from "./spend-series";

const minute = 60_000;
const hour = 60 * minute;
const now = 1_000 * hour;
const ago = (minutes: number, cents: number): Charge => ({ atMs: now - minutes * minute, cents });

describe("forecastTiers", () => {
  it("says a tier the window's spend already meets is already reached", () => {
    const forecast = forecastTiers([ago(10, 600)], { nowMs: now, windowMinutes: 60, tiers: [{ tier: "warning", cents: 500 }] });
    expect(forecast.currentCents).toBe(600);
    expect(forecast.tiers).toEqual([{ tier: "warning", cents: 500, when: "already" }]);
  });

  it("reaches nothing without spend over the rate window", () => {
    const forecast = forecastTiers([ago(25 * 60, 600)], { nowMs: now, windowMinutes: 60 * 48, tiers: [{ tier: "critical", cents: 900 }] });
    expect(forecast.centsPerHour).toBe(0);
    expect(forecast.tiers[0]).toMatchObject({ when: "not_at_this_rate" });
  });

  it("rises with the rate while the charges in the window are still there", () => {
    // 100 cents every 10 minutes over the last hour: 10 cents a minute; the window holds 600.
    const charges = [50, 40, 30, 20, 10, 0].map((m) => ago(m, 100));
    const forecast = forecastTiers(charges, {
      nowMs: now,
      windowMinutes: 60,
      rateWindowMs: hour,
      tiers: [{ tier: "critical", cents: 650 }],
    });
    expect(forecast.centsPerHour).toBe(600);
    // 50 more cents take 5 minutes, before the charge made 50 minutes ago leaves (in 10).
    expect(forecast.tiers[0]).toEqual({ tier: "critical", cents: 650, when: "in", inMs: 5 * minute });
  });

  it("lets old charges age out: a tier above rate × window is not reached, one below it is, once the window holds only the rate's spend", () => {
    // 360 cents over the last 2 hours: 3 a minute, which fills a 60-minute window to 180.
    const charges = [ago(100, 350), ago(50, 10)];
    const forecast = forecastTiers(charges, {
      nowMs: now,
      windowMinutes: 60,
      rateWindowMs: 2 * hour,
      tiers: [
        { tier: "warning", cents: 170 },
        { tier: "critical", cents: 200 },
      ],
    });
    expect(forecast.currentCents).toBe(10);
    expect(forecast.tiers[0]!.inMs).toBeCloseTo((170 / 3) * minute, 6);
    expect(forecast.tiers[1]).toEqual({ tier: "critical", cents: 200, when: "not_at_this_rate" });
  });

  it("does not count charges after now (a registry clock ahead of ours)", () => {
    const forecast = forecastTiers([{ atMs: now + hour, cents: 10_000 }], {
      nowMs: now,
      windowMinutes: 60,
      tiers: [{ tier: "warning", cents: 500 }],
    });
    expect(forecast.currentCents).toBe(0);
    expect(forecast.tiers[0]!.when).toBe("not_at_this_rate");
  });
});

describe("forecastTiers with refunds", () => {
  it("counts a refund as a negative charge, in the window and in the rate", () => {
    // 800 net over the last 2 hours (400 an hour), all of it still in the 60-minute window.
    const charges = [ago(35, 900), ago(25, -400), ago(5, 300)];
    const forecast = forecastTiers(charges, {
      nowMs: now,
      windowMinutes: 60,
      rateWindowMs: 2 * hour,
      tiers: [{ tier: "warning", cents: 850 }],
    });
    expect(forecast.currentCents).toBe(800);
    // Over [0, 25 min] the rate (400 per hour) lifts 800 to 850 in 7.5 minutes.
    expect(forecast.tiers[0]!.inMs).toBeCloseTo(7.5 * minute, 6);
  });

  it("reaches a tier when a refund leaves the window, at zero rate", () => {
    const charges = [ago(100, 500), ago(50, -500), ago(40, 500)];
    // Rate over 1 h: 0 (the refund and the later charge cancel); now 0 in the window, 500 once the refund leaves.
    const forecast = forecastTiers(charges, { nowMs: now, windowMinutes: 60, rateWindowMs: hour, tiers: [{ tier: "w", cents: 400 }] });
    expect(forecast.centsPerHour).toBe(0);
    expect(forecast.currentCents).toBe(0);
    expect(forecast.tiers[0]).toEqual({ tier: "w", cents: 400, when: "in", inMs: 10 * minute });
  });
});
