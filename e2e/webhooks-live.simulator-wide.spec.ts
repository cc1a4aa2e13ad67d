import type { Page } from "@playwright/test";
import { generateMessageId, webhookHeaders } from "../simulator/webhooks/sign";
import { dataDirSecret, startAppProcess } from "./app-process";
import { sim } from "./simulator-api";
import { expect, test } from "./fixtures";
import { simulatorConnectionId } from "./monitor-notification";

// These tests change the simulator's webhook endpoint, chaos and clock for a while: one at a time, after every other
// spec file (the "simulator-wide" project in playwright.config.ts).
test.describe.configure({ mode: "serial" });

/** A signed delivery, as the registry sends it, to one app process. */
async function deliver(origin: string, connectionId: string, payload: unknown): Promise<number> {
  const body = JSON.stringify(payload);
  const headers = webhookHeaders(dataDirSecret("simulator-webhook-secret"), generateMessageId(), Math.floor(Date.now() / 1000), body);
  const response = await fetch(`${origin}/api/webhooks/registry/${connectionId}`, { method: "POST", headers, body });
  return response.status;
}

const snapshot = (requestId: string, version: number) => ({
  type: "company.updated",
  request: {
    requestId,
    version,
    companyId: "HRB 4711",
    countryCode: "DE",
    dataPoints: ["company"],
    dataStatus: { dataPoints: { company: { status: "in_progress" } } },
  },
});

/** Signed document URLs are minted per answer; everything else must be equal. */
const withoutSignedUrls = (value: unknown) =>
  JSON.parse(JSON.stringify(value), (key, v) => (key === "downloadUrl" || key === "urlExpiresAt" ? undefined : v));

async function signInOn(page: Page, origin: string, user: { email: string; password: string }) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("button[data-account-menu]")).toBeVisible();
}

test("an order at the registry fills the request live in the browser, through duplicates and reordering, ending equal to GET /v2/company", async ({
  page,
  db,
  signIn,
}) => {
  await signIn(await db.createUser("compliance"));
  await page.goto("/requests");
  await sim("PUT", "/_sim/chaos", { duplicateRate: 0.5, reorderWindowMs: 1500 });
  try {
    // Ordered by another client of the same account: the console learns of it by webhook only.
    const created = await sim("POST", "/v2/company", {
      id: "HRB 86891",
      countryCode: "DE",
      dataPoints: ["company", "legalRepresentatives", "shareholders", "ultimateBeneficialOwners", "graph", "availableDocuments"],
    });
    expect(created.status).toBe(200);
    const requestId = created.json.request.requestId as string;

    const row = page.getByRole("row").filter({ hasText: requestId });
    await expect(row).toBeVisible({ timeout: 15_000 }); // appears without reloading the page
    await expect(row.getByText("Created elsewhere")).toBeVisible();
    await row.getByRole("link").click();
    await expect(page.getByText("This request is complete")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-datapoint="shareholders"]')).toContainText("Succeeded");

    await expect.poll(async () => (await sim("GET", "/_sim/deliveries?state=pending")).json.length, { timeout: 15_000 }).toBe(0);
    // `version` is a bigint, which node-postgres returns as text.
    const [stored] = await db.query<{ snapshot: unknown; version: string }>(
      "select snapshot, version from company_requests where request_id = $1",
      [requestId],
    );
    const api = await sim("GET", `/v2/company/${requestId}`);
    expect(Number(stored!.version)).toBe(api.json.request.version);
    expect(withoutSignedUrls(stored!.snapshot)).toEqual(withoutSignedUrls(api.json));
    const [counts] = await db.query<{ firsts: string; repeats: string }>(
      "select count(*) filter (where outcome <> 'duplicate') as firsts, count(*) filter (where outcome = 'duplicate') as repeats from webhook_deliveries where request_id = $1",
      [requestId],
    );
    const delivered = (await sim("GET", "/_sim/deliveries?state=delivered&type=company.updated")).json.filter(
      (m: { payload: { request: { requestId: string } } }) => m.payload.request.requestId === requestId,
    );
    expect(Number(counts!.firsts)).toBe(delivered.length);
  } finally {
    await sim("PUT", "/_sim/chaos", { duplicateRate: 0.05, reorderWindowMs: 1500 });
  }
});

test("where no webhook arrives, the open request polls the registry until it is complete", async ({ page, db, signIn }) => {
  const endpoint = (await sim("PUT", "/_sim/webhook-endpoint", { url: null })).json;
  let requestId = "";
  try {
    // SLOW_DELIVERY: every datapoint takes 20 to 60 seconds, so the page is still waiting when polling starts.
    const created = await sim("POST", "/v2/company", { id: "SLOW_DELIVERY", countryCode: "DE", dataPoints: ["company", "shareholders"] });
    requestId = created.json.request.requestId;
    // What an order stores first: the request, before any snapshot.
    await db.query(
      "insert into company_requests (request_id, connection_id, origin, country_code, company_id) values ($1, $2, 'console', 'DE', 'SLOW_DELIVERY')",
      [requestId, await simulatorConnectionId(db)],
    );
    await signIn(await db.createUser("auditor"));
    await page.goto(`/requests/${requestId}`);
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    // Nothing arrives for 10 seconds: the page starts reading the registry itself.
    await expect(page.getByText("Polling the registry")).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('[data-datapoint="company"]')).toContainText(/In progress|Enriching/);
    await sim("POST", "/_sim/advance", { seconds: 120 });
    await expect(page.getByText("This request is complete")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-datapoint="shareholders"]')).toContainText("Succeeded");
    const sources = await db.query<{ source: string }>("select distinct source from company_request_versions where request_id = $1", [
      requestId,
    ]);
    expect(sources.map((s) => s.source)).toEqual(["poll"]);
  } finally {
    await sim("PUT", "/_sim/webhook-endpoint", { url: endpoint.url });
  }
});

test("a webhook received by one app process reaches a page open on another process", async ({ browser, db }) => {
  const other = await startAppProcess();
  const page = await browser.newPage();
  try {
    await signInOn(page, other.origin, await db.createUser("compliance"));
    await page.goto(`${other.origin}/requests`);
    await expect(page.getByRole("heading", { name: "Requests" })).toBeVisible();
    // The badge reads "Live" once the other process LISTENs and has said ready: a delivery before that would be missed.
    await expect(page.locator('[data-live-status="open"]')).toBeVisible({ timeout: 15_000 });
    const requestId = `req_two_processes_${Date.now()}`;
    expect(await deliver(process.env.E2E_BASE_URL!, await simulatorConnectionId(db), snapshot(requestId, 1))).toBe(200);
    await expect(page.getByRole("row").filter({ hasText: requestId })).toBeVisible({ timeout: 5_000 });
  } finally {
    await page.close();
    await other.stop();
  }
});

test("with Postgres unreachable the webhook route answers 503, so the sender retries", async ({ db }) => {
  const connectionId = await simulatorConnectionId(db);
  const cutOff = await startAppProcess("postgres://nobody:nothing@127.0.0.1:1/registry_desk");
  try {
    expect(await deliver(cutOff.origin, connectionId, snapshot("req_postgres_down", 1))).toBe(503);
  } finally {
    await cutOff.stop();
  }
  expect(await db.query("select 1 from webhook_deliveries where request_id = 'req_postgres_down'")).toEqual([]);
  // The same delivery, once the database is there, is stored.
  expect(await deliver(process.env.E2E_BASE_URL!, connectionId, snapshot("req_postgres_down", 1))).toBe(200);
});
