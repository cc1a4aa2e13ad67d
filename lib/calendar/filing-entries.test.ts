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
      ["annualFiling", "2026-03-14", true, null],
      ["accounts", "2026-09-27", false, "2025-12-31"],
    ]);
    expect(entries[0]!.overdueBecause).toEqual(["due 2026-03-14"]);
    expect(entries[1]).toMatchObject({ caseReferences: ["CASE-1"], connection, requestId: "req_1", monitored: false });

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

  it("keeps one entry per company and kind: the newest snapshot wins, across requests and connections, and every case reference stays", () => {
    const older = dossier({ requestId: "req_old", caseReference: "CASE-OLD", snapshotAt: new Date("2026-01-01T00:00:00Z") });
    const newer = dossier({
      requestId: "req_new",
      caseReference: "CASE-NEW",
      connection: { id: "c2", name: "Production" },
      snapshotAt: new Date("2026-05-09T00:00:00Z"),
      statutoryFilings: { accounts: { next: { dueDate: "2026-10-31" } } },
    });
    const otherCountry = dossier({
      requestId: "req_ie",
      countryCode: "IE",
      statutoryFilings: { accounts: { next: { dueDate: "2026-06-01" } } },
    });
    const entries = filingEntries(
      [newer, older, otherCountry],
      [{ countryCode: "GB", companyId: "01234567", caseReference: "MON-7" }],
      now,
    );
    expect(entries.map((e) => [e.countryCode, e.kind, e.dueDate, e.requestId])).toEqual([
      ["IE", "accounts", "2026-06-01", "req_ie"],
      ["GB", "accounts", "2026-10-31", "req_new"],
    ]);
    expect(entries[1]).toMatchObject({
      caseReferences: ["CASE-NEW", "CASE-OLD", "MON-7"],
      monitored: true,
      connection: { name: "Production" },
    });
    expect(entries[0]).toMatchObject({ caseReferences: ["CASE-1"], monitored: false });
  });

  it("sorts overdue first (oldest first, undated last), then upcoming by date", () => {
    const a = dossier({ companyId: "A", statutoryFilings: { accounts: { next: { dueDate: "2026-07-01" } } } });
    const b = dossier({ companyId: "B", statutoryFilings: { accounts: { next: { dueDate: "2026-02-01" } } } });
    const c = dossier({ companyId: "C", statutoryFilings: null, complianceFlags: { accountsOverdue: { active: true } } });
    const d = dossier({ companyId: "D", statutoryFilings: { accounts: { next: { dueDate: "2026-05-20" } } } });
    const e = dossier({ companyId: "E", statutoryFilings: { accounts: { next: { dueDate: "2025-11-01" } } } });
    expect(filingEntries([a, b, c, d, e], [], now).map((x) => x.companyId)).toEqual(["E", "B", "C", "D", "A"]);
  });

  it("links the company file and its evidence pack, not the request the filings were read from", () => {
    expect(dossierPath({ countryCode: "GB", companyId: "A/1 b" })).toBe("/companies/GB/A%2F1%20b");
    expect(evidencePath({ countryCode: "GB", companyId: "A/1 b" })).toBe("/api/companies/GB/A%2F1%20b/evidence");
  });
});
