import { randomUUID } from "node:crypto";
import type { Database } from "./fixtures";

/**
 * Batches and batch-step jobs stored straight in the database (the batch tables, and pg-boss's `pgboss.job`), for
 * Settings → Jobs: what a job drives, and jobs in each state.
 */

/** A batch waiting for its confirm (the engine's sweep leaves those alone), with one row; answers its id. */
export async function storeBatch(
  db: Database,
  batch: { connectionId: string; user: { id: string; email: string }; fileName: string },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into batches (kind, connection_id, created_by, created_by_email, file_name, file_digest, status, datapoints)
     values ('import', $1, $2, $3, $4, $5, 'reviewing', '[]') returning id`,
    [batch.connectionId, batch.user.id, batch.user.email, batch.fileName, randomUUID()],
  );
  await db.query(
    `insert into batch_rows (batch_id, row_number, input, country_code, match_state)
     values ($1, 1, '{"name":"Jobs Sweep Ltd","countryCode":"GB"}', 'GB', 'not_found')`,
    [row!.id],
  );
  return row!.id;
}

export type StoredJob = {
  state?: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  /** Seconds from now before a waiting job may run (the engine takes a job due now at once). */
  startAfterSeconds?: number;
  retryLimit?: number;
  /** What pg-boss stores for a failed job: the error its handler threw. */
  error?: string;
};

/** A batch-step job for `batchId`, as pg-boss stores one; answers its id. */
export async function storeBatchJob(db: Database, batchId: string, job: StoredJob = {}): Promise<string> {
  const state = job.state ?? "created";
  const [row] = await db.query<{ id: string }>(
    `insert into pgboss.job (name, data, state, retry_limit, expire_in, start_after, output, started_on, completed_on)
     values ('batch-step', json_build_object('batchId', $1::text), $2::pgboss.job_state, $3, interval '90 seconds',
       now() + make_interval(secs => $4), $5::jsonb,
       case when $2 <> 'created' then now() end, case when $2 in ('completed', 'failed', 'cancelled') then now() end)
     returning id`,
    [
      batchId,
      state,
      job.retryLimit ?? 20,
      job.startAfterSeconds ?? 0,
      job.error ? JSON.stringify({ name: "Error", message: job.error, stack: `Error: ${job.error}\n    at runBatchStep` }) : null,
    ],
  );
  return row!.id;
}

/** The stored state of a job. */
export async function jobState(db: Database, id: string): Promise<{ state: string; retry_count: number; retry_limit: number } | undefined> {
  const [row] = await db.query<{ state: string; retry_count: number; retry_limit: number }>(
    "select state::text, retry_count, retry_limit from pgboss.job where id = $1",
    [id],
  );
  return row;
}
