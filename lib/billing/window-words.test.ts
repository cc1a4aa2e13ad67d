import { describe, expect, it } from "vitest";
import { approxDuration, windowWords } from "./window-words";

describe("windowWords", () => {
  it("names a window in its largest exact unit", () => {
    expect(windowWords(5)).toBe("5 min");
    expect(windowWords(90)).toBe("90 min");
    expect(windowWords(60)).toBe("1 h");
    expect(windowWords(1440)).toBe("24 h");
    expect(windowWords(2160)).toBe("36 h");
    expect(windowWords(2880)).toBe("2 days");
    expect(windowWords(43_200)).toBe("30 days");
  });
});

describe("approxDuration", () => {
  it("rounds to one unit", () => {
    expect(approxDuration(20_000)).toBe("under a minute");
    expect(approxDuration(25 * 60_000)).toBe("~25 min");
    expect(approxDuration(3 * 3_600_000 + 10 * 60_000)).toBe("~3 h");
    expect(approxDuration(5 * 86_400_000)).toBe("~5 days");
  });
});
