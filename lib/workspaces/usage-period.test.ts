import { describe, expect, it } from "vitest";
import { usagePeriod } from "./usage-period";

const now = new Date("2026-05-20T15:30:00Z");

describe("usagePeriod", () => {
  it("is the last 30 days by default, ending today", () => {
    expect(usagePeriod({}, now)).toEqual({ startDate: "2026-04-20", endDate: "2026-05-20", kind: "30d", label: "the last 30 days" });
  });

  it("takes the 7-day preset", () => {
    expect(usagePeriod({ period: "7d" }, now)).toMatchObject({ startDate: "2026-05-13", endDate: "2026-05-20", kind: "7d" });
  });

  it("takes from–to dates, which win over a preset", () => {
    expect(usagePeriod({ period: "7d", from: "2026-01-01", to: "2026-01-31" }, now)).toEqual({
      startDate: "2026-01-01",
      endDate: "2026-01-31",
      kind: "range",
      label: "2026-01-01 to 2026-01-31",
    });
  });

  it.each([
    [{ period: "1y" }, 'There is no period "1y"'],
    [{ from: "2026-02-30", to: "2026-03-01" }, "The start date must be a date"],
    [{ from: "2026-02-01" }, "The end date must be a date"],
    [{ from: "2026-03-02", to: "2026-03-01" }, "is after the end date"],
    [{ from: "yesterday", to: "2026-03-01" }, "The start date must be a date"],
  ])("falls back to the last 30 days with a reason for %o", (query, reason) => {
    const period = usagePeriod(query, now);
    expect(period).toMatchObject({ startDate: "2026-04-20", endDate: "2026-05-20", kind: "30d" });
    expect(period.problem).toContain(reason);
  });
});
