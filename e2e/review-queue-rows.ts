import type { Database } from "./fixtures";
import { portfolioCompany } from "./portfolio-rows";

/**
 * A review campaign's refreshes waiting in the queue of every compliance officer who has none yet, written straight
 * into the database as the engine and campaign-diff.ts leave them: a company with a change since its review, one with
 * nothing changed, one never reviewed. For the page sweeps of /portfolio/review-queue (the sweep's officer signs in
 * before the page is arranged, so it is among them).
 */
export async function queueForOfficers(db: Database): Promise<Record<string, string>> {
  const officers = await db.query<{ id: string; email: string }>(
    `select u.id, u.email from users u where u.role = 'compliance' and u.active
       and not exists (select 1 from review_queue q where q.reviewer_id = u.id and q.done_at is null)`,
  );
  for (const officer of officers) {
    const suffix = crypto.randomUUID().slice(0, 8).toUpperCase();
    const companies = await Promise.all(
      ["CHANGED", "SAME", "NEW"].map((kind) =>
        portfolioCompany(db, {
          companyId: `RQ-${kind}-${suffix}`,
          name: `Queue ${kind.toLowerCase()} ${suffix} Ltd`,
          asOfDaysAgo: 1,
          rating: "medium",
          ownerId: officer.id,
          dueDaysFromNow: -1,
        }),
      ),
    );
    const [batch] = await db.query<{ id: string; connection_id: string }>(
      `insert into batches (kind, connection_id, created_by, created_by_email, status, datapoints)
       select 'campaign', id, $1, $2, 'done', '["company"]' from registry_connections where name = 'Local simulator'
       returning id, connection_id`,
      [officer.id, officer.email],
    );
    const diffs = [
      {
        changes: [
          { field: "Company profile › Status", before: "active", after: "in liquidation (a long status as the register words it)" },
        ],
        baselineRequestId: companies[0]!.requestId,
      },
      { changes: [], baselineRequestId: companies[1]!.requestId },
      { changes: [{ field: "Company profile", before: null, after: "Received" }], baselineRequestId: null },
    ];
    for (const [index, company] of companies.entries()) {
      const [row] = await db.query<{ id: string }>(
        `insert into batch_rows (batch_id, row_number, input, country_code, match_state, company_id, company_name, datapoints,
           outcome, request_id, diff)
         values ($1, $2, '{}', 'GB', 'matched', $3, $4, '["company"]', 'completed', $5, $6) returning id`,
        [batch!.id, index + 1, company.companyId, company.companyId, company.requestId, JSON.stringify(diffs[index])],
      );
      await db.query(
        `insert into review_queue (batch_row_id, connection_id, country_code, company_id, reviewer_id, request_id, change_count)
         values ($1, $2, 'GB', $3, $4, $5, $6)`,
        [row!.id, batch!.connection_id, company.companyId, officer.id, company.requestId, diffs[index]!.changes.length],
      );
    }
  }
  return {};
}
