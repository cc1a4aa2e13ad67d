import { describe, expect, it } from "vitest";
import { createRng, hashString } from "./random";

describe("seeded randomness", () => {
  it("gives the same sequence for the same seed and different ones for different seeds", () => {
    const draw = (seed: string) => {
      const rng = createRng("FR", seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(draw("443061841")).toEqual(draw("443061841"));
    expect(draw("443061841")).not.toEqual(draw("443061842"));
  });

  it("keeps helpers within their bounds", () => {
    const rng = createRng("bounds");
    for (let i = 0; i < 2000; i++) {
      const n = rng.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      const f = rng.next();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
    expect(rng.digits(12)).toMatch(/^\d{12}$/);
    expect(rng.shuffle([1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(rng.sample([1, 2, 3, 4, 5], 3)).size).toBe(3);
    expect(() => rng.pick([])).toThrow();
  });

  it("derives independent, reproducible sub-streams", () => {
    const a = createRng("x").fork("people");
    const b = createRng("x").fork("people");
    const c = createRng("x").fork("documents");
    expect(a.next()).toBe(b.next());
    expect(createRng("x").fork("people").next()).not.toBe(c.next());
  });

  it("hashes strings stably", () => {
    expect(hashString("FR:443061841")).toBe(hashString("FR:443061841"));
    expect(hashString("a")).not.toBe(hashString("b"));
  });

  it("picks by weight", () => {
    const rng = createRng("weights");
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 1000; i++) counts[rng.weighted(["a", "b"] as const, [9, 1])]++;
    expect(counts.a).toBeGreaterThan(800);
  });
});
