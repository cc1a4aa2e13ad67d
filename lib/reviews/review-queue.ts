import "server-only";
import { sql } from "drizzle-orm";
import { db, type Database } from "@/db/client";
import type { BatchRowRecord } from "@/db/schema";
import type { CompanyKey } from "@/lib/company-file/company-file-store";

/**
 * The reviewer's queue (db/schema.ts `review_queue`): companies a review campaign refreshed, each waiting for its
 * reviewer with what changed since the reviewed baseline, until the company is marked reviewed.
 */

export type ReviewQueueEntry = {
  id: number;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  /** The campaign that refreshed it, and when it was started. */
  batchId: string;
  campaignStartedAt: Date;
  campaignStartedBy: string;
  requestId: string;
  changeCount: number;
  diff: NonNullable<BatchRowRecord["diff"]>;
  queuedAt: Date;
};

/** At most this many entries a page shows. */
export const reviewQueuePageSize = 100;

/**
 * The open entries waiting for `reviewerId`, oldest first (at most `limit`), and how many there are. Only entries of
 * `connectionId` when given (the connection in use: its company pages are where "Mark reviewed" is).
 */
export async function openReviewQueue(
  reviewerId: string,
  options: { connectionId?: string; limit?: number } = {},
): Promise<{ entries: ReviewQueueEntry[]; total: number }> {
  const limit = options.limit ?? reviewQueuePageSize;
  const mine = sql`q.reviewer_id = ${reviewerId} and q.done_at is null
    ${options.connectionId ? sql`and q.connection_id = ${options.connectionId}` : sql``}`;
  const [rows, counted] = await Promise.all([
    db().execute<{
      id: string;
      country_code: string;
      company_id: string;
      company_name: string | null;
      batch_id: string;
      batch_created_at: string;
      created_by_email: string;
      request_id: string;
      change_count: number;
      diff: ReviewQueueEntry["diff"] | null;
      created_at: string;
    }>(sql`
      select q.id, q.country_code, q.company_id, coalesce(r.company_name, e.company_name) as company_name, b.id as batch_id,
        b.created_at as batch_created_at, b.created_by_email, q.request_id, q.change_count, r.diff, q.created_at
      from review_queue q
      join batch_rows r on r.id = q.batch_row_id
      join batches b on b.id = r.batch_id
      left join portfolio_entries e
        on e.connection_id = q.connection_id and e.country_code = q.country_code and e.company_id = q.company_id
      where ${mine}
      order by q.created_at, q.id
      limit ${limit}`),
    db().execute<{ n: number }>(sql`select count(*)::int as n from review_queue q where ${mine}`),
  ]);
  return {
    entries: rows.rows.map((row) => ({
      id: Number(row.id),
      countryCode: row.country_code,
      companyId: row.company_id,
      companyName: row.company_name,
      batchId: row.batch_id,
      campaignStartedAt: new Date(row.batch_created_at),
      campaignStartedBy: row.created_by_email,
      requestId: row.request_id,
      changeCount: row.change_count,
      diff: row.diff ?? { changes: [], baselineRequestId: null },
      queuedAt: new Date(row.created_at),
    })),
    total: counted.rows[0]?.n ?? 0,
  };
}

/** How many entries wait for `reviewerId` (the home card). */
export async function openReviewQueueCount(reviewerId: string): Promise<number> {
  const { rows } = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from review_queue where reviewer_id = ${reviewerId} and done_at is null`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Closes the company's open entries, whoever they wait for: it was marked reviewed. Run in the review's transaction
 * (lib/reviews/mark-reviewed.ts). Returns how many it closed.
 */
export async function closeReviewQueueEntries(tx: Pick<Database, "execute">, key: CompanyKey, at: Date): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    update review_queue set done_at = ${at}
    where connection_id = ${key.connectionId} and country_code = ${key.countryCode} and company_id = ${key.companyId}
      and done_at is null
    returning id`);
  return rows.length;
}
