import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { jobQueues } from "@/db/job-queue-install";
import { auditLog, batchConnectionPace, liveEvents } from "@/db/schema";
import { defaultOrdersPerMinute } from "@/lib/batches/batch-pace-settings.shared";
import { readBatchPaces } from "@/lib/batches/batch-pace-settings-store";
import { stopJobQueue } from "@/lib/jobs/job-queue";
import { signInAs } from "@/test/session";
import { storeSandboxConnection } from "@/test/stored-connection";
import { cancelJobAction, retryJobAction, saveBatchPaceAction } from "./actions";

afterAll(() => stopJobQueue(0));

const queue = jobQueues.batchStep.name;

async function storeJob(state: string, output: object | null = null): Promise<string> {
  const { rows } = await db().execute<{ id: string }>(sql`
    insert into pgboss.job (name, data, state, output, retry_limit, start_after, completed_on)
    values (${queue}, ${JSON.stringify({ batchId: crypto.randomUUID() })}::jsonb, ${state}::pgboss.job_state,
      ${output ? JSON.stringify(output) : null}::jsonb, 0, now() + interval '1 hour',
      case when ${state} in ('completed', 'failed', 'cancelled') then now() end)
    returning id`);
  return rows[0]!.id;
}

const jobRow = async (id: string) =>
  (await db().execute<{ state: string; retry_limit: number }>(sql`select state::text, retry_limit from pgboss.job where id = ${id}::uuid`))
    .rows[0];

const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
const jobEvents = () => db().select().from(liveEvents).where(eq(liveEvents.topic, "jobs"));

