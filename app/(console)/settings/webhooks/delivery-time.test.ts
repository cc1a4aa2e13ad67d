import { describe, expect, it } from "vitest";
import { formatGap, formatProcessingMs, utcTime } from "./delivery-time";

describe("webhook times", () => {
  it("shows UTC to the millisecond", () => {
    expect(utcTime(new Date("2026-03-01T10:00:00.123Z"))).toBe("2026-03-01 10:00:00.123");
  });

  it("words a gap in the largest sensible unit", () => {
    expect(formatGap(0.25)).toBe("250 µs");
    expect(formatGap(0)).toBe("0 µs");
    expect(formatGap(12.4)).toBe("12 ms");
    expect(formatGap(1500)).toBe("1.5 s");
    expect(formatGap(125_000)).toBe("2 min 5 s");
    expect(formatGap(3 * 3_600_000 + 90_000)).toBe("3 h 2 min");
  });

  it("keeps a decimal for short processing times", () => {
    expect(formatProcessingMs(2.345)).toBe("2.3");
    expect(formatProcessingMs(45.6)).toBe("46");
  });
});
