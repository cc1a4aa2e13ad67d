import { describe, expect, it } from "vitest";
import { forecastWords } from "./spend-forecast-words";

describe("forecastWords", () => {
  it("names the rate and its window, and each tier's answer", () => {
    expect(
      forecastWords({
        centsPerHour: 1_250,
        rateWindowMs: 24 * 3_600_000,
        currentCents: 600,
        tiers: [
          { tier: "warning", cents: 500, when: "already" },
          { tier: "critical", cents: 1_000, when: "in", inMs: 3 * 3_600_000 },
          { tier: "extreme", cents: 90_000, when: "not_at_this_rate" },
        ],
      }),
    ).toBe(
      "At the current rate (12.5 credits an hour, the average over the last 24 hours): Warning already over; Critical in about 3 hours; extreme not at this rate.",
    );
  });

  it("says 'reached' when the spend equals the tier", () => {
    expect(
      forecastWords({
        centsPerHour: 0,
        rateWindowMs: 3_600_000,
        currentCents: 500,
        tiers: [{ tier: "warning", cents: 500, when: "already" }],
      }),
    ).toBe("At the current rate (0 credits an hour, the average over the last 1 hour): Warning already reached.");
  });
});
