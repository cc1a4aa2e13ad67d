import "server-only";
import type PgBoss from "pg-boss";
import { db, dbPool } from "@/db/client";
import { newJobQueueClient, type JobQueueName } from "@/db/job-queue-install";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";

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

/** The started client, its workers, and the announcements of ended jobs still waiting for the queue to record them. */
type Started = { boss: PgBoss; workers: string[]; announcing: Set<Promise<void>> };

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
    return { boss, workers: [], announcing: new Set<Promise<void>>() };
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

/** Tells Settings → Jobs that a job changed state; a failure to tell is logged, never the job's failure. */
const announceJobs = () =>
  publishLive(db(), [liveTopics.jobs]).then(
    () => undefined,
    (error: Error) => console.error(`[jobs] could not announce a job's change: ${error.message}`),
  );

/** How long, at most, an ended handler's job is watched for the queue to record its outcome before it is announced. */
const settleWatchMs = 5_000;

/**
 * Announces a job once the queue has recorded how its handler ended: pg-boss writes the outcome after the handler
 * returns, without waiting for it, so announcing at once would show the job still running.
 */
async function announceWhenSettled(boss: PgBoss, queue: JobQueueName, id: string): Promise<void> {
  const deadline = Date.now() + settleWatchMs;
  while (Date.now() < deadline) {
    const job = await boss.getJobById(queue, id).catch(() => null);
    if (!job || job.state !== "active") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await announceJobs();
}

/**
 * Runs `handle` for the jobs of `queue` in this process, `concurrency` at a time. A handler that throws fails its
 * job, which the queue retries by its policy. Each job's start and end are announced on the jobs live topic.
 */
export async function workJobs<T extends object>(
  queue: JobQueueName,
  concurrency: number,
  handle: (data: T, job: { id: string }) => Promise<void>,
): Promise<void> {
  const queueState = await started();
  for (let i = 0; i < concurrency; i++) {
    const id = await queueState.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (!job) return;
      await announceJobs();
      try {
        await handle(job.data, { id: job.id });
      } finally {
        const announcing = announceWhenSettled(queueState.boss, queue, job.id);
        queueState.announcing.add(announcing);
        void announcing.finally(() => queueState.announcing.delete(announcing));
      }
    });
    queueState.workers.push(id);
  }
}

/** What pg-boss's retry, resume and cancel answer (its types say void; its code, src/manager.js, answers this). */
type CommandAnswer = { affected: number };

/** Retries a failed job, or resumes a cancelled one, now; false when the job was neither (it changed meanwhile). */
export async function retryJob(queue: JobQueueName, id: string): Promise<boolean> {
  const { boss } = await started();
  const retried = (await boss.retry(queue, id)) as unknown as CommandAnswer;
  if (retried.affected > 0) return true;
  const resumed = (await boss.resume(queue, id)) as unknown as CommandAnswer;
  return resumed.affected > 0;
}

/**
 * Cancels a waiting or running job (a running handler finishes what it is doing; its result is then ignored); false
 * when the job had already ended.
 */
export async function cancelJob(queue: JobQueueName, id: string): Promise<boolean> {
  const { boss } = await started();
  const cancelled = (await boss.cancel(queue, id)) as unknown as CommandAnswer;
  return cancelled.affected > 0;
}

/** Stops this process's workers: running jobs are left to expire and be retried elsewhere, or finished within `timeoutMs`. */
export async function stopJobQueue(timeoutMs = 5_000): Promise<void> {
  const queueState = await state.registryDeskJobQueue?.catch(() => undefined);
  state.registryDeskJobQueue = undefined;
  if (!queueState) return;
  await queueState.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  await Promise.all(queueState.announcing);
}
