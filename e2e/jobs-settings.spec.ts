import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { generateEncryptionKey, parseEncryptionKey, seal } from "../lib/crypto";
import { jobState, storeBatch, storeBatchJob } from "./batch-jobs";
import { expect, gotoInteractive, test, type Database, type TestUser } from "./fixtures";

/**
 * Settings → Jobs: an admin sees a batch-step job the engine failed, with its reason in words, and retries it; cancels
 * a waiting one, and is told why when a job ended before the click; sets a connection's pace of batch orders. A
 * compliance officer gets 403.
 *
 * The failing job is real: its batch is on a connection whose stored API key this server cannot decrypt, so the
 * engine's step (lib/batches/batch-driver.ts) throws the connection's error in words, and pg-boss, with no retry
 * left, marks the job failed. The connection is this spec's own (removed at the end), so no other spec meets it.
 */

test.describe.configure({ mode: "serial" });

type Arranged = { admin: TestUser; connection: { id: string; name: string }; fileName: string; batchId: string };

async function arrange(db: Database): Promise<Arranged> {
  const admin = await db.createUser("admin");
  const name = `Jobs e2e ${randomUUID().slice(0, 8)}`;
  const sealed = seal(`sk_live_${randomUUID().replaceAll("-", "")}`, parseEncryptionKey(generateEncryptionKey()));
  const [connection] = await db.query<{ id: string }>(
    "insert into registry_connections (name, environment, base_url, api_key_sealed, api_key_hint) values ($1, 'production', 'http://127.0.0.1:9', $2, 'sk_live_…cdef') returning id",
    [name, sealed],
  );
  const fileName = `jobs-${randomUUID().slice(0, 8)}.csv`;
  const batchId = await storeBatch(db, { connectionId: connection!.id, user: admin, fileName });
  return { admin, connection: { id: connection!.id, name }, fileName, batchId };
}

let arranged: Arranged;

test.beforeAll(async ({ db }) => {
  arranged = await arrange(db);
});

test.afterAll(async ({ db }) => {
  // The connection's batches go with it; their jobs end on their own (a job whose batch is gone does nothing).
  await db.query("delete from registry_connections where id = $1", [arranged.connection.id]);
});

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const jobRow = (page: Page, list: string, id: string) => section(page, list).locator(`tr[data-job-id="${id}"]`);