describe("Settings → Jobs", () => {
  beforeEach(async () => {
    await db().execute(sql`delete from pgboss.job`);
    await db().execute(sql`truncate ${auditLog}, ${liveEvents}, ${batchConnectionPace}`);
  });

  it("lets an admin retry a failed job and resume a cancelled one, audited in words", async () => {
    const admin = await signInAs("admin");
    const failed = await storeJob("failed", { name: "Error", message: "The batch step could not read its batch." });
    expect(await retryJobAction({ jobId: failed })).toEqual({ ok: true, data: undefined });
    // pg-boss retries it with one more attempt allowed.
    expect(await jobRow(failed)).toEqual({ state: "retry", retry_limit: 1 });
    const [retried] = await audits("job.retried");
    expect(retried).toMatchObject({ actorEmail: admin.email, target: failed });
    expect(retried!.details).toMatchObject({
      queue: "Batch step",
      state: "Failed",
      attempts: 1,
      reason: "The batch step could not read its batch.",
      batch: "not stored",
    });

    const cancelled = await storeJob("cancelled");
    expect((await retryJobAction({ jobId: cancelled })).ok).toBe(true);
    expect((await jobRow(cancelled))?.state).toBe("created");
    expect(await audits("job.retried")).toHaveLength(2);
    expect(await jobEvents()).toHaveLength(2);
  });

  it("lets an admin cancel a waiting or running job, audited", async () => {
    await signInAs("admin");
    for (const state of ["created", "retry", "active"]) {
      const id = await storeJob(state);
      expect(await cancelJobAction({ jobId: id })).toEqual({ ok: true, data: undefined });
      expect((await jobRow(id))?.state).toBe("cancelled");
    }
    expect((await audits("job.cancelled")).map((row) => row.details.state)).toEqual(["Waiting", "Waiting to retry", "Running"]);
  });

  it("refuses what the job's state does not allow, saying the state it is in, and changes nothing", async () => {
    await signInAs("admin");
    const running = await storeJob("active");
    const completed = await storeJob("completed");
    expect(await retryJobAction({ jobId: running })).toEqual({
      ok: false,
      code: "not_retryable",
      error: "Only a failed or cancelled job can be retried: it is running now.",
    });
    expect(await cancelJobAction({ jobId: completed })).toEqual({
      ok: false,
      code: "not_cancellable",
      error: "Only a waiting or running job can be cancelled: it is completed now.",
    });
    expect(await retryJobAction({ jobId: crypto.randomUUID() })).toMatchObject({ ok: false, code: "not_found" });
    expect(await cancelJobAction({ jobId: "not-a-job" })).toMatchObject({ ok: false, code: "invalid_input" });
    expect(await jobRow(running)).toEqual({ state: "active", retry_limit: 0 });
    expect((await jobRow(completed))?.state).toBe("completed");
    expect([...(await audits("job.retried")), ...(await audits("job.cancelled"))]).toEqual([]);
    expect(await jobEvents()).toEqual([]);
  });

  it("refuses a compliance officer everything", async () => {
    const failed = await storeJob("failed");
    const waiting = await storeJob("created");
    const connectionId = await storeSandboxConnection({ webhookSecret: `whsec_${crypto.randomUUID()}` });
    await signInAs("compliance");
    expect(await retryJobAction({ jobId: failed })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await cancelJobAction({ jobId: waiting })).toMatchObject({ ok: false, code: "forbidden" });
    expect(await saveBatchPaceAction({ connectionId, ordersPerMinute: 60 })).toMatchObject({ ok: false, code: "forbidden" });
    expect((await jobRow(failed))?.state).toBe("failed");
    expect((await jobRow(waiting))?.state).toBe("created");
    expect(await db().select().from(batchConnectionPace)).toEqual([]);
    expect(await db().select().from(auditLog)).toEqual([]);
  });

  it("sets a connection's pace of batch orders, audited with before and after in words, keeping the engine's next slot", async () => {
    const admin = await signInAs("admin");
    const connectionId = await storeSandboxConnection({
      webhookSecret: `whsec_${crypto.randomUUID()}`,
      name: `Pace ${crypto.randomUUID()}`,
    });
    const paceOf = async () => (await readBatchPaces()).find((p) => p.connectionId === connectionId)!;
    expect(await paceOf()).toMatchObject({ ordersPerMinute: defaultOrdersPerMinute, updatedByEmail: null, updatedAt: null });

    expect(await saveBatchPaceAction({ connectionId, ordersPerMinute: 60 })).toEqual({
      ok: true,
      data: { changed: true, before: "120 orders a minute", after: "60 orders a minute" },
    });
    expect(await paceOf()).toMatchObject({ ordersPerMinute: 60, updatedByEmail: admin.email });
    const [changed] = await audits("batch.pace_changed");
    expect(changed).toMatchObject({ actorEmail: admin.email, target: connectionId });
    expect(changed!.details).toMatchObject({ before: "120 orders a minute (the default)", after: "60 orders a minute" });
    expect(await jobEvents()).toHaveLength(1);

    // The engine's next free slot stays as it was.
    const slot = new Date("2030-01-01T00:00:00Z");
    await db().update(batchConnectionPace).set({ nextSlotAt: slot }).where(eq(batchConnectionPace.connectionId, connectionId));
    expect((await saveBatchPaceAction({ connectionId, ordersPerMinute: 6_000 })).ok).toBe(true);
    const [stored] = await db().select().from(batchConnectionPace).where(eq(batchConnectionPace.connectionId, connectionId));
    expect(stored).toMatchObject({ ordersPerMinute: 6_000, nextSlotAt: slot });
    expect((await audits("batch.pace_changed"))[1]!.details).toMatchObject({
      before: "60 orders a minute",
      after: "6,000 orders a minute",
    });

    // The same pace again writes nothing.
    expect(await saveBatchPaceAction({ connectionId, ordersPerMinute: 6_000 })).toMatchObject({ ok: true, data: { changed: false } });
    expect(await audits("batch.pace_changed")).toHaveLength(2);
  });

  it("refuses a pace of 0, over 6,000 or not whole, and an unknown connection, changing nothing", async () => {
    await signInAs("admin");
    const connectionId = await storeSandboxConnection({
      webhookSecret: `whsec_${crypto.randomUUID()}`,
      name: `Pace ${crypto.randomUUID()}`,
    });
    const cases: [number, string][] = [
      [0, "Orders a minute must be at least 1: to stop a batch, cancel it."],
      [6_001, "Orders a minute are at most 6,000."],
      [1.5, "Orders a minute must be a whole number."],
    ];
    for (const [ordersPerMinute, message] of cases) {
      expect(await saveBatchPaceAction({ connectionId, ordersPerMinute })).toMatchObject({
        ok: false,
        code: "invalid_input",
        fieldErrors: { ordersPerMinute: [message] },
      });
    }
    expect(await saveBatchPaceAction({ connectionId: crypto.randomUUID(), ordersPerMinute: 60 })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await db().select().from(batchConnectionPace)).toEqual([]);
    expect(await audits("batch.pace_changed")).toEqual([]);
  });

  it("uses the database's own default pace when none is set", async () => {
    const connectionId = await storeSandboxConnection({
      webhookSecret: `whsec_${crypto.randomUUID()}`,
      name: `Pace ${crypto.randomUUID()}`,
    });
    await db().insert(batchConnectionPace).values({ connectionId });
    const [stored] = await db().select().from(batchConnectionPace).where(eq(batchConnectionPace.connectionId, connectionId));
    expect(stored!.ordersPerMinute).toBe(defaultOrdersPerMinute);
  });
});
