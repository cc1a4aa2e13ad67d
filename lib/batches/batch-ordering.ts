import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Transaction } from "@/db/client";
import { batchRows, batches, paidRequestIntents, type BatchRow } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { publishLive } from "@/lib/live/publish";
import { orderInputSchema } from "@/lib/orders/order-input.shared";
import { placeOrder } from "@/lib/orders/place-order";
import { pendingStaleAfterMs, reconcileIntents } from "@/lib/orders/reconcile-intents";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { priceRow } from "./batch-pricing";
import { batchTopics } from "./batch-records";
import { holdPace, paceWaitMs, takePaceSlot } from "./batch-pace";

/**
 * Ordering a confirmed batch: `batch.concurrency` workers, each taking the connection's next pace slot
 * (batch-pace.ts), then claiming one row (batch row locked, so a cancel and a claim never cross; the row's ceiling
 * reserved under the cap, else it is skipped), then placing its order with its paid-request intent linked to the row
 * before the registry is called. A row is sent once: only a `pending` row is claimed, and a row whose answer never
 * came is `unknown`, never sent again. Rows a crash left `sending` are settled first, from their intents
 * (recoverOrphans).
 */

/** When the registry says "too many requests" without saying how long, batches wait this long (seconds). */
export const defaultRetryAfterSeconds = 5;

/** A slot further away than the step's end plus this is left for the next step. */
const slotOverrunMs = 10_000;

type ClaimedRow = {
  id: number;
  row_number: number;
  country_code: string;
  company_id: string;
  company_name: string | null;
  input: Record<string, string>;
  datapoints: string[];
  ceiling_credits: string;
};

/**
 * Claims the batch's next row to order: the batch must still be ordering (its row locked, as cancelBatch locks it).
 * Rows whose ceiling no longer fits under the cap are skipped on the way. The claimed row is `sending`, its ceiling
 * reserved; undefined when there is none (or the batch is not ordering any more).
 */
export async function claimRow(batchId: string): Promise<ClaimedRow | undefined> {
  return db().transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ status: string; cap_credits: string | null; reserved_credits: string }>(
      sql`select ${batches.status}, ${batches.capCredits}, ${batches.reservedCredits} from ${batches} where ${batches.id} = ${batchId} for update`,
    );
    const batch = locked[0];
    if (batch?.status !== "ordering") return undefined;
    const room = Number(batch.cap_credits ?? 0) - Number(batch.reserved_credits);
    const pendingMatched = and(eq(batchRows.batchId, batchId), eq(batchRows.outcome, "pending"), eq(batchRows.matchState, "matched"));
    const capped = await tx
      .update(batchRows)
      .set({ outcome: "skipped", outcomeReason: "Not sent: the confirmed cap is reached", updatedAt: sql`now()` })
      .where(and(pendingMatched, gt(batchRows.ceilingCredits, room)));
    const r = batchRows;
    const { rows } = await tx.execute<ClaimedRow>(sql`
      select ${r.id}, ${r.rowNumber}, ${r.countryCode}, ${r.companyId}, ${r.companyName}, ${r.input}, ${r.datapoints}, ${r.ceilingCredits}
      from ${r} where ${pendingMatched} and ${r.ceilingCredits} is not null
      order by ${r.rowNumber} limit 1 for update skip locked`);
    const row = rows[0] && { ...rows[0], id: Number(rows[0].id) };
    if (row) {
      await tx
        .update(batches)
        .set({ reservedCredits: sql`${batches.reservedCredits} + ${row.ceiling_credits}`, updatedAt: sql`now()` })
        .where(eq(batches.id, batchId));
      await tx
        .update(batchRows)
        .set({ outcome: "sending", outcomeReason: null, intentId: null, updatedAt: sql`now()` })
        .where(eq(batchRows.id, row.id));
    }
    if (row || (capped.rowCount ?? 0) > 0) await publishLive(tx, batchTopics(batchId));
    return row;
  });
}

type Settled =
  { outcome: "ordered"; requestId: string } | { outcome: "pending" } | { outcome: "refused" | "unknown" | "skipped"; reason: string };

