import { describe, expect, it } from "vitest";
import { filterEntries, filterParams, parseCalendarQuery } from "./calendar-query";
import { filingEntries, type DossierFilings } from "./filing-entries";

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

describe("filterEntries", () => {
  const dossier = (countryCode: string, companyId: string, companyName: string, caseReference: string | null): DossierFilings => ({
    requestId: `req_${companyId}`,
    snapshotAt: now,
    connection: null,
    countryCode,
    companyId,
    companyName,
    caseReference,
    statutoryFilings: { accounts: { next: { dueDate: "2026-06-01" } } },
    complianceFlags: undefined,
  });
  const entries = filingEntries(
    [
      dossier("GB", "01", "Acme Ltd", "KYC-2026-1"),
      dossier("IE", "02", "Beta Teoranta", "AML-7"),
      dossier("GB", "HRB 9", "Gamma plc", null),
    ],
    [],
    now,
  );
  const ids = (query: Parameters<typeof filterEntries>[1]) => filterEntries(entries, query).map((e) => e.companyId);

  it("filters by country, by part of the company's name or id, and by part of a case reference, any case", () => {
    expect(ids({})).toEqual(["01", "02", "HRB 9"]);
    expect(ids({ country: "GB" })).toEqual(["01", "HRB 9"]);
    expect(ids({ company: "teor" })).toEqual(["02"]);
    expect(ids({ company: "hrb" })).toEqual(["HRB 9"]);
    expect(ids({ caseReference: "kyc-2026" })).toEqual(["01"]);
    expect(ids({ country: "GB", caseReference: "AML" })).toEqual([]);
  });

  it("turns the filters back into search parameters", () => {
    expect(filterParams({ country: "GB", company: "a b", caseReference: undefined }).toString()).toBe("country=GB&company=a+b");
  });
});
