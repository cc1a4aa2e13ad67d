import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import pg from "pg";
import { db } from "@/db/client";
import { jobQueues, jobQueueSchema } from "@/db/job-queue-install";
import { batchRows, batches, paidRequestIntents, users, type BatchRow } from "@/db/schema";
import type { SessionUser } from "@/lib/auth/require-role";
import { findConnection } from "@/lib/connections/manage-connections";
import { openRegistry, type Registry } from "@/lib/connections/registry-for";
import { appEnv } from "@/lib/env";
import { enqueueJob, workJobs } from "@/lib/jobs/job-queue";
import { publishLive } from "@/lib/live/publish";
import { kickBatch } from "./batch-control";
import { matchBatchRows } from "./batch-matching";
import { orderBatchRows, recoverOrphans } from "./batch-ordering";
import { priceBatch } from "./batch-pricing";
import { batchTopics, readBatch } from "./batch-records";
import { reportedSinceUnknown, settleBatch } from "./batch-settle";

/**
 * The batch engine: each `batch-step` job runs one step of one batch, by its status (match, price, order, settle),
 * for at most `stepMs`, then queues the next step if work remains (later, when it only waits for the pace or for
 * webhooks). One driver per batch at a time: a step holds the batch's Postgres advisory lock on a connection of its
 * own, which dies with the process; a job that cannot take it ends without queueing another. The truth is in the
 * batch's rows, so a step run twice, or after a crash, never orders a row twice. A sweep (at start, then every 15 s)
 * wakes every batch with work left that no job is waiting for.
 */

/** How long one step works before handing over to the next job. */
export const stepMs = 20_000;
/** How often the sweep wakes batches left without a job (a crash, a job that failed for good). */
const sweepMs = 15_000;
/** Batch steps run at once in this process. */
const stepsAtOnce = 4;
/** A step waiting for answers (webhooks, an order whose outcome is still open) looks again after this long. */
const waitForAnswersSeconds = 5;
/** A country whose pricing failed is priced again after this long. */
const repriceSeconds = 30;

export type StepResult = { next: "none" } | { next: "again"; afterSeconds: number } | { next: "locked" };

const none: StepResult = { next: "none" };
const again = (afterSeconds: number): StepResult => ({ next: "again", afterSeconds: Math.max(0, Math.ceil(afterSeconds)) });

type DriverState = { pool?: pg.Pool; sweep?: NodeJS.Timeout; started?: boolean };
const driver = ((globalThis as { registryDeskBatchDriver?: DriverState }).registryDeskBatchDriver ??= {});

/** The connections that hold batch locks: apart from the app's pool, so a lock is never left on a pooled connection. */
function lockPool(): pg.Pool {
  if (!driver.pool) {
    driver.pool = new pg.Pool({ connectionString: appEnv().DATABASE_URL, max: stepsAtOnce + 2 });
    // An idle lock connection the server closed is dropped by the pool; the next step takes a fresh one.
    driver.pool.on("error", () => {});
  }
  return driver.pool;
}

/** Runs `run` holding the batch's advisory lock; "locked" when another driver holds it. */
async function withBatchLock<T>(batchId: string, run: () => Promise<T>): Promise<T | "locked"> {
  const client = await lockPool().connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock(hashtext('batch-step'), hashtext($1)) as locked",
      [batchId],
    );
    if (!rows[0]?.locked) return "locked";
    try {
      return await run();
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('batch-step'), hashtext($1))", [batchId]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // A connection whose unlock failed is closed, and its lock with it.
    client.release(broken ?? false);
  }
}

/** Runs one step of the batch (holding its lock): what it does depends on the batch's status. */
export async function runBatchStep(batchId: string, options: { stepMs?: number } = {}): Promise<StepResult> {
  const result = await withBatchLock(batchId, async () => {
    const batch = await readBatch(batchId);
    if (!batch) return none;
    if (batch.status === "done") return doneStep(batch, Date.now() + (options.stepMs ?? stepMs));
    const deadline = Date.now() + (options.stepMs ?? stepMs);
    const registry = await openRegistry(await findConnection(batch.connectionId));
    if (!registry) return none;
    switch (batch.status) {
      case "matching":
        return matchingStep(batch, registry, deadline);
      case "reviewing": {
        const { unpriced } = await priceBatch(batch, registry);
        return unpriced > 0 ? again(repriceSeconds) : none;
      }
      case "ordering":
        return orderingStep(batch, registry, deadline);
      case "cancelled":
        return cancelledStep(batch, deadline);
    }
  });
  return result === "locked" ? { next: "locked" } : result;
}

