import { describe, expect, it } from "vitest";
import { ByteBudget } from "./byte-budget";

describe("the in-flight byte budget of webhook bodies", () => {
  it("admits a delivery only while its declared length fits beside what is held now", () => {
    const budget = new ByteBudget(100);
    const first = budget.admit(80)!;
    expect(first).toBeDefined();
    expect(budget.inFlight).toBe(0); // a declared length is not held: only bytes received are
    expect(first.take(70)).toBe(true);
    expect(budget.admit(31)).toBeUndefined();
    expect(budget.admit(30)).toBeDefined();
  });

  it("refuses bytes past the limit without counting them, and gives back everything a hold took, once", () => {
    const budget = new ByteBudget(100);
    const [a, b] = [budget.admit(0)!, budget.admit(0)!];
    expect(a.take(60)).toBe(true);
    expect(b.take(41)).toBe(false);
    expect(b.take(40)).toBe(true);
    expect(budget.inFlight).toBe(100);
    a.release();
    a.release();
    expect(budget.inFlight).toBe(40);
    b.release();
    expect(budget.inFlight).toBe(0);
  });
});
