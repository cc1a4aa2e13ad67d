import { describe, expect, it } from "vitest";
import { labelHeight, placeTierLabels } from "./spend-tier-labels";

const flat = (level: number, n = 10) => Array.from({ length: n }, () => level);

describe("placeTierLabels", () => {
  it("puts a name above its line on the left when the spend line leaves that clear", () => {
    expect(placeTierLabels(flat(160), [{ y: 50 }], 168)).toEqual([{ top: 50 - labelHeight - 1, side: "left" }]);
  });

  it("moves a name right when the spend line passes through it on the left, and under its line when both halves are crossed above", () => {
    // Spend up to the top early in the month, then back to zero.
    const early = [160, 0, 0, 160, 160, 160, 160, 160, 160, 160];
    expect(placeTierLabels(early, [{ y: 50 }], 168)).toEqual([{ top: 33, side: "right" }]);
    // The line sits in the band above the tier everywhere, but not under it.
    expect(placeTierLabels(flat(40), [{ y: 50 }], 168)).toEqual([{ top: 51, side: "left" }]);
  });

  it("keeps names apart: a tier above the scale takes the top row first, a name by its line goes where it does not overlap it", () => {
    // Spend peaks early: both names go right, the one by its line under it so as not to overlap the row at the top.
    const early = [168, 0, 168, 168, 168, 168, 168, 168, 168, 168];
    expect(placeTierLabels(early, [{ y: 28 }, { row: 0 }], 168)).toEqual([
      { top: 29, side: "right" },
      { top: 2, side: "right" },
    ]);
    // Spend climbs at the very end (the drawer's case): both stay left, the lower name under its line.
    const late = [168, 168, 168, 168, 168, 168, 168, 168, 168, 0];
    expect(placeTierLabels(late, [{ y: 28 }, { row: 0 }], 168)).toEqual([
      { top: 29, side: "left" },
      { top: 2, side: "left" },
    ]);
  });
});
