import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRequests } from "@/db/schema";
import { auditCsvBatches } from "./audit-export";
import { parseAuditFilters, type AuditFilters } from "./audit-filters";
import { listAudit } from "./list-audit";

const at = (iso: string) => new Date(iso);

/** The targets of the rows the filters select, newest first. */
const targets = async (filters: AuditFilters) => (await listAudit({ ...filters, page: 1 })).rows.map((row) => row.target);

describe("the audit log's filters", () => {
  beforeAll(async () => {
    await db()
      .insert(companyRequests)
      .values({
        requestId: "req_acme",
        origin: "console",
        countryCode: "GB",
        companyId: "01234567",
        companyName: "ACME Widgets Ltd",
        filings: { legalName: null, statutoryFilings: null, complianceFlags: null, caseReference: "KYC-2026/7" },
      });
    await db()
      .insert(auditLog)
      .values([
        { actorEmail: "ann@example.com", action: "user.created", target: "late-on-the-1st", at: at("2026-03-01T23:59:59.999Z") },
        {
          actorEmail: "ann@example.com",
          action: "company.ordered",
          target: "GB 01234567",
          details: { requestId: "req_acme", caseReference: "KYC-2026/7" },
          at: at("2026-03-02T00:00:00Z"),
        },
        { actorEmail: "bob@example.com", action: "document.downloaded", target: "req_acme", at: at("2026-03-02T12:00:00Z") },
        {
          actorEmail: "bob@example.com",
          action: "monitor.started",
          target: "DE HRB 100%_A",
          details: { caseReference: "Onboarding_B" },
          at: at("2026-03-02T23:59:59.999Z"),
        },
        { actorEmail: "ann@example.com", action: "user.created", target: "early-on-the-3rd", at: at("2026-03-03T00:00:00Z") },
      ]);
  });

  it("selects whole UTC days, both ends included, whichever way round the range is typed", async () => {
    const day2 = ["DE HRB 100%_A", "req_acme", "GB 01234567"];
    expect(await targets({ from: "2026-03-02", to: "2026-03-02" })).toEqual(day2);
    expect(await targets(parseAuditFilters({ from: "2026-03-02", to: "2026-03-01" }).filters)).toEqual([...day2, "late-on-the-1st"]);
    expect(await targets({ from: "2026-03-03" })).toEqual(["early-on-the-3rd"]);
    expect(await targets({ to: "2026-03-01" })).toEqual(["late-on-the-1st"]);
  });

  it("finds a company by any part of its name or number, in the row or in the request it is about", async () => {
    expect(await targets({ company: "widgets" })).toEqual(["req_acme", "GB 01234567"]);
    expect(await targets({ company: "1234" })).toEqual(["req_acme", "GB 01234567"]);
    expect(await targets({ company: "hrb 100" })).toEqual(["DE HRB 100%_A"]);
    expect(await targets({ company: "%_a" })).toEqual(["DE HRB 100%_A"]);
    expect(await targets({ company: "%x" })).toEqual([]);
  });

  it("finds a case reference in the row's details or in the request it is about", async () => {
    expect(await targets({ caseReference: "kyc-2026" })).toEqual(["req_acme", "GB 01234567"]);
    expect(await targets({ caseReference: "_" })).toEqual(["DE HRB 100%_A"]);
  });

  it("finds a target by any part of it, and combines the filters", async () => {
    expect(await targets({ target: "ON-THE" })).toEqual(["early-on-the-3rd", "late-on-the-1st"]);
    expect(await targets({ target: "on-the", actor: "ann@example.com", from: "2026-03-02" })).toEqual(["early-on-the-3rd"]);
    expect(await targets({ company: "acme", action: "document.downloaded" })).toEqual(["req_acme"]);
  });

  it("exports the rows the page selects", async () => {
    const exported: string[] = [];
    for await (const batch of auditCsvBatches({ company: "acme" }, 1)) exported.push(...batch.map((cells) => cells[3]!));
    expect(exported).toEqual(["req_acme", "GB 01234567"]);
  });
});