/**
 * Moves a `sending` row to its outcome; a row going back to pending, refused or skipped frees its reservation under
 * the cap. Nothing changes when the row is no longer `sending`.
 */
async function settleRow(tx: Transaction, batchId: string, rowId: number, settled: Settled): Promise<boolean> {
  const [row] = await tx
    .update(batchRows)
    .set({
      outcome: settled.outcome,
      requestId: settled.outcome === "ordered" ? settled.requestId : null,
      outcomeReason: "reason" in settled ? settled.reason : null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(batchRows.id, rowId), eq(batchRows.outcome, "sending")))
    .returning({ ceilingCredits: batchRows.ceilingCredits });
  if (!row) return false;
  if (settled.outcome !== "ordered" && settled.outcome !== "unknown") {
    await tx
      .update(batches)
      .set({ reservedCredits: sql`greatest(0, ${batches.reservedCredits} - ${row.ceilingCredits ?? 0})`, updatedAt: sql`now()` })
      .where(eq(batches.id, batchId));
  }
  await publishLive(tx, batchTopics(batchId));
  return true;
}

/** A claimed row that another step settled before this one linked its intent (the lock was lost). */
class RowTakenError extends Error {}

const noAnswerReason = "No answer was recorded; check Requests before ordering it by hand.";

/** Places one claimed row's order and settles the row with its outcome. */
async function orderRow(batch: BatchRow, registry: Registry, user: SessionUser, row: ClaimedRow): Promise<void> {
  const ceiling = Number(row.ceiling_credits);
  let graphMaxBudget: number | undefined;
  if (row.datapoints.includes("graph")) {
    try {
      graphMaxBudget = await graphBudget(batch, registry, row, ceiling);
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error;
      // No price to cap the graph with: not sent, it waits for the next step.
      await db().transaction((tx) => settleRow(tx, batch.id, row.id, { outcome: "pending" }));
      return;
    }
  }
  const parsed = orderInputSchema.safeParse({
    countryCode: row.country_code,
    id: row.company_id,
    dataPoints: row.datapoints,
    maxBudget: ceiling,
    graphMaxBudget,
    quotedTotal: ceiling,
    caseReference: row.input.caseReference ?? "",
  });
  if (!parsed.success) {
    const reason = `Not sent: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`;
    await db().transaction((tx) => settleRow(tx, batch.id, row.id, { outcome: "skipped", reason }));
    return;
  }
  let settled: Settled;
  try {
    const result = await placeOrder(
      user,
      parsed.data,
      registry,
      { batchId: batch.id },
      {
        purpose: batch.kind === "campaign" ? "re_retrieval" : "order",
        onIntent: async (tx, intentId) => {
          const linked = await tx
            .update(batchRows)
            .set({ intentId })
            .where(and(eq(batchRows.id, row.id), eq(batchRows.outcome, "sending")))
            .returning({ id: batchRows.id });
          // The row was settled by another step meanwhile (this step lost its lock): send nothing.
          if (linked.length === 0) throw new RowTakenError();
        },
      },
    );
    if (result.ok) settled = { outcome: "ordered", requestId: result.data.requestId };
    else if (result.registry?.status === 429) {
      await holdPace(batch.connectionId, result.registry.retryAfter ?? defaultRetryAfterSeconds);
      settled = { outcome: "pending" };
    } else if (result.code === "outcome_unknown" || result.code === "request_mismatch")
      settled = { outcome: "unknown", reason: result.error };
    else if (result.registry) settled = { outcome: "refused", reason: result.error };
    else settled = { outcome: "skipped", reason: `Not sent: ${result.error}` };
  } catch (error) {
    if (error instanceof RowTakenError) return;
    // No intent linked: nothing was sent, the row waits again. Else sent, perhaps, and its answer not recorded: never
    // sent again.
    const [linked] = await db().select({ intentId: batchRows.intentId }).from(batchRows).where(eq(batchRows.id, row.id));
    settled = linked?.intentId ? { outcome: "unknown", reason: `${noAnswerReason} (${(error as Error).message})` } : { outcome: "pending" };
  }
  await db().transaction((tx) => settleRow(tx, batch.id, row.id, settled));
}

/**
 * The graph's own cap for a row: its default (batch-pricing.ts) within what the row's ceiling leaves after the profile
 * blocks, from the country's pricing now (kept for 10 minutes).
 */