test("an admin sees a failed job with its reason and the batch it drives, and retries it", async ({ page, db, signIn }) => {
  // One attempt only: the engine's first failure is final.
  const jobId = await storeBatchJob(db, arranged.batchId, { retryLimit: 0 });
  await expect.poll(async () => (await jobState(db, jobId))?.state, { timeout: 60_000 }).toBe("failed");

  await signIn(arranged.admin);
  await gotoInteractive(page, "/settings/jobs");
  const failed = jobRow(page, "Failed", jobId);
  await expect(failed).toContainText(`Customer list import “${arranged.fileName}”`);
  await expect(failed).toContainText(`The API key stored for connection “${arranged.connection.name}” cannot be decrypted`);
  await expect(failed).toContainText("Attempt 1 of 1");
  await expect(failed.getByRole("link", { name: new RegExp(arranged.fileName) })).toHaveAttribute(
    "href",
    `/portfolio/batches/${arranged.batchId}`,
  );
  await expect(page.locator('[data-job-count="failed"] dd')).not.toHaveText("0");

  await failed.getByRole("button", { name: /^Retry/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Retried." })).toBeVisible();
  const [audit] = await db.query<{ details: Record<string, unknown>; actor_email: string }>(
    "select details, actor_email from audit_log where action = 'job.retried' and target = $1",
    [jobId],
  );
  expect(audit).toMatchObject({ actor_email: arranged.admin.email, details: { queue: "Batch step", state: "Failed" } });

  // It runs once more, fails again for the same reason, and shows among the retried jobs.
  await expect.poll(async () => await jobState(db, jobId), { timeout: 60_000 }).toMatchObject({ state: "failed", retry_count: 1 });
  await page.getByRole("button", { name: "Refresh", exact: true }).click();
  const retried = jobRow(page, "Recently retried", jobId);
  await expect(retried).toContainText("Attempt 2 of 2");
  await expect(retried).toContainText("cannot be decrypted");
});

test("an admin cancels a waiting job; one that ended before the click is put back with the reason", async ({ page, db, signIn }) => {
  const waiting = await storeBatchJob(db, arranged.batchId, { startAfterSeconds: 3_600 });
  const ended = await storeBatchJob(db, arranged.batchId, { startAfterSeconds: 3_600 });
  await signIn(arranged.admin);
  await gotoInteractive(page, "/settings/jobs");

  // One completes before the admin clicks: the guess is withdrawn with the reason, and nothing is audited.
  await db.query("update pgboss.job set state = 'completed', completed_on = now() where id = $1", [ended]);
  const stale = jobRow(page, "Waiting", ended);
  await stale.getByRole("button", { name: /^Cancel/ }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not cancelled" })).toHaveText(
    "Not cancelled: Only a waiting or running job can be cancelled: it is completed now.",
  );
  await expect(stale).toHaveAttribute("data-job-state", "created");
  expect(await db.query("select 1 from audit_log where action = 'job.cancelled' and target = $1", [ended])).toEqual([]);

  const row = jobRow(page, "Waiting", waiting);
  await expect(row).toContainText(`Customer list import “${arranged.fileName}”`);
  await expect(row).toContainText("Runs after");
  await row.getByRole("button", { name: /^Cancel/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cancelled." })).toBeVisible();
  expect((await jobState(db, waiting))?.state).toBe("cancelled");
  await expect(jobRow(page, "Cancelled", waiting)).toBeVisible();
  const audits = await db.query("select 1 from audit_log where action = 'job.cancelled' and target = $1", [waiting]);
  expect(audits).toHaveLength(1);
});

test("an admin sets a connection's pace of batch orders; 0 is refused with a clear message", async ({ page, db, signIn }) => {
  await signIn(arranged.admin);
  await gotoInteractive(page, "/settings/jobs");
  const form = page.getByRole("form", { name: `Pace of ${arranged.connection.name}` });
  await expect(form.getByTestId("pace-in-force")).toHaveText("120 orders a minute");
  const field = form.getByLabel("Orders a minute");

  await field.fill("0");
  await form.getByRole("button", { name: "Save the pace" }).click();
  await expect(form.getByText("Orders a minute must be at least 1: to stop a batch, cancel it.")).toBeVisible();
  await expect(form.getByRole("alert")).toHaveText("Correct the pace: nothing was saved.");
  expect(await db.query("select 1 from batch_connection_pace where connection_id = $1", [arranged.connection.id])).toEqual([]);

  await field.fill("60");
  await form.getByRole("button", { name: "Save the pace" }).click();
  await expect(form.getByTestId("pace-in-force")).toHaveText("60 orders a minute");
  await expect(form.getByRole("status")).toHaveText("Saved: 120 orders a minute → 60 orders a minute.");
  const [stored] = await db.query<{ orders_per_minute: number }>(
    "select orders_per_minute from batch_connection_pace where connection_id = $1",
    [arranged.connection.id],
  );
  expect(stored!.orders_per_minute).toBe(60);
  const [audit] = await db.query<{ details: Record<string, unknown> }>(
    "select details from audit_log where action = 'batch.pace_changed' and target = $1",
    [arranged.connection.id],
  );
  expect(audit!.details).toEqual({
    connection: arranged.connection.name,
    before: "120 orders a minute (the default)",
    after: "60 orders a minute",
  });
  await expect(form).toContainText(`Set by ${arranged.admin.email}`);
});

test("a compliance officer gets 403 on Settings → Jobs", async ({ page, asRole }) => {
  await asRole("compliance");
  const response = await page.goto("/settings/jobs");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "403 · Not allowed" })).toBeVisible();
});