async function matchingStep(batch: BatchRow, registry: Registry, deadline: number): Promise<StepResult> {
  const { remaining, retryAfterSeconds } = await matchBatchRows(batch, registry, deadline);
  if (remaining > 0) return again(retryAfterSeconds ?? 0);
  const { unpriced } = await priceBatch(batch, registry);
  await setStatus(batch.id, "matching", "reviewing");
  return unpriced > 0 ? again(repriceSeconds) : none;
}

async function orderingStep(batch: BatchRow, registry: Registry, deadline: number): Promise<StepResult> {
  const user = await batchUser(batch);
  await recoverOrphans(batch.id);
  const { paceWaitMs } = await orderBatchRows(batch, registry, user, deadline);
  await settleBatch(batch, user, deadline);
  // Cancelled during the step: the next step settles it as a cancelled batch.
  if ((await readBatch(batch.id))?.status !== "ordering") return again(0);
  const left = await rowsLeft(batch.id);
  if (left.claimable > 0) return again(paceWaitMs / 1000);
  if (left.sending + left.ordered > 0) return again(waitForAnswersSeconds);
  // Nothing left to send or wait for: rows that cannot be sent (never priced) are skipped, and the batch is done.
  await db().transaction(async (tx) => {
    await tx
      .update(batchRows)
      .set({
        outcome: "skipped",
        outcomeReason: sql`coalesce(${batchRows.outcomeReason}, 'Not priced, so not ordered')`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(batchRows.batchId, batch.id), eq(batchRows.outcome, "pending")));
    await tx
      .update(batches)
      .set({ status: "done", finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(batches.id, batch.id), eq(batches.status, "ordering")));
    await publishLive(tx, batchTopics(batch.id));
  });
  return none;
}

/** A finished batch sends nothing; rows left unknown whose orders the registry has since reported are settled. */
async function doneStep(batch: BatchRow, deadline: number): Promise<StepResult> {
  await settleBatch(batch, await batchUser(batch), deadline);
  return (await rowsLeft(batch.id)).ordered > 0 ? again(waitForAnswersSeconds) : none;
}

/** A cancelled batch sends nothing more; what was sent is settled until every answer is in. */
async function cancelledStep(batch: BatchRow, deadline: number): Promise<StepResult> {
  const user = await batchUser(batch);
  await recoverOrphans(batch.id);
  await settleBatch(batch, user, deadline);
  const left = await rowsLeft(batch.id);
  if (left.sending + left.ordered > 0) return again(waitForAnswersSeconds);
  await db().transaction(async (tx) => {
    // A row a crash left sending without an intent went back to pending: it was never sent.
    await tx
      .update(batchRows)
      .set({ outcome: "skipped", outcomeReason: "Cancelled before it was sent", updatedAt: sql`now()` })
      .where(and(eq(batchRows.batchId, batch.id), eq(batchRows.outcome, "pending")));
    await tx
      .update(batches)
      .set({ finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(batches.id, batch.id), isNull(batches.finishedAt)));
    await publishLive(tx, batchTopics(batch.id));
  });
  return none;
}

async function setStatus(batchId: string, from: BatchRow["status"], to: BatchRow["status"]): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(batches)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(batches.id, batchId), eq(batches.status, from)));
    await publishLive(tx, batchTopics(batchId));
  });
}

async function rowsLeft(batchId: string) {
  const r = batchRows;
  const { rows } = await db().execute<{ claimable: number; sending: number; ordered: number }>(sql`
    select count(*) filter (where ${r.outcome} = 'pending' and ${r.matchState} = 'matched' and ${r.ceilingCredits} is not null)::int as claimable,
      count(*) filter (where ${r.outcome} = 'sending')::int as sending,
      count(*) filter (where ${r.outcome} = 'ordered')::int as ordered
    from ${r} where ${r.batchId} = ${batchId}`);
  return rows[0]!;
}

