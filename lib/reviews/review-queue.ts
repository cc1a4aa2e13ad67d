import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Database } from "@/db/client";
import { batchRows, batches, portfolioEntries, reviewQueue, type BatchRowRecord } from "@/db/schema";
import { ofCompany, type CompanyKey } from "@/lib/company-file/company-file-store";

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
  const [q, r, b, e] = [alias(reviewQueue, "q"), alias(batchRows, "r"), alias(batches, "b"), alias(portfolioEntries, "e")];
  const mine = sql`${q.reviewerId} = ${reviewerId} and ${q.doneAt} is null
    ${options.connectionId ? sql`and ${q.connectionId} = ${options.connectionId}` : sql``}`;
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
      select ${q.id}, ${q.countryCode}, ${q.companyId}, coalesce(${r.companyName}, ${e.companyName}) as company_name, ${b.id} as batch_id,
        ${b.createdAt} as batch_created_at, ${b.createdByEmail}, ${q.requestId}, ${q.changeCount}, ${r.diff}, ${q.createdAt}
      from ${reviewQueue} ${q}
      join ${batchRows} ${r} on ${r.id} = ${q.batchRowId}
      join ${batches} ${b} on ${b.id} = ${r.batchId}
      left join ${portfolioEntries} ${e}
        on ${e.connectionId} = ${q.connectionId} and ${e.countryCode} = ${q.countryCode} and ${e.companyId} = ${q.companyId}
      where ${mine}
      order by ${q.createdAt}, ${q.id}
      limit ${limit}`),
    db().execute<{ n: number }>(sql`select count(*)::int as n from ${reviewQueue} ${q} where ${mine}`),
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
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewQueue)
    .where(and(eq(reviewQueue.reviewerId, reviewerId), isNull(reviewQueue.doneAt)));
  return row?.n ?? 0;
}

/**
 * Closes the company's open entries, whoever they wait for: it was marked reviewed. Run in the review's transaction
 * (lib/reviews/mark-reviewed.ts). Returns how many it closed.
 */
export async function closeReviewQueueEntries(tx: Pick<Database, "update">, key: CompanyKey, at: Date): Promise<number> {
  const closed = await tx
    .update(reviewQueue)
    .set({ doneAt: at })
    .where(and(ofCompany(reviewQueue, key), isNull(reviewQueue.doneAt)))
    .returning({ id: reviewQueue.id });
  return closed.length;
}
