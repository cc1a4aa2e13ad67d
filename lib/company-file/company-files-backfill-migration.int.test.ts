import { migrate } from "drizzle-orm/node-postgres/migrator";
import { describe, expect, it } from "vitest";
import { fileUnfiledRequests } from "@/lib/requests/unfiled-requests";
import { insertOldConnection, migrationBefore } from "@/test/migration-before";
import { createDatabase } from "@/db/client";
import { migrationsFolder } from "@/db/migrate";

// Migration 0009 adds the company files. It reads each request's purpose and parent from the audit row of its order
// and each datapoint's first success from the stored versions; the launcher then files every request
// (fileUnfiledRequests). No stored snapshot is changed.
const { url, before } = migrationBefore("0009");

const status = (dataPoints: Record<string, string>) => ({
  dataPoints: Object.fromEntries(Object.entries(dataPoints).map(([k, v]) => [k, { status: v }])),
});

describe("migration 0009 (company files)", () => {
  it("backfills purposes, parents and first-success times, and the files from requests, expansions, listings and versions", async () => {
    const { db, pool } = createDatabase(url, 1);
    try {
      await migrate(db, { migrationsFolder: before() });
      const connectionId = await insertOldConnection(pool);
      const graphOf = (nodes: object[]) => ({ nodes, edges: [] });
      const root = { nodeId: "n0", type: "company", company: { id: "OLD-1", countryCode: "GB" }, flags: { isRoot: true, status: "found" } };
      const held = { nodeId: "n1", type: "company", company: { id: "HOLD", countryCode: "GB" } };
      const requests = [
        {
          id: "req_order",
          at: "2026-03-01T10:00:00Z",
          snapshot: {
            request: {
              requestId: "req_order",
              version: 2,
              dataStatus: status({ company: "succeeded", graph: "succeeded" }),
              metadata: { caseReference: "CASE-1" },
            },
            company: { legalName: "Old Co Ltd", statutoryFilings: { accounts: { next: { dueDate: "2026-09-30" } } } },
            graph: graphOf([root, { ...held, flags: { status: "budget_truncated" }, continuation: { estimatedCost: 2 } }]),
          },
        },
        {
          id: "req_expand",
          at: "2026-03-02T10:00:00Z",
          snapshot: {
            request: { requestId: "req_expand", version: 1, dataStatus: status({ graph: "succeeded" }) },
            graph: graphOf([root, { ...held, flags: { status: "found" } }]),
          },
        },
        {
          id: "req_listing",
          at: "2026-03-03T10:00:00Z",
          snapshot: {
            request: {
              requestId: "req_listing",
              version: 1,
              dataStatus: status({ availableDocuments: "succeeded" }),
              metadata: { caseReference: "document listing" },
            },
            availableDocuments: [{ id: "doc-1", name: "Extract" }],
          },
        },
      ];
      for (const r of requests) {
        await pool.query(
          `insert into company_requests (request_id, connection_id, origin, country_code, company_id, version, snapshot, created_at)
           values ($1, $2, 'console', 'GB', 'OLD-1', $3, $4::json, $5)`,
          [r.id, connectionId, r.snapshot.request.version, JSON.stringify(r.snapshot), r.at],
        );
      }
      // Two versions of the first order: the company succeeded in the first, the graph only in the second.
      await pool.query(
        `insert into company_request_versions (request_id, version, snapshot, source, applied_at) values
           ('req_order', 1, $1::json, 'order', '2026-03-01T10:00:01Z'), ('req_order', 2, $2::json, 'webhook', '2026-03-01T10:05:00Z'),
           ('req_expand', 1, $3::json, 'webhook', '2026-03-02T10:01:00Z'), ('req_listing', 1, $4::json, 'webhook', '2026-03-03T10:00:30Z')`,
        [
          JSON.stringify({ request: { dataStatus: status({ company: "succeeded", graph: "in_progress" }) } }),
          JSON.stringify(requests[0]!.snapshot),
          JSON.stringify(requests[1]!.snapshot),
          JSON.stringify(requests[2]!.snapshot),
        ],
      );
      await pool.query(
        `insert into audit_log (actor_email, action, target, details) values
           ('a@x', 'company.ordered', 'GB OLD-1', '{"requestId": "req_order", "caseReference": "CASE-1"}'),
           ('a@x', 'company.graph_expanded', 'GB OLD-1', '{"requestId": "req_expand", "parentRequestId": "req_order"}'),
           ('a@x', 'company.ordered', 'GB OLD-1', '{"requestId": "req_listing", "caseReference": "document listing"}')`,
      );
      const snapshotsBefore = await pool.query("select request_id, snapshot::text from company_requests order by request_id");

      await migrate(db, { migrationsFolder });

      const backfilled = await pool.query<{ request_id: string; purpose: string; parent_request_id: string | null; succeeded_at: object }>(
        "select request_id, purpose, parent_request_id, succeeded_at from company_requests order by request_id",
      );
      expect(backfilled.rows).toEqual([
        {
          request_id: "req_expand",
          purpose: "graph_expansion",
          parent_request_id: "req_order",
          succeeded_at: { graph: "2026-03-02T10:01:00.000Z" },
        },
        {
          request_id: "req_listing",
          purpose: "document_listing",
          parent_request_id: "req_order",
          succeeded_at: { availableDocuments: "2026-03-03T10:00:30.000Z" },
        },
        {
          request_id: "req_order",
          purpose: "order",
          parent_request_id: null,
          succeeded_at: { company: "2026-03-01T10:00:01.000Z", graph: "2026-03-01T10:05:00.000Z" },
        },
      ]);

      expect(await fileUnfiledRequests(db)).toBe(3);
      const {
        rows: [file],
      } = await pool.query<{
        sections: { company: unknown };
        graph: { nodes: { nodeId: string; flags: { status: string } }[] };
        documents: unknown[];
        filings: { caseReference: string; statutoryFilings: unknown };
        latest_request_id: string;
      }>("select sections, graph, documents, filings, latest_request_id from company_files");
      expect(file!.sections.company).toMatchObject({ legalName: "Old Co Ltd" });
      expect(file!.graph.nodes.find((n) => n.nodeId === "n1")!.flags.status).toBe("found");
      expect(file!.documents).toHaveLength(1);
      expect(file!.filings).toMatchObject({ caseReference: "CASE-1", statutoryFilings: { accounts: { next: { dueDate: "2026-09-30" } } } });
      expect(file!.latest_request_id).toBe("req_listing");
      // Filed with its deadlines: the calendar reads them.
      const deadlines = await pool.query("select kind, due_date::text, request_id from filing_deadlines where scheduled");
      expect(deadlines.rows).toEqual([{ kind: "accounts", due_date: "2026-09-30", request_id: "req_order" }]);
      // No stored snapshot changed.
      expect((await pool.query("select request_id, snapshot::text from company_requests order by request_id")).rows).toEqual(
        snapshotsBefore.rows,
      );
    } finally {
      await pool.end();
    }
  });
});