/** Who the batch's orders are placed as: who confirmed it (else who started it), as their audit rows name them. */
async function batchUser(batch: BatchRow): Promise<SessionUser> {
  const id = batch.confirmedBy ?? batch.createdBy;
  const { rows } = await db().execute<SessionUser & { must_change_password: boolean; session_version: number }>(sql`
    select ${users.id}, ${users.email}, ${users.name}, ${users.role}, ${users.mustChangePassword}, ${users.sessionVersion}
    from ${users} where ${users.id} = ${id}`);
  const found = rows[0];
  if (found) {
    return {
      id: found.id,
      email: found.email,
      name: found.name,
      role: found.role,
      mustChangePassword: found.must_change_password,
      sessionVersion: found.session_version,
    };
  }
  // The user was removed since: the orders still name who started the batch.
  return { id: null, email: batch.createdByEmail, name: "", role: "compliance", mustChangePassword: false, sessionVersion: 0 } as never;
}

/** Whether another job for the batch is waiting to start at most `afterSeconds` from now (created or to retry). */
async function stepQueued(batchId: string, ownJobId: string, afterSeconds: number): Promise<boolean> {
  const { rows } = await db().execute<{ n: number }>(sql`
    select count(*)::int as n from ${sql.identifier(jobQueueSchema)}.job
    where name = ${jobQueues.batchStep.name} and state in ('created', 'retry') and id <> ${ownJobId}::uuid
      and data ->> 'batchId' = ${batchId} and start_after <= now() + make_interval(secs => ${afterSeconds})`);
  return (rows[0]?.n ?? 0) > 0;
}

/** The batch-step job: one step, then the next one queued (unless another job for the batch will run it as soon). */
async function handleBatchStep(data: { batchId: string }, job: { id: string }): Promise<void> {
  const result = await runBatchStep(data.batchId);
  if (result.next !== "again") return;
  if (await stepQueued(data.batchId, job.id, result.afterSeconds)) return;
  await enqueueJob(jobQueues.batchStep.name, { batchId: data.batchId }, { startAfterSeconds: result.afterSeconds });
}

/**
 * Wakes every batch with work left that no job is waiting for or running: a finished one too while answers are
 * outstanding, or once the registry has reported an order left unknown.
 */
export async function sweepBatches(): Promise<number> {
  // The tables under the names the statement gives them (reportedSinceUnknown reads the intent as i).
  const [b, r, i] = [alias(batches, "b"), alias(batchRows, "r"), alias(paidRequestIntents, "i")];
  const { rows } = await db().execute<{ id: string }>(sql`
    select ${b.id} from ${batches} ${b}
    where (${b.status} in ('matching', 'ordering')
           or (${b.status} in ('done', 'cancelled') and exists (
                 select 1 from ${batchRows} ${r} where ${r.batchId} = ${b.id} and ${r.outcome} in ('sending', 'ordered')))
           or (${b.status} in ('done', 'cancelled') and exists (
                 select 1 from ${batchRows} ${r} join ${paidRequestIntents} ${i} on ${i.id} = ${r.intentId}
                 where ${r.batchId} = ${b.id} and ${r.outcome} = 'unknown' and ${reportedSinceUnknown})))
      and not exists (select 1 from ${sql.identifier(jobQueueSchema)}.job j
                      where j.name = ${jobQueues.batchStep.name} and j.state in ('created', 'retry', 'active') and j.data ->> 'batchId' = ${b.id}::text)`);
  for (const { id } of rows) await kickBatch(id);
  return rows.length;
}

function sweep(): void {
  sweepBatches().catch((error: unknown) => console.error("[batches] the sweep failed; it runs again shortly:", error));
}

/** Starts this process's batch workers and the sweep (scripts/app-server.ts). */
export async function startBatchWorkers(): Promise<void> {
  if (driver.started) return;
  driver.started = true;
  await workJobs(jobQueues.batchStep.name, stepsAtOnce, handleBatchStep);
  sweep();
  driver.sweep = setInterval(sweep, sweepMs);
  driver.sweep.unref?.();
}

/** Stops the sweep and closes the lock connections (the queue's workers stop with stopJobQueue). */
export async function stopBatchWorkers(): Promise<void> {
  driver.started = false;
  if (driver.sweep) clearInterval(driver.sweep);
  driver.sweep = undefined;
  const pool = driver.pool;
  driver.pool = undefined;
  await pool?.end();
}
