import { describe, expect, it } from "vitest";
import { searchParamsRecord } from "@/lib/http/search-params-record";
import { auditFilterParams, parseAuditFilters } from "./audit-filters";

describe("the audit log's filters", () => {
  it("reads every filter the page offers, trimmed, and writes them back in one order", () => {
    const params = {
      target: " acme ",
      caseReference: "KYC-1",
      company: "Acme",
      to: "2026-11-30",
      from: "2026-11-01",
      action: "company.ordered",
      actor: "ann@example.com",
    };
    const { filters, problems } = parseAuditFilters(params);
    expect(problems).toEqual([]);
    expect(filters).toEqual({ ...params, target: "acme" });
    expect(new URLSearchParams(auditFilterParams(filters)).toString()).toBe(
      "actor=ann%40example.com&action=company.ordered&from=2026-11-01&to=2026-11-30&company=Acme&caseReference=KYC-1&target=acme",
    );
    expect(parseAuditFilters(searchParamsRecord(new URLSearchParams(auditFilterParams(filters)))).filters).toEqual(filters);
  });

  it("reads a backwards range the right way round", () => {
    expect(parseAuditFilters({ from: "2026-12-31", to: "2026-01-01" }).filters).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });

  it("names a day it cannot read instead of dropping it silently, and keeps the other filters", () => {
    const { filters, problems } = parseAuditFilters({ from: "yesterday", to: "2026-02-30", company: "acme" });
    expect(filters).toEqual({ company: "acme" });
    expect(problems).toEqual([
      "The “From” day “yesterday” is not a date (year-month-day), so it was left out.",
      "The “To” day “2026-02-30” is not a date (year-month-day), so it was left out.",
    ]);
  });

  it("takes nothing for empty or blank values, the first of repeated ones, and drops a value past its length", () => {
    expect(parseAuditFilters({ actor: "", target: "  ", from: "" })).toEqual({ filters: {}, problems: [] });
    expect(parseAuditFilters({ company: ["a", "b"], caseReference: "x".repeat(501) }).filters).toEqual({ company: "a" });
  });
});
