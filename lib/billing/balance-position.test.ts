import { describe, expect, it } from "vitest";
import { reachedLowBalanceTier } from "./balance-position";

const tiers = [
  { tier: "warning", cents: 15_000 },
  { tier: "critical", cents: 5_000 },
  { tier: "depleted", cents: 0 },
];

describe("the low-balance tier the balance has reached", () => {
  it("is the lowest threshold at or above the balance", () => {
    expect(reachedLowBalanceTier(20_000, tiers)).toBeUndefined();
    expect(reachedLowBalanceTier(15_000, tiers)?.tier).toBe("warning");
    expect(reachedLowBalanceTier(4_000, tiers)?.tier).toBe("critical");
    expect(reachedLowBalanceTier(0, tiers)?.tier).toBe("depleted");
    expect(reachedLowBalanceTier(-10, [...tiers].reverse())?.tier).toBe("depleted");
  });
});
