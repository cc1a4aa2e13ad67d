import { describe, expect, it } from "vitest";
import { betweenDays, centsIn, lastDays, lastMinutes, totalCredits, windowOfPeriod, workspaceSpent } from "./spend-in-window";
import { windowedSpend } from "./spend-series";

const hour = 3_600_000;
const now = Date.parse("2026-05-20T12:00:00Z");
const charges = [
  { atMs: now - 30 * hour, cents: 900 },
  { atMs: now - 24 * hour, cents: 100 }, // exactly on the window's start: inside, as the registry sums it
  { atMs: now - 2 * hour, cents: 250 },
  { atMs: now, cents: 50 },
];

describe("spend in the window", () => {
  it("sums the charges from the window's start to its end, both included", () => {
    expect(centsIn(charges, lastMinutes(1440, now))).toBe(400);
    expect(centsIn(charges, lastMinutes(60, now))).toBe(50);
    expect(centsIn(charges, lastDays(30, now))).toBe(1300);
  });

  it("is what the chart's rolling high-usage sum reads at the window's end", () => {
    const series = windowedSpend(charges, { windowMinutes: 1440, startMs: now - 48 * hour, endMs: now, buckets: 8 });
    expect(centsIn(charges, lastMinutes(1440, now))).toBe(series.currentCents);
  });

  it("states its window in words", () => {
    expect(lastMinutes(1440, now).words).toBe("in the last 24 hours");
    expect(lastDays(30, now).words).toBe("in the last 30 days");
    expect(lastDays(7, now).words).toBe("in the last 7 days");
    expect(windowOfPeriod({ kind: "range", startDate: "2026-04-01", endDate: "2026-04-30", label: "" }, now)).toEqual({
      startMs: Date.parse("2026-04-01T00:00:00Z"),
      endMs: Date.parse("2026-05-01T00:00:00Z") - 1,
      words: "from 2026-04-01 to 2026-04-30",
    });
    expect(betweenDays("2026-05-20", "2026-05-20").endMs - betweenDays("2026-05-20", "2026-05-20").startMs).toBe(24 * hour - 1);
  });

  it("gives a workspace's spend in credits, and a total-only report only when it covers exactly the window", () => {
    const window = lastMinutes(1440, now);
    const read = { workspaceId: "ws-1", name: "paris", totalCents: 1300, requestCount: 4, charges };
    expect(workspaceSpent(read, window, now - 30 * 24 * hour)).toMatchObject({ credits: 4, creditCents: 400, requestCount: 3 });
    const totalOnly = { ...read, charges: undefined };
    expect(workspaceSpent(totalOnly, window, now - 30 * 24 * hour).credits).toBeUndefined();
    expect(workspaceSpent(totalOnly, window, window.startMs)).toMatchObject({ credits: 13, requestCount: 4 });
  });

  it("totals the known figures of all workspaces, and knows no total when none is known", () => {
    expect(totalCredits([{ credits: 4 }, { credits: undefined }, { credits: 2.5 }])).toBe(6.5);
    expect(totalCredits([{ credits: undefined }])).toBeUndefined();
  });
});
