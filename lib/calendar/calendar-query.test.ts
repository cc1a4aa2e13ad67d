import { describe, expect, it } from "vitest";
import { filterParams, parseCalendarQuery } from "./calendar-query";

const now = new Date("2026-05-10T15:00:00Z");

describe("parseCalendarQuery", () => {
  it("defaults to the agenda of the current month", () => {
    expect(parseCalendarQuery({}, now)).toEqual({ query: { view: "agenda", month: "2026-05" }, problems: [] });
  });

  it("reads the view, month and filters, trimming text and upper-casing the country", () => {
    const { query, problems } = parseCalendarQuery(
      { view: "month", month: "2026-12", country: " gb", company: " acme ", caseReference: "K-1" },
      now,
    );
    expect(problems).toEqual([]);
    expect(query).toEqual({ view: "month", month: "2026-12", country: "GB", company: "acme", caseReference: "K-1" });
  });

  it("reads show=all, the agenda's every row, and refuses any other value", () => {
    expect(parseCalendarQuery({ show: "all" }, now).query.show).toBe("all");
    const refused = parseCalendarQuery({ show: "everything" }, now);
    expect(refused.query.show).toBeUndefined();
    expect(refused.problems).toEqual(["Show must be all, or left out."]);
  });

  it("ignores a refused parameter, naming it and why, and keeps the others", () => {
    const { query, problems } = parseCalendarQuery(
      { view: "year", month: "2026-13", country: "GBR", company: "x".repeat(201), caseReference: "ok" },
      now,
    );
    expect(query).toEqual({ view: "agenda", month: "2026-05", caseReference: "ok" });
    expect(problems).toEqual([
      "View must be either agenda or month.",
      "Month must be a month as YYYY-MM.",
      "Country must be a two-letter country code.",
      "Company must be at most 200 characters.",
    ]);
  });
});

describe("filterParams", () => {
  it("turns the filters back into search parameters", () => {
    expect(filterParams({ country: "GB", company: "a b", caseReference: undefined }).toString()).toBe("country=GB&company=a+b");
  });
});
