import pg from "pg";
import { migrateDatabase } from "../db/migrate";
import { seedSimulatorConnection } from "../scripts/seed-simulator-connection";
import { generateMessageId, generateSigningSecret, webhookHeaders } from "../simulator/webhooks/sign";
import { startFreezablePostgres } from "../test/freezable-postgres";
import { dataDirSecret, startAppProcess } from "./app-process";
import { Database, expect, test } from "./fixtures";

// A Postgres that stops answering without closing its connections (SIGSTOP, as a stalled host or a frozen VM
// does): an app process of its own on a Postgres of its own, so nothing else is frozen with it.
test.describe.configure({ timeout: 180_000 });

test("with Postgres frozen, a page and a webhook answer an error within 10 s, and both work again once it resumes, without a restart", async ({
  browser,
}) => {
  const server = await startFreezablePostgres("registry_desk");
  await migrateDatabase(server.url);
  const pool = new pg.Pool({ connectionString: server.url, max: 1 });
  const user = await new Database(pool).createUser("compliance");
  await pool.end();
  const webhookSecret = generateSigningSecret();
  const { id: connectionId } = await seedSimulatorConnection(server.url, dataDirSecret("encryption-key"), {
    baseUrl: "http://127.0.0.1:9",
    apiKey: "sk_dev_unused",
    webhookSecret,
  });

  const app = await startAppProcess(server.url);
  const context = await browser.newContext({ baseURL: app.origin });
  let version = 0;
  /** A signed company.updated delivery; resolves with the status and how long the answer took. */
  const deliver = async () => {
    const body = JSON.stringify({
      type: "company.updated",
      request: { requestId: "req_frozen", version: ++version, companyId: "HRB 1", countryCode: "DE", dataPoints: ["company"] },
    });
    const started = Date.now();
    const response = await fetch(`${app.origin}/api/webhooks/registry/${connectionId}`, {
      method: "POST",
      headers: webhookHeaders(webhookSecret, generateMessageId(), Math.floor(Date.now() / 1000), body),
      body,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, ms: Date.now() - started };
  };
  const openPage = async () => {
    const started = Date.now();
    const response = await context.request.get("/requests", { maxRedirects: 0, timeout: 30_000 });
    return { status: response.status(), ms: Date.now() - started };
  };
  try {
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("button[data-account-menu]")).toBeVisible();
    // Warm: the pool holds idle connections, the ones a frozen server leaves hanging.
    expect((await openPage()).status).toBe(200);
    expect((await deliver()).status).toBe(200);

    server.freeze();
    try {
      const [frozenPage, frozenWebhook] = await Promise.all([openPage(), deliver()]);
      console.log(
        `[frozen Postgres] /requests answered ${frozenPage.status} in ${frozenPage.ms} ms; the webhook ${frozenWebhook.status} in ${frozenWebhook.ms} ms`,
      );
      expect(frozenPage.status).toBeGreaterThanOrEqual(500);
      expect(frozenPage.ms).toBeLessThan(10_000);
      expect(frozenWebhook.status).toBe(503); // the sender retries it later
      expect(frozenWebhook.ms).toBeLessThan(10_000);
      // While still frozen, new connections give up too (the stuck ones were dropped).
      const again = await deliver();
      console.log(`[frozen Postgres] a second webhook answered ${again.status} in ${again.ms} ms`);
      expect(again.status).toBe(503);
      expect(again.ms).toBeLessThan(10_000);
    } finally {
      server.thaw();
    }

    await expect.poll(async () => (await openPage()).status, { timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await deliver()).status, { timeout: 15_000 }).toBe(200);
    await page.reload();
    await expect(page.locator("button[data-account-menu]")).toBeVisible();
  } finally {
    server.thaw();
    await context.close();
    await app.stop();
    await server.stop();
  }
});
