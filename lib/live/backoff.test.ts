import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff.shared";

const backoff = { minMs: 250, maxMs: 10_000 };

describe("backoffDelay", () => {
  it("doubles from minMs on each attempt", () => {
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, backoff, () => 1))).toEqual([250, 500, 1000, 2000]);
  });

  it("never exceeds maxMs, even after very many attempts", () => {
    expect(backoffDelay(6, backoff, () => 1)).toBe(10_000);
    expect(backoffDelay(10_000, backoff, () => 1)).toBe(10_000);
  });

  it("jitters down to half the delay, never below", () => {
    expect(backoffDelay(2, backoff, () => 0)).toBe(500);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(3, backoff);
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(2000);
    }
  });
});
