import "server-only";
import type PgBoss from "pg-boss";
import { dbPool } from "@/db/client";
import { newJobQueueClient, type JobQueueName } from "@/db/job-queue-install";

/**
 * The job queue: pg-boss on the console's own Postgres (its tables in the `pgboss` schema), so every app instance
 * takes jobs from the same queue with no other server. A job that was running in a process that died is expired
 * after `expireInSeconds` by whichever instance supervises next, then retried: work outlives a crash. Jobs here only
 * drive work whose truth lives in the console's tables (a batch's rows): a job run twice changes nothing twice.
 *
 * pg-boss rather than graphile-worker: a job whose worker was killed runs again after its expiry (measured 30 s),
 * where graphile-worker leaves it locked until its 4-hour stale-lock sweep. pg-boss polls (a step waits up to
 * `pollingIntervalSeconds` to start), which suits steps that each run for seconds.
 */

/** How often an instance looks for jobs whose process died (expired) and hands them out again. */
const superviseSeconds = 10;

type Started = { boss: PgBoss; workers: string[] };

const state = globalThis as { registryDeskJobQueue?: Promise<Started> };

/** This process's queue client on the server's database (its pool), started once. */
function started(): Promise<Started> {
  state.registryDeskJobQueue ??= (async () => {
    const pool = dbPool();
    const boss = newJobQueueClient({
      db: { executeSql: (text, values) => pool.query(text, values) },
      migrate: false,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: superviseSeconds,
    });
    await boss.start();
    return { boss, workers: [] };
  })();
  return state.registryDeskJobQueue;
}

export type EnqueueOptions = { startAfterSeconds?: number; singletonKey?: string };

/** Queues a job; resolves with its id (null when a singleton of the same key is already waiting). */
export async function enqueueJob(queue: JobQueueName, data: object, options: EnqueueOptions = {}): Promise<string | null> {
  const { boss } = await started();
  return boss.send(queue, data, {
    ...(options.startAfterSeconds && { startAfter: options.startAfterSeconds }),
    ...(options.singletonKey && { singletonKey: options.singletonKey }),
  });
}

/**
 * Runs `handle` for the jobs of `queue` in this process, `concurrency` at a time. A handler that throws fails its
 * job, which the queue retries by its policy.
 */
export async function workJobs<T extends object>(
  queue: JobQueueName,
  concurrency: number,
  handle: (data: T, job: { id: string }) => Promise<void>,
): Promise<void> {
  const queueState = await started();
  for (let i = 0; i < concurrency; i++) {
    const id = await queueState.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) await handle(job.data, { id: job.id });
    });
    queueState.workers.push(id);
  }
}

/** Retries a failed (or cancelled) job now. */
export async function retryJob(queue: JobQueueName, id: string): Promise<void> {
  const { boss } = await started();
  await boss.retry(queue, id);
}

/** Cancels a waiting or running job (a running handler finishes what it is doing; its result is then ignored). */
export async function cancelJob(queue: JobQueueName, id: string): Promise<void> {
  const { boss } = await started();
  await boss.cancel(queue, id);
}

/** Stops this process's workers: running jobs are left to expire and be retried elsewhere, or finished within `timeoutMs`. */
export async function stopJobQueue(timeoutMs = 5_000): Promise<void> {
  const queueState = await state.registryDeskJobQueue?.catch(() => undefined);
  state.registryDeskJobQueue = undefined;
  if (!queueState) return;
  await queueState.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
}
