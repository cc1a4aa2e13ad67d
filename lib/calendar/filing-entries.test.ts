import { describe, expect, it } from "vitest";
import { withDeadlines, type DossierFixture } from "@/test/dossier-filings";
import { dossierPath, evidencePath, filingEntries, type DossierFilings } from "./filing-entries";

const now = new Date("2026-05-10T15:00:00Z");
const connection = { id: "c1", name: "Local simulator" };

const dossier = (overrides: Partial<DossierFixture> = {}): DossierFilings =>
  withDeadlines({
    requestId: "req_1",
    snapshotAt: new Date("2026-05-01T00:00:00Z"),
    connection,
    countryCode: "GB",
    companyId: "01234567",
    companyName: "Acme Ltd",
    caseReference: "CASE-1",
    statutoryFilings: {
      accounts: { next: { year: 2026, periodEnd: "2025-12-31", dueDate: "2026-09-27", overdue: false } },
      annualFiling: { next: { year: 2026, dueDate: "2026-03-14", overdue: false } },
    },
    complianceFlags: undefined,
    ...overrides,
  });

describe("filingEntries", () => {
  it("reads both filings' next due dates; a date before today is overdue, today and later are not", () => {
    const entries = filingEntries([dossier()], [], now);
    expect(entries.map((e) => [e.kind, e.dueDate, e.overdue, e.periodEnd])).toEqual([
      ["accounts", "2026-09-27", false, "2025-12-31"],
      ["annualFiling", "2026-03-14", true, null],
    ]);
    expect(entries[1]!.overdueBecause).toEqual(["due 2026-03-14"]);
    expect(entries[0]).toMatchObject({ caseReferences: ["CASE-1"], connection, requestId: "req_1", monitored: false });

    const dueToday = dossier({ statutoryFilings: { accounts: { next: { dueDate: "2026-05-10" } } } });
    expect(filingEntries([dueToday], [], now)[0]).toMatchObject({ dueDate: "2026-05-10", overdue: false });
  });

  it("is overdue when the register marks it so or its compliance flag is active, even with a future date", () => {
    const marked = dossier({
      statutoryFilings: { accounts: { next: { dueDate: "2026-12-01", overdue: true } }, annualFiling: { next: { dueDate: "2027-03-14" } } },
      complianceFlags: { annualFilingOverdue: { active: true, since: "2026-04-01" }, accountsOverdue: { active: false } },
    });
    const entries = filingEntries([marked], [], now);
    expect(entries.map((e) => [e.kind, e.overdue, e.overdueBecause])).toEqual([
      ["accounts", true, ["marked overdue by the register"]],
      ["annualFiling", true, ["flagged overdue in the register's compliance flags"]],
    ]);
  });

  it("keeps an active flag without any filing date as an undated overdue entry (its own due date when the flag has one)", () => {
    const flagsOnly = dossier({
      statutoryFilings: undefined,
      complianceFlags: { accountsOverdue: { active: true, dueDate: "2024-09-30" }, annualFilingOverdue: { active: true } },
    });
    expect(filingEntries([flagsOnly], [], now).map((e) => [e.kind, e.dueDate, e.overdue])).toEqual([
      ["accounts", "2024-09-30", true],
      ["annualFiling", null, true],
    ]);
    expect(filingEntries([dossier({ statutoryFilings: null, complianceFlags: { accountsOverdue: { active: false } } })], [], now)).toEqual(
      [],
    );
  });

  it("ignores a due date that is not a date rather than misplacing it", () => {
    const garbled = dossier({ statutoryFilings: { accounts: { next: { dueDate: "soon" } } } });
    expect(filingEntries([garbled], [], now)).toEqual([]);
  });

  it("gives each company every case reference of its file, first orders and running monitors, and marks it monitored", () => {
    const other = dossier({
      requestId: "req_ie",
      countryCode: "IE",
      caseReference: null,
      statutoryFilings: { accounts: { next: { dueDate: "2026-06-01" } } },
    });
    const entries = filingEntries(
      [dossier({ statutoryFilings: { accounts: { next: { dueDate: "2026-10-31" } } } }), other],
      [{ countryCode: "GB", companyId: "01234567", caseReference: "MON-7" }],
      now,
      [
        { countryCode: "GB", companyId: "01234567", caseReference: "CASE-OLD" },
        { countryCode: "GB", companyId: "01234567", caseReference: "CASE-1" },
      ],
    );
    expect(entries.map((e) => [e.countryCode, e.kind, e.dueDate, e.requestId])).toEqual([
      ["GB", "accounts", "2026-10-31", "req_1"],
      ["IE", "accounts", "2026-06-01", "req_ie"],
    ]);
    expect(entries[0]).toMatchObject({ caseReferences: ["CASE-1", "CASE-OLD", "MON-7"], monitored: true });
    expect(entries[1]).toMatchObject({ caseReferences: [], monitored: false });
  });

  it("links the company file and its evidence pack, not the request the filings were read from", () => {
    expect(dossierPath({ countryCode: "GB", companyId: "A/1 b" })).toBe("/companies/GB/A%2F1%20b");
    expect(evidencePath({ countryCode: "GB", companyId: "A/1 b" })).toBe("/api/companies/GB/A%2F1%20b/evidence");
  });
});
