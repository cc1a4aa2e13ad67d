import { migrate } from "drizzle-orm/node-postgres/migrator";
import { describe, expect, it } from "vitest";
import { migrationBefore } from "@/test/migration-before";
import { createDatabase } from "./client";
import { migrationsFolder } from "./migrate";

// Migration 0007 keeps the calendar's parts of each snapshot beside it (company_requests.filings), filled here for
// the snapshots stored before it; storeSnapshot writes it from then on.
const { url, before } = migrationBefore("0007");

describe("migration 0007 (calendar filings beside the snapshot)", () => {
  it("fills filings from every stored snapshot, and leaves requests without one alone", async () => {
    const { db, pool } = createDatabase(url, 1);
    try {
      await migrate(db, { migrationsFolder: before() });
      const snapshot = {
        request: { requestId: "req_a", metadata: { caseReference: "CASE-7", orderedBy: "someone" } },
        company: {
          legalName: "Filing Ltd",
          statutoryFilings: { accounts: { next: { dueDate: "2027-01-31" } } },
          complianceFlags: { annualFilingOverdue: { active: true } },
          officers: [{ name: "Not read" }],
        },
      };
      await pool.query(
        `insert into company_requests (request_id, origin, country_code, company_id, snapshot) values
           ('req_a', 'console', 'GB', '1', $1::json), ('req_b', 'console', 'GB', '2', null), ('req_c', 'elsewhere', 'IE', '3', '{"request": {"requestId": "req_c"}}')`,
        [JSON.stringify(snapshot)],
      );

      await migrate(db, { migrationsFolder });

      const rows = await pool.query<{ request_id: string; filings: unknown }>(
        "select request_id, filings from company_requests order by request_id",
      );
      expect(rows.rows).toEqual([
        {
          request_id: "req_a",
          filings: {
            legalName: "Filing Ltd",
            statutoryFilings: { accounts: { next: { dueDate: "2027-01-31" } } },
            complianceFlags: { annualFilingOverdue: { active: true } },
            caseReference: "CASE-7",
          },
        },
        { request_id: "req_b", filings: null },
        { request_id: "req_c", filings: { legalName: null, statutoryFilings: null, complianceFlags: null, caseReference: null } },
      ]);
    } finally {
      await pool.end();
    }
  });
});
