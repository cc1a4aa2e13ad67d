import { migrate } from "drizzle-orm/node-postgres/migrator";
import { describe, expect, it } from "vitest";
import { createDatabase } from "@/db/client";
import { migrationsFolder } from "@/db/migrate";
import { fileUnfiledDeadlines } from "@/lib/company-file/company-file-store";
import { insertOldConnection, migrationBefore } from "@/test/migration-before";

// Migration 0011 adds the filing deadlines; the launcher writes those of every company file stored before
// (fileUnfiledDeadlines), from the file's filings as they are. No file is otherwise changed.
const { url, before } = migrationBefore("0011");

describe("migration 0011 (filing deadlines)", () => {
  it("marks every file unfiled, and the launcher writes their deadlines once", async () => {
    const { db, pool } = createDatabase(url, 1);
    try {
      await migrate(db, { migrationsFolder: before() });
      const connectionId = await insertOldConnection(pool);
      const source = (requestId: string) => ({ requestId, version: 1, asOf: "2026-03-01T10:00:00.000Z" });
      const files = [
        {
          id: "DATED",
          filings: {
            legalName: "Dated Ltd",
            caseReference: "CASE-D",
            statutoryFilings: {
              accounts: { next: { dueDate: "2026-09-30", periodEnd: "2025-12-31" } },
              annualFiling: { next: { dueDate: "2026-04-01", overdue: true } },
            },
            complianceFlags: null,
            source: source("req_dated"),
          },
        },
        {
          id: "FLAGGED",
          filings: {
            legalName: "Flagged Ltd",
            caseReference: null,
            statutoryFilings: { accounts: "not an object" },
            complianceFlags: { annualFilingOverdue: { active: true } },
            source: source("req_flagged"),
          },
        },
        { id: "NONE", filings: null },
      ];
      for (const file of files) {
        await pool.query(
          `insert into company_files (connection_id, country_code, company_id, company_name, filings) values ($1, 'GB', $2, $3, $4::jsonb)`,
          [connectionId, file.id, `${file.id} (file name)`, JSON.stringify(file.filings)],
        );
      }
      const filesBefore = await pool.query("select company_id, filings::text, revision from company_files order by company_id");

      await migrate(db, { migrationsFolder });

      const unfiled = await pool.query<{ company_id: string }>(
        "select company_id from company_files where not deadlines_filed order by company_id",
      );
      expect(unfiled.rows.map((r) => r.company_id)).toEqual(["DATED", "FLAGGED", "NONE"]);

      expect(await fileUnfiledDeadlines(db, 2)).toBe(3); // two statements: two files, then one
      const deadlines = await pool.query(
        `select company_id, kind, scheduled, company_name, due_date::text, period_end::text, register_overdue, flagged, case_reference, request_id
         from filing_deadlines order by company_id, kind`,
      );
      expect(deadlines.rows).toEqual([
        {
          company_id: "DATED",
          kind: "accounts",
          scheduled: true,
          company_name: "Dated Ltd",
          due_date: "2026-09-30",
          period_end: "2025-12-31",
          register_overdue: false,
          flagged: false,
          case_reference: "CASE-D",
          request_id: "req_dated",
        },
        {
          company_id: "DATED",
          kind: "annualFiling",
          scheduled: true,
          company_name: "Dated Ltd",
          due_date: "2026-04-01",
          period_end: null,
          register_overdue: true,
          flagged: false,
          case_reference: "CASE-D",
          request_id: "req_dated",
        },
        // A row of each kind for a file with filings: the accounts are not scheduled (their part did not parse).
        {
          company_id: "FLAGGED",
          kind: "accounts",
          scheduled: false,
          company_name: "Flagged Ltd",
          due_date: null,
          period_end: null,
          register_overdue: false,
          flagged: false,
          case_reference: null,
          request_id: "req_flagged",
        },
        {
          company_id: "FLAGGED",
          kind: "annualFiling",
          scheduled: true,
          company_name: "Flagged Ltd",
          due_date: null,
          period_end: null,
          register_overdue: false,
          flagged: true,
          case_reference: null,
          request_id: "req_flagged",
        },
      ]);
      // Once: the next start finds nothing to write, and the files are as they were.
      expect(await fileUnfiledDeadlines(db)).toBe(0);
      expect((await pool.query("select company_id, filings::text, revision from company_files order by company_id")).rows).toEqual(
        filesBefore.rows,
      );
      // A deleted connection takes its files' deadlines with it.
      await pool.query("delete from registry_connections where id = $1", [connectionId]);
      expect((await pool.query("select count(*)::int as n from filing_deadlines")).rows[0]).toEqual({ n: 0 });
    } finally {
      await pool.end();
    }
  });
});
