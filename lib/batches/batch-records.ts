import "server-only";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { batchRows, batches, type BatchRow, type BatchRowRecord } from "@/db/schema";
import { batchMatchStates, batchRowOutcomes, type batchKinds } from "@/db/vocabulary";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";

/**
 * A batch and its rows as stored (db/schema.ts `batches`, `batch_rows`): created from an uploaded file or a campaign's
 * selection, read by its page, its export and its jobs. The steps that move rows on (matching, pricing, ordering,
 * settling) live beside this module, each in its own.
 */

export type BatchKind = (typeof batchKinds)[number];
export type BatchMatchState = (typeof batchMatchStates)[number];
export type BatchRowOutcome = (typeof batchRowOutcomes)[number];

/** A row to store: as read from the file (an import) or as selected (a campaign, already matched). */
export type NewBatchRow = {
  rowNumber: number;
  input: Record<string, string>;
  countryCode: string;
  problems?: string[];
  /** `invalid` for a row with problems, `matched` for a campaign's company; else matching decides. */
  matchState?: BatchMatchState;
  companyId?: string;
  companyName?: string | null;
  datapoints?: string[];
};

export type NewBatch = {
  kind: BatchKind;
  connectionId: string;
  datapoints: string[];
  fileName?: string;
  fileDigest?: string;
  rows: NewBatchRow[];
};

/** The live topics a change to `batchId` concerns: its page and the batches list. */
export const batchTopics = (batchId: string) => [liveTopics.batch(batchId), liveTopics.batches];

/**
 * Stores a new batch and its rows (audited, in one transaction). An import of a file already uploaded through the
 * same connection stores nothing: `existing` names that batch, so the same file never orders anything twice.
 */
export async function createBatch(user: SessionUser, batch: NewBatch): Promise<{ batchId: string; existing: boolean }> {
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(batches)
      .values({
        kind: batch.kind,
        connectionId: batch.connectionId,
        createdBy: user.id,
        createdByEmail: user.email,
        fileName: batch.fileName ?? null,
        fileDigest: batch.fileDigest ?? null,
        datapoints: batch.datapoints,
      })
      .onConflictDoNothing()
      .returning({ id: batches.id });
    if (!created) {
      const [found] = await tx
        .select({ id: batches.id })
        .from(batches)
        .where(and(eq(batches.connectionId, batch.connectionId), eq(batches.fileDigest, batch.fileDigest ?? "")));
      return { batchId: found!.id, existing: true };
    }
    for (let i = 0; i < batch.rows.length; i += 1_000) {
      await tx.insert(batchRows).values(
        batch.rows.slice(i, i + 1_000).map((row) => ({
          batchId: created.id,
          rowNumber: row.rowNumber,
          input: row.input,
          countryCode: row.countryCode,
          problems: row.problems ?? [],
          matchState: row.matchState ?? (row.problems?.length ? "invalid" : "pending"),
          companyId: row.companyId ?? null,
          companyName: row.companyName ?? null,
          datapoints: row.datapoints ?? null,
        })),
      );
    }
    await audit(
      user,
      "batch.created",
      created.id,
      { kind: batch.kind, rows: batch.rows.length, fileName: batch.fileName ?? null, datapoints: batch.datapoints },
      tx,
    );
    await publishLive(tx, batchTopics(created.id));
    return { batchId: created.id, existing: false };
  });
}

export async function readBatch(batchId: string, executor: Pick<Transaction, "select"> = db()): Promise<BatchRow | undefined> {
  const [found] = await executor.select().from(batches).where(eq(batches.id, batchId));
  return found;
}

/** A batch's rows in file order (all of them: at most 5,000). */
export async function readBatchRows(batchId: string): Promise<BatchRowRecord[]> {
  return db().select().from(batchRows).where(eq(batchRows.batchId, batchId)).orderBy(asc(batchRows.rowNumber));
}

export type BatchCounts = {
  rows: number;
  match: Record<BatchMatchState, number>;
  outcome: Record<BatchRowOutcome, number>;
};

/** How many rows are in each match state and each outcome. */
export async function batchCounts(batchId: string): Promise<BatchCounts> {
  const { rows } = await db().execute<{ match_state: BatchMatchState; outcome: BatchRowOutcome; n: number }>(sql`
    select ${batchRows.matchState} as match_state, ${batchRows.outcome} as outcome, count(*)::int as n
    from ${batchRows} where ${batchRows.batchId} = ${batchId}
    group by 1, 2`);
  const counts: BatchCounts = {
    rows: 0,
    match: Object.fromEntries(batchMatchStates.map((s) => [s, 0])) as Record<BatchMatchState, number>,
    outcome: Object.fromEntries(batchRowOutcomes.map((s) => [s, 0])) as Record<BatchRowOutcome, number>,
  };
  for (const row of rows) {
    counts.rows += row.n;
    counts.match[row.match_state] += row.n;
    counts.outcome[row.outcome] += row.n;
  }
  return counts;
}

/** The newest batches first (the batches list). */
export async function listBatches(limit = 50): Promise<BatchRow[]> {
  return db().select().from(batches).orderBy(desc(batches.createdAt)).limit(limit);
}
