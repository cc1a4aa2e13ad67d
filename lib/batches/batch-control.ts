import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { jobQueues } from "@/db/job-queue-install";
import { batchRows, batches } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { enqueueJob } from "@/lib/jobs/job-queue";
import { publishLive } from "@/lib/live/publish";
import { batchTopics, readBatch } from "./batch-records";

/**
 * What a person does to a batch: confirm its price with a cap, cancel it; and what the confirm shows (the quote).
 * Each wakes the batch's job (kickBatch), which does the work (lib/batches/batch-driver.ts).
 */

/** Queues the next step of a batch now (matching, pricing, ordering or settling, whichever it is at). */
export async function kickBatch(batchId: string): Promise<void> {
  await enqueueJob(jobQueues.batchStep.name, { batchId });
}

/** Most orders a batch may have in flight at once. */
export const maxBatchConcurrency = 16;

export type BatchQuote = {
  /** The rows to order, per country: how many, and the most they may spend together (their ceilings). */
  countries: { countryCode: string; rows: number; credits: number }[];
  total: number;
  /** Rows matched but not priced yet (pricing is under way, or the registry gave no price). */
  unpriced: number;
  /** Rows that will not be ordered, by reason in words (fresh data held, not found, duplicate…); a reason's "(as of …)" is left out, so one reason is one group. */
  skipped: { reason: string; rows: number }[];
};

const round = (n: number) => Math.round(n * 100) / 100;

/** The price of what a batch will order: the confirm step's figures, read from its priced rows. */
export async function batchQuote(batchId: string): Promise<BatchQuote> {
  const [countries, unpriced, skipped] = await Promise.all([
    db().execute<{ country_code: string; rows: number; credits: string }>(sql`
      select ${batchRows.countryCode} as country_code, count(*)::int as rows, coalesce(sum(${batchRows.ceilingCredits}), 0) as credits
      from ${batchRows}
      where ${batchRows.batchId} = ${batchId} and ${batchRows.matchState} = 'matched' and ${batchRows.outcome} = 'pending'
        and ${batchRows.ceilingCredits} is not null
      group by 1 order by 1`),
    db().execute<{ n: number }>(sql`
      select count(*)::int as n from ${batchRows}
      where ${batchRows.batchId} = ${batchId} and ${batchRows.matchState} = 'matched' and ${batchRows.outcome} = 'pending'
        and ${batchRows.ceilingCredits} is null`),
    db().execute<{ reason: string; rows: number }>(sql`
      select regexp_replace(coalesce(${batchRows.outcomeReason}, 'Skipped'), ' [(]as of [^)]*[)]$', '') as reason, count(*)::int as rows
      from ${batchRows}
      where ${batchRows.batchId} = ${batchId} and ${batchRows.outcome} = 'skipped'
      group by 1 order by 2 desc`),
  ]);
  const list = countries.rows.map((c) => ({ countryCode: c.country_code, rows: c.rows, credits: round(Number(c.credits)) }));
  return {
    countries: list,
    total: round(list.reduce((sum, c) => sum + c.credits, 0)),
    unpriced: unpriced.rows[0]?.n ?? 0,
    skipped: skipped.rows,
  };
}

export type BatchConfirmation = { capCredits: number; concurrency: number };

/**
 * Confirms a batch waiting for a person: its cap and concurrency are set, ambiguous rows nobody picked are skipped,
 * and ordering starts. Refused when the batch is not waiting (already confirmed, cancelled) or the rows are still
 * being priced. Audited with the quote the person saw.
 */
export async function confirmBatch(user: SessionUser, batchId: string, given: BatchConfirmation): Promise<ActionResult> {
  const quote = await batchQuote(batchId);
  if (quote.unpriced > 0) {
    return { ok: false, code: "not_priced", error: "Some matched rows are still being priced. Wait a moment, then confirm." };
  }
  const confirmed = await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(batches)
      .set({
        status: "ordering",
        capCredits: given.capCredits,
        quotedCredits: quote.total,
        concurrency: given.concurrency,
        confirmedBy: user.id,
        confirmedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(batches.id, batchId), eq(batches.status, "reviewing")))
      .returning({ id: batches.id });
    if (!updated) return false;
    await tx
      .update(batchRows)
      .set({ outcome: "skipped", outcomeReason: "Left ambiguous: nobody picked the company", updatedAt: sql`now()` })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.matchState, "ambiguous"), eq(batchRows.outcome, "pending")));
    await audit(user, "batch.confirmed", batchId, { quotedTotal: quote.total, cap: given.capCredits, concurrency: given.concurrency }, tx);
    await publishLive(tx, batchTopics(batchId));
    return true;
  });
  if (!confirmed) {
    const batch = await readBatch(batchId);
    return batch
      ? { ok: false, code: "not_waiting", error: "This batch is not waiting for a confirm any more (it was confirmed or cancelled)." }
      : { ok: false, code: "not_found", error: "There is no such batch." };
  }
  await kickBatch(batchId);
  return { ok: true, data: undefined };
}

/**
 * Cancels a batch: no new order goes out from now on (rows not yet sent are skipped); orders already sent complete
 * and are shown. Audited.
 */
export async function cancelBatch(user: SessionUser, batchId: string): Promise<ActionResult> {
  const cancelled = await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(batches)
      .set({ status: "cancelled", cancelledBy: user.id, cancelledAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(batches.id, batchId), inArray(batches.status, ["matching", "reviewing", "ordering"])))
      .returning({ id: batches.id });
    if (!updated) return false;
    const skipped = await tx
      .update(batchRows)
      .set({ outcome: "skipped", outcomeReason: "Cancelled before it was sent", updatedAt: sql`now()` })
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.outcome, "pending")))
      .returning({ id: batchRows.id });
    await audit(user, "batch.cancelled", batchId, { rowsNotSent: skipped.length }, tx);
    await publishLive(tx, batchTopics(batchId));
    return true;
  });
  if (!cancelled) return { ok: false, code: "not_running", error: "This batch has already finished or been cancelled." };
  await kickBatch(batchId);
  return { ok: true, data: undefined };
}