async function graphBudget(batch: BatchRow, registry: Registry, row: ClaimedRow, ceiling: number): Promise<number> {
  const price = priceRow(await cachedPricing(batch.connectionId, registry.client, row.country_code), row.datapoints);
  const left = Math.max(0, Math.round((ceiling - (price?.profile ?? 0)) * 100) / 100);
  return Math.min(price?.graphCap ?? left, left);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Orders the batch's rows until `deadline` (epoch ms) or until none is left to claim, `batch.concurrency` at a
 * time at the connection's pace. Answers how long (ms) the next step should wait for the pace (0: go on at once).
 */
export async function orderBatchRows(
  batch: BatchRow,
  registry: Registry,
  user: SessionUser,
  deadline: number,
): Promise<{ paceWaitMs: number }> {
  let paceWait = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const waitMs = await paceWaitMs(batch.connectionId);
      if (Date.now() + waitMs >= deadline) {
        paceWait = Math.max(paceWait, waitMs);
        return;
      }
      const slotMs = await takePaceSlot(batch.connectionId);
      if (Date.now() + slotMs >= deadline + slotOverrunMs) {
        paceWait = Math.max(paceWait, slotMs);
        return;
      }
      await sleep(slotMs);
      const row = await claimRow(batch.id);
      if (!row) return;
      await orderRow(batch, registry, user, row);
    }
  };
  // Every worker ends before the step does (and lets go of the batch's lock), even when one fails.
  const ended = await Promise.allSettled(Array.from({ length: Math.max(1, batch.concurrency) }, worker));
  const failed = ended.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return { paceWaitMs: paceWait };
}

type Orphan = {
  id: number;
  intent_id: string | null;
  intent_status: string | null;
  intent_request_id: string | null;
  intent_outcome: { status?: number; message?: string; code?: string } | null;
  intent_stale: boolean | null;
};

/**
 * Settles the rows a stopped step left `sending` (the caller holds the batch's lock, so none is in flight): without
 * an intent nothing was sent (back to pending); with one, the intent tells (reconciled first with what the registry
 * reported): ordered, refused (a 429 goes back to pending), or, still without an answer after two minutes, unknown.
 * Answers how many are still waiting for an answer.
 */
export async function recoverOrphans(batchId: string): Promise<{ waiting: number }> {
  const [r, i] = [alias(batchRows, "r"), alias(paidRequestIntents, "i")];
  const orphansOf = async () =>
    (
      await db().execute<Orphan>(sql`
        select ${r.id}, ${r.intentId}, ${i.status} as intent_status, ${i.requestId} as intent_request_id, ${i.outcome} as intent_outcome,
          ${i.createdAt} < now() - make_interval(secs => ${pendingStaleAfterMs / 1000}) as intent_stale
        from ${batchRows} ${r} left join ${paidRequestIntents} ${i} on ${i.id} = ${r.intentId}
        where ${r.batchId} = ${batchId} and ${r.outcome} = 'sending'`)
    ).rows;
  let orphans = await orphansOf();
  if (orphans.some((o) => o.intent_status === "pending" || o.intent_status === "unknown")) {
    await reconcileIntents(db());
    orphans = await orphansOf();
  }
  let waiting = 0;
  for (const orphan of orphans) {
    const settled = orphanOutcome(orphan);
    if (!settled) {
      waiting += 1;
      continue;
    }
    await db().transaction((tx) => settleRow(tx, batchId, orphan.id, settled));
  }
  return { waiting };
}

function orphanOutcome(orphan: Orphan): Settled | undefined {
  if (!orphan.intent_id) return { outcome: "pending" };
  if (orphan.intent_status === "ordered" && orphan.intent_request_id) return { outcome: "ordered", requestId: orphan.intent_request_id };
  if (orphan.intent_status === "refused") {
    if (orphan.intent_outcome?.status === 429) return { outcome: "pending" };
    return { outcome: "refused", reason: orphan.intent_outcome?.message ?? "The registry refused the order." };
  }
  if (orphan.intent_stale) return { outcome: "unknown", reason: noAnswerReason };
  return undefined;
}
