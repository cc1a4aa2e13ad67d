import { describe, expect, it } from "vitest";
import { spendScale } from "./spend-scale";

const tiers = [
  { tier: "warning", cents: 50_000 },
  { tier: "critical", cents: 100_000 },
];

describe("spendScale", () => {
  it("fits the data, not the tiers: a small spend far below its tiers fills the chart", () => {
    const scale = spendScale([0, 120, 730, 400], tiers);
    expect(scale.top).toBe(800);
    expect(scale.bottom).toBe(0);
    expect(scale.ticks).toEqual([0, 200, 400, 600, 800]);
    expect(scale.tiersAbove).toEqual(["warning", "critical"]);
  });

  it("draws a tier inside when the spend comes within half again of it", () => {
    const scale = spendScale([40_000], tiers);
    expect(scale.top).toBe(50_000);
    expect(scale.tiersAbove).toEqual(["critical"]);
  });

  it("reaches below zero only for a refund, and is one credit tall when nothing was spent", () => {
    expect(spendScale([-300, 0], []).bottom).toBe(-300);
    expect(spendScale([0, 0], tiers)).toMatchObject({ bottom: 0, top: 100, tiersAbove: ["warning", "critical"] });
  });
});
