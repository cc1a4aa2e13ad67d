import { describe, expect, it } from "vitest";
import { previewLines } from "./model-preview-words.shared";

describe("previewLines", () => {
  it("says each transition, lowest first, then the unchanged, the pinned and the unrated", () => {
    const lines = previewLines({
      evaluated: 955,
      unchanged: 900,
      transitions: [
        { from: "high", to: "medium", count: 40 },
        { from: "low", to: "medium", count: 12 },
        { from: "medium", to: "high", count: 3 },
      ],
      pinned: 4,
      pinnedWouldChange: 1,
      unrated: 1,
      unreadable: 0,
    });
    expect(lines).toEqual([
      "12 companies go from Low to Medium",
      "3 companies go from Medium to High",
      "40 companies go from High to Medium",
      "900 companies keep their rating",
      "4 companies pinned by hand keep the pin (1 would otherwise be rated differently)",
      "1 company not rated yet is not counted",
    ]);
  });

  it("says when nothing would change, and when nothing is rated", () => {
    const none = { evaluated: 1, unchanged: 1, transitions: [], pinned: 0, pinnedWouldChange: 0, unrated: 0, unreadable: 0 };
    expect(previewLines(none)).toEqual(["No rating would change: 1 company keeps its rating"]);
    expect(previewLines({ ...none, evaluated: 0, unchanged: 0 })).toEqual(["No company has a rating yet: nothing would change."]);
  });
});
