import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { jobQueues } from "@/db/job-queue-install";
import { createBatch } from "@/lib/batches/batch-records";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { failureWords, jobOverview, readJob } from "./job-overview";
import { enqueueJob, stopJobQueue, workJobs } from "./job-queue";

afterAll(() => stopJobQueue(0));

const queue = jobQueues.batchStep.name;

/** A job stored as pg-boss stores it, in the state given (pg-boss's own calls make the rest of this file's jobs). */
async function storeJob(state: string, data: object, extra: { output?: object; retryCount?: number; startAfter?: string } = {}) {
  const { rows } = await db().execute<{ id: string }>(sql`
    insert into pgboss.job (name, data, state, output, retry_count, retry_limit, expire_in, start_after, started_on, completed_on)
    values (${queue}, ${JSON.stringify(data)}::jsonb, ${state}::pgboss.job_state, ${extra.output ? JSON.stringify(extra.output) : null}::jsonb,
      ${extra.retryCount ?? 0}, 20, make_interval(secs => ${jobQueues.batchStep.expireInSeconds}), coalesce(${extra.startAfter ?? null}::timestamptz, now()),
      case when ${state} <> 'created' then now() end, case when ${state} in ('completed', 'failed', 'cancelled') then now() end)
    returning id`);
  return rows[0]!.id;
}

describe("the job overview", () => {
  beforeEach(async () => {
    await db().execute(sql`delete from pgboss.job`);
  });

  it("counts jobs per state and lists each with the batch it drives", async () => {
    const user = await insertUser(`jobs-${crypto.randomUUID()}@example.com`, "admin");
    const connectionId = await storeSandboxConnection({ webhookSecret: `whsec_${crypto.randomUUID()}` });
    const { batchId } = await createBatch(user, {
      kind: "import",
      connectionId,
      datapoints: ["legalName"],
      fileName: "customers.csv",
      fileDigest: crypto.randomUUID(),
      rows: [1, 2, 3].map((n) => ({ rowNumber: n, input: { name: `Company ${n}` }, countryCode: "GB" })),
    });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const waiting = await enqueueJob(queue, { batchId }, { startAfterSeconds: 3_600 });
    const running = await storeJob("active", { batchId });
    const missing = crypto.randomUUID();
    const failed = await storeJob(
      "failed",
      { batchId: missing },
      { output: { name: "Error", message: "There is no such batch.", stack: "Error: There is no such batch.\n    at step" } },
    );
    const retrying = await storeJob(
      "retry",
      { batchId },
      { retryCount: 2, startAfter: later, output: { value: { message: "job failed by timeout in active state" } } },
    );
    await storeJob("completed", { batchId });
    const cancelled = await storeJob("cancelled", { batchId: "not a uuid" });

    const overview = await jobOverview();
    expect(overview.counts).toEqual({ created: 1, retry: 1, active: 1, completed: 1, cancelled: 1, failed: 1 });
    expect(overview.running.map((j) => j.id)).toEqual([running]);
    // Waiting: queued ones and those waiting out a retry's pause, the soonest first.
    expect(overview.waiting.map((j) => j.id).sort()).toEqual([waiting, retrying].sort());
    expect(overview.failed.map((j) => j.id)).toEqual([failed]);
    expect(overview.cancelled.map((j) => j.id)).toEqual([cancelled]);
    expect(overview.retried.map((j) => j.id)).toEqual([retrying]);

    const [runningJob] = overview.running;
    expect(runningJob).toMatchObject({
      queue,
      state: "active",
      batchId,
      batch: { id: batchId, kind: "import", fileName: "customers.csv", status: "matching", rows: 3 },
      reason: null,
      timeLimitSeconds: jobQueues.batchStep.expireInSeconds,
    });
    // A job queued through pg-boss carries its queue's time limit.
    expect(overview.waiting.find((j) => j.id === waiting)?.timeLimitSeconds).toBe(jobQueues.batchStep.expireInSeconds);
    expect(overview.failed[0]).toMatchObject({ batchId: missing, batch: null, reason: "There is no such batch." });
    expect(overview.failed[0]!.technical).toContain("at step");
    expect(overview.retried[0]).toMatchObject({
      retryCount: 2,
      reason: "It ran longer than its time limit (90 seconds): the app running it stopped or hung.",
    });
    // Data that names no batch id is no batch (and no crash).
    expect(overview.cancelled[0]).toMatchObject({ batchId: null, batch: null });

    expect(await readJob(failed)).toMatchObject({ id: failed, state: "failed" });
    expect(await readJob(crypto.randomUUID())).toBeUndefined();
    expect(await readJob("not-an-id")).toBeUndefined();
  });

  it("reads the reason of a job whose handler threw, as pg-boss stored it", async () => {
    const id = await storeJob("created", { batchId: crypto.randomUUID() });
    // No retry left: the first failure is final.
    await db().execute(sql`update pgboss.job set retry_limit = 0 where id = ${id}::uuid`);
    const failed = new Promise<void>((resolve) => {
      void workJobs(queue, 1, async () => {
        setTimeout(resolve, 200);
        throw new Error("The batch step could not read its batch.");
      });
    });
    await failed;
    // pg-boss stores the failure after the handler settles: ask until it has (the test's time-out bounds the wait).
    let job = await readJob(id);
    while (job?.state !== "failed") {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await readJob(id);
    }
    expect(job).toMatchObject({ state: "failed", reason: "The batch step could not read its batch." });
    expect(job!.technical).toContain("Error: The batch step could not read its batch.");
  }, 60_000);

  it("puts a failure in words whatever pg-boss stored", () => {
    expect(failureWords(null, 90)).toEqual({ reason: "No reason was recorded.", technical: null });
    expect(failureWords({ value: "pg-boss shut down while active" }, 90).reason).toBe("The app was stopped while it was running.");
    expect(failureWords({ value: { message: "job failed by timeout in active state" } }, 600).reason).toBe(
      "It ran longer than its time limit (10 minutes): the app running it stopped or hung.",
    );
    expect(failureWords({ message: "First line\nsecond line" }, 90).reason).toBe("First line");
    expect(failureWords({ value: 42 }, 90)).toEqual({ reason: "It failed without a message.", technical: '{"value":42}' });
  });
});
