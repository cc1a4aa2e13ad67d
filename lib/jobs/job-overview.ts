import "server-only";
import { inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { jobQueueSchema, jobQueues, type JobQueueName } from "@/db/job-queue-install";
import { batchRows, batches, type BatchRow } from "@/db/schema";
import { count } from "@/lib/vocabulary/units.shared";

/**
 * The job queue as Settings → Jobs shows it: pg-boss's own table (`pgboss.job`, every queue's partition), read in
 * SQL: how many jobs are in each state, the running, waiting, failed, cancelled and retried ones, each with the batch
 * it drives and, for a failure, its reason in words. Completed and failed jobs stay in that table for 12 hours (pg-boss's
 * default), then move to its archive; the lists here are of the jobs still in it, the ones that can be retried.
 */

export const jobStates = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
export type JobState = (typeof jobStates)[number];

/** How long pg-boss keeps a completed or failed job in its table before archiving it (its default: 12 hours). */
export const jobKeptHours = 12;

/** The batch a job drives, as the queue lists it. */
export type JobBatch = Pick<BatchRow, "id" | "kind" | "status" | "fileName" | "connectionId"> & { rows: number };

export type JobView = {
  id: string;
  queue: JobQueueName;
  state: JobState;
  retryCount: number;
  retryLimit: number;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** When a waiting job may run (a retry waits out its back-off). */
  startAfter: Date;
  /** How long a run may last before the queue takes it for dead and retries it. */
  timeLimitSeconds: number;
  /** Why the last attempt failed, in words (a failed job, or one waiting to retry); null when it did not fail. */
  reason: string | null;
  /** The error as stored (its name, message and stack), for the Technical details; null when there is none. */
  technical: string | null;
  /** The batch the job's data names; `batch` is null when no such batch is stored (deleted, or never was). */
  batchId: string | null;
  batch: JobBatch | null;
};

export type JobOverview = {
  counts: Record<JobState, number>;
  running: JobView[];
  waiting: JobView[];
  failed: JobView[];
  cancelled: JobView[];
  /** Jobs that failed at least once and were retried (by the queue or by an admin), the latest first. */
  retried: JobView[];
};

/** At most this many jobs per list (the counts say how many there are). */
export const jobListSize = 50;

const consoleQueues: string[] = Object.values(jobQueues).map((queue) => queue.name);
const jobTable = sql.raw(`${jobQueueSchema}.job`);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type StoredJob = {
  id: string;
  name: JobQueueName;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  start_after: Date | string;
  time_limit: number;
  data: unknown;
  output: unknown;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** What pg-boss writes when a job outlived its time limit, and when its process stopped with it in hand. */
const timedOut = "job failed by timeout in active state";
const shutDown = "pg-boss shut down while active";

const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** A time limit exactly: "90 seconds", "10 minutes". */
const limitWords = (s: number) => (s % 60 === 0 ? count(s / 60, "minute") : count(s, "second"));

/**
 * Why a job's last attempt failed, in words, from its stored output: what pg-boss writes itself (a time-out, a
 * shutdown), else the error the handler threw (its message, which the batch steps write in words), else a plain
 * sentence. The stored error goes to `technical` as is.
 */
export function failureWords(output: unknown, timeLimitSeconds: number): { reason: string; technical: string | null } {
  const stored = record(output);
  if (!stored) return { reason: "No reason was recorded.", technical: output == null ? null : JSON.stringify(output) };
  const technical = typeof stored.stack === "string" ? stored.stack : JSON.stringify(stored);
  const value = stored.value;
  const message = typeof stored.message === "string" ? stored.message : typeof value === "string" ? value : record(value)?.message;
  if (message === timedOut) {
    return {
      reason: `It ran longer than its time limit (${limitWords(timeLimitSeconds)}): the app running it stopped or hung.`,
      technical,
    };
  }
  if (message === shutDown) return { reason: "The app was stopped while it was running.", technical };
  if (typeof message === "string" && message.trim()) {
    const firstLine = message.trim().split("\n")[0]!;
    return { reason: firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine, technical };
  }
  return { reason: "It failed without a message.", technical };
}

function batchIdOf(data: unknown): string | null {
  const id = record(data)?.batchId;
  return typeof id === "string" && uuidPattern.test(id) ? id : null;
}

async function batchesById(ids: string[]): Promise<Map<string, JobBatch>> {
  if (ids.length === 0) return new Map();
  const [found, counts] = await Promise.all([
    db()
      .select({
        id: batches.id,
        kind: batches.kind,
        status: batches.status,
        fileName: batches.fileName,
        connectionId: batches.connectionId,
      })
      .from(batches)
      .where(inArray(batches.id, ids)),
    db()
      .select({ batchId: batchRows.batchId, rows: sql<number>`count(*)::int` })
      .from(batchRows)
      .where(inArray(batchRows.batchId, ids))
      .groupBy(batchRows.batchId),
  ]);
  const rows = new Map(counts.map((c) => [c.batchId, c.rows]));
  return new Map(found.map((b) => [b.id, { ...b, rows: rows.get(b.id) ?? 0 }]));
}

/** Stored jobs as views, each with its batch and reason. */
async function viewsOf(lists: StoredJob[][]): Promise<JobView[][]> {
  const ids = [...new Set(lists.flat().flatMap((job) => batchIdOf(job.data) ?? []))];
  const found = await batchesById(ids);
  return lists.map((list) =>
    list.map((job) => {
      const batchId = batchIdOf(job.data);
      const failed = job.state === "failed" || job.state === "retry" ? failureWords(job.output, job.time_limit) : null;
      return {
        id: job.id,
        queue: job.name,
        state: job.state,
        retryCount: job.retry_count,
        retryLimit: job.retry_limit,
        createdAt: asDate(job.created_on),
        startedAt: job.started_on ? asDate(job.started_on) : null,
        completedAt: job.completed_on ? asDate(job.completed_on) : null,
        startAfter: asDate(job.start_after),
        timeLimitSeconds: job.time_limit,
        reason: failed?.reason ?? null,
        technical: failed?.technical ?? null,
        batchId,
        batch: batchId ? (found.get(batchId) ?? null) : null,
      };
    }),
  );
}

const columns = sql`id, name, state::text as state, retry_count, retry_limit, created_on, started_on, completed_on, start_after,
  extract(epoch from expire_in)::int as time_limit, data, output`;

async function listJobs(where: ReturnType<typeof sql>, orderBy: ReturnType<typeof sql>, limit = jobListSize): Promise<StoredJob[]> {
  const { rows } = await db().execute<StoredJob>(sql`
    select ${columns} from ${jobTable}
    where name = any(${sql.param(consoleQueues)}::text[]) and ${where}
    order by ${orderBy} limit ${limit}`);
  return rows;
}

/** The queue at a glance: counts per state and the lists Settings → Jobs shows. */
export async function jobOverview(): Promise<JobOverview> {
  const [countRows, running, waiting, failed, cancelled, retried] = await Promise.all([
    db().execute<{ state: JobState; n: number }>(sql`
      select state::text as state, count(*)::int as n from ${jobTable}
      where name = any(${sql.param(consoleQueues)}::text[]) group by 1`),
    listJobs(sql`state = 'active'`, sql`started_on, id`),
    listJobs(sql`state in ('created', 'retry')`, sql`start_after, created_on, id`),
    listJobs(sql`state = 'failed'`, sql`completed_on desc, id`),
    listJobs(sql`state = 'cancelled'`, sql`completed_on desc, id`, 20),
    listJobs(sql`retry_count > 0`, sql`coalesce(completed_on, started_on, created_on) desc, id`, 20),
  ]);
  const counts = Object.fromEntries(jobStates.map((state) => [state, 0])) as Record<JobState, number>;
  for (const row of countRows.rows) counts[row.state] = row.n;
  const [runningViews, waitingViews, failedViews, cancelledViews, retriedViews] = await viewsOf([
    running,
    waiting,
    failed,
    cancelled,
    retried,
  ]);
  return {
    counts,
    running: runningViews!,
    waiting: waitingViews!,
    failed: failedViews!,
    cancelled: cancelledViews!,
    retried: retriedViews!,
  };
}

/** One job of the console's queues, or undefined when it is not in the queue's table (never was, or archived). */
export async function readJob(id: string): Promise<JobView | undefined> {
  if (!uuidPattern.test(id)) return undefined;
  const [found] = await listJobs(sql`id = ${id}::uuid`, sql`id`, 1);
  if (!found) return undefined;
  const [[view]] = (await viewsOf([[found]])) as [[JobView]];
  return view;
}
