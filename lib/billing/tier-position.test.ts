import { describe, expect, it } from "vitest";
import { reachedLowBalanceTier, tierPosition } from "./tier-position.shared";

const tiers = [
  { tier: "HIGH", cents: 50_000 },
  { tier: "MEDIUM", cents: 10_000 },
  { tier: "LOW", cents: 1_000 },
];

describe("tierPosition", () => {
  it("names the highest tier reached and the next one, whatever order the registry lists them in", () => {
    expect(tierPosition(12_000, tiers)).toEqual({ reached: { tier: "MEDIUM", cents: 10_000 }, next: { tier: "HIGH", cents: 50_000 } });
  });

  it("counts a spend exactly at a threshold as reaching it", () => {
    expect(tierPosition(1_000, tiers).reached?.tier).toBe("LOW");
  });

  it("has no reached tier below the lowest, and no next tier above the highest", () => {
    expect(tierPosition(999, tiers)).toEqual({ reached: undefined, next: { tier: "LOW", cents: 1_000 } });
    expect(tierPosition(60_000, tiers)).toEqual({ reached: { tier: "HIGH", cents: 50_000 }, next: undefined });
  });
});

describe("the low-balance tier the balance has reached", () => {
  const lowBalanceTiers = [
    { tier: "warning", cents: 15_000 },
    { tier: "critical", cents: 5_000 },
    { tier: "depleted", cents: 0 },
  ];

  it("is the lowest threshold at or above the balance", () => {
    expect(reachedLowBalanceTier(20_000, lowBalanceTiers)).toBeUndefined();
    expect(reachedLowBalanceTier(15_000, lowBalanceTiers)?.tier).toBe("warning");
    expect(reachedLowBalanceTier(4_000, lowBalanceTiers)?.tier).toBe("critical");
    expect(reachedLowBalanceTier(0, lowBalanceTiers)?.tier).toBe("depleted");
    expect(reachedLowBalanceTier(-10, [...lowBalanceTiers].reverse())?.tier).toBe("depleted");
  });
});
