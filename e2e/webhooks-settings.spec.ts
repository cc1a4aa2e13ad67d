import { randomBytes } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { generateMessageId, webhookHeaders } from "../simulator/webhooks/sign";
import { expect, postServerAction, serverAction, test, type Database } from "./fixtures";
import { approveAsSecondAdmin } from "./second-admin";

// Connections are shared by every user of the console: these tests run one after the other. A second admin signs in
// in a browser of their own to approve each added connection (dual control): generous time on a busy machine.
test.describe.configure({ mode: "serial", timeout: 300_000 });

const uid = () => Math.random().toString(36).slice(2, 10);
const newSecret = () => `whsec_${randomBytes(24).toString("base64")}`;
const baseUrl = process.env.E2E_BASE_URL!;

/**
 * Adds a sandbox connection through Settings → Connections (the secret is sealed by the app itself); a second admin
 * approves it (dual control), and the page shows it once reloaded.
 */
async function addConnection(page: Page, db: Database, browser: Browser, name: string, secret: string): Promise<string> {
  await page.goto("/settings/connections");
  await page.getByRole("button", { name: "Add connection" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Environment").selectOption("sandbox");
  await dialog.getByLabel("Base URL").fill("http://127.0.0.1:9");
  await dialog.getByLabel("API key").fill(`sk_dev_${uid()}${uid()}`);
  await dialog.getByLabel("Webhook signing secret (optional)").fill(secret);
  await dialog.getByLabel("Reason for the change").fill("Webhook tests");
  await dialog.getByRole("button", { name: "Add connection" }).click();
  await expect(page.getByRole("region", { name: /New connections waiting/ })).toContainText(`Add connection ${name}`);
  await approveAsSecondAdmin(browser, db, `Add connection ${name}`);
  await page.reload();
  await expect(page.getByTestId(`connection-${name}`)).toContainText("Set");
  const [row] = await db.query<{ id: string }>("select id from registry_connections where name = $1", [name]);
  return row!.id;
}

/** Posts one delivery to a connection's webhook URL, signed with `secret`, as the vendor would. */
async function deliver(
  request: APIRequestContext,
  connectionId: string,
  secret: string,
  payload: unknown,
  messageId = generateMessageId(),
) {
  const body = JSON.stringify(payload);
  const response = await request.post(`/api/webhooks/registry/${connectionId}`, {
    headers: webhookHeaders(secret, messageId, Math.floor(Date.now() / 1000), body),
    data: body,
  });
  return { status: response.status(), body: (await response.json()) as unknown };
}

const snapshot = (requestId: string, version: number) => ({
  type: "company.updated",
  request: {
    requestId,
    version,
    companyId: "HRB 12345",
    countryCode: "DE",
    dataPoints: ["company"],
    dataStatus: { dataPoints: { company: { status: "in_progress" } }, documents: {} },
  },
});

const notification = (monitorId: string) => ({
  type: "monitor.notification",
  monitorId,
  companyId: "HRB 12345",
  countryCode: "DE",
  timestamp: "2026-11-22T10:00:00Z",
  changeCategories: ["address"],
  monitorHasBeenDeactivated: false,
});

test("an admin sees each connection's URL, the deliveries it received with their outcomes, the counts, the rejections, narrows the ledger and opens a request's timeline", async ({
  page,
  context,
  db,
  request,
  browser,
  signIn,
}) => {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/html|javascript|json|x-component|text/.test(type)) bodies.push(await response.text().catch(() => ""));
  });
  await signIn(await db.createUser("admin"));
  const name = `Hooks ${uid()}`;
  const secret = newSecret();
  const id = await addConnection(page, db, browser, name, secret);
  const bare = `No secret ${uid()}`;
  await db.query(
    "insert into registry_connections (name, environment, base_url, api_key_sealed, api_key_hint) values ($1, 'sandbox', 'http://127.0.0.1:9', 'v1.x.x.x.x', 'sk_dev_…0000')",
    [bare],
  );
  const unreadable = `Unreadable secret ${uid()}`;
  const [unreadableRow] = await db.query<{ id: string }>(
    "insert into registry_connections (name, environment, base_url, api_key_sealed, api_key_hint, webhook_secret_sealed) values ($1, 'sandbox', 'http://127.0.0.1:9', 'v1.x.x.x.x', 'sk_dev_…0000', 'v1.x.x.x.x') returning id",
    [unreadable],
  );

  // The vendor's side: a delivery, its retry, a newer version, an older one, a monitor alert, and a forgery.
  const requestId = `req_e2e_${uid()}`;
  const monitorId = `mon_e2e_${uid()}`;
  const first = generateMessageId();
  const forged = generateMessageId();
  expect(await deliver(request, id, secret, snapshot(requestId, 1), first)).toEqual({ status: 200, body: { outcome: "applied" } });
  expect(await deliver(request, id, secret, snapshot(requestId, 1), first)).toEqual({ status: 200, body: { outcome: "duplicate" } });
  expect(await deliver(request, id, secret, snapshot(requestId, 2))).toEqual({ status: 200, body: { outcome: "applied" } });
  expect(await deliver(request, id, secret, snapshot(requestId, 1))).toEqual({ status: 200, body: { outcome: "stale" } });
  expect(await deliver(request, id, secret, notification(monitorId))).toEqual({ status: 200, body: { outcome: "applied" } });
  expect((await deliver(request, id, newSecret(), snapshot(requestId, 3), forged)).status).toBe(401);

  await page.goto("/settings");
  await page.getByRole("link", { name: /^Webhooks/ }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

  // Each connection: its URL for the vendor, with a copy button.
  const card = page.getByTestId(`webhooks-${name}`);
  const url = card.getByTestId("webhook-url");
  await expect(url).toHaveText(new RegExp(`^https?://[^/]+/api/webhooks/registry/${id}$`));
  if (!process.env.NEXTAUTH_URL) await expect(url).toHaveText(`http://localhost:${new URL(baseUrl).port}/api/webhooks/registry/${id}`);
  const [simulator] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  await expect(page.getByTestId("webhooks-Local simulator").getByTestId("webhook-url")).toHaveText(
    new RegExp(`/api/webhooks/registry/${simulator!.id}$`),
  );
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await card.getByRole("button", { name: "Copy webhook URL" }).click();
  await expect(card.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await url.textContent());

  // Its secret's state, the deliveries per outcome and the refused one with its reason.
  await expect(card.getByText("Set", { exact: true })).toBeVisible();
  await expect(card.getByText("Previous secret still accepted")).toHaveCount(0);
  for (const [outcome, n] of [
    ["applied", 3],
    ["duplicate", 1],
    ["stale", 1],
    ["failed", 0],
    ["unhandled", 0],
  ] as const) {
    await expect(card.getByTestId(`count-${outcome}`)).toContainText(String(n));
  }
  await expect(card.getByTestId("rejection-total")).toContainText("1 refused in total");
  const rejection = card.getByRole("table", { name: "Recent rejections" }).getByRole("row").filter({ hasText: forged });
  await expect(rejection).toContainText("No matching signature found");

  // A connection without a secret or deliveries says what to do.
  const bareCard = page.getByTestId(`webhooks-${bare}`);
  await expect(bareCard).toContainText("No secret set: deliveries are refused until you add it in Connections.");
  await expect(bareCard).toContainText("No deliveries yet: configure this URL at the vendor under Developers → Webhooks.");
  await expect(bareCard).toContainText("No delivery refused.");

  // A secret this server cannot decrypt: deliveries get 503 (the sender retries), and the card says why.
  expect((await deliver(request, unreadableRow!.id, secret, notification(`mon_e2e_${uid()}`))).status).toBe(503);
  const unreadableCard = page.getByTestId(`webhooks-${unreadable}`);
  await expect(unreadableCard.getByText("Cannot be decrypted", { exact: true })).toBeVisible();
  await expect(unreadableCard).toContainText(
    "Deliveries are answered 503 and retried by the sender until the secret is entered again in Connections: the signing secret cannot be decrypted with this server's APP_ENCRYPTION_KEY",
  );
  await expect(unreadableCard).toContainText("No deliveries yet");

  // The ledger, narrowed by connection, then outcome, type and request id (filters kept in the URL).
  const rows = page.getByTestId("ledger-row");
  const filters = page.getByRole("form", { name: "Filter the ledger" });
  await filters.getByLabel("Connection", { exact: true }).selectOption({ label: name });
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`connection=${id}`));
  await expect(rows).toHaveCount(5);
  await expect(page.getByText("5 deliveries match.")).toBeVisible();
  await expect(rows.first()).toContainText("Monitor notification");
  await expect(rows.first()).toContainText(monitorId);
  await expect(rows.first().locator("[data-outcome]")).toHaveAttribute("data-outcome", "applied");

  await filters.getByLabel("Outcome", { exact: true }).selectOption("duplicate");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/outcome=duplicate/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first);
  await expect(rows.first()).toContainText("Duplicate");

  await filters.getByLabel("Outcome", { exact: true }).selectOption("");
  await filters.getByLabel("Type", { exact: true }).selectOption("monitor.notification");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/type=monitor.notification/);
  await expect(rows).toHaveCount(1);

  await filters.getByLabel("Type", { exact: true }).selectOption("");
  await filters.getByLabel("Request id", { exact: true }).fill(requestId);
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`requestId=${requestId}`));
  await expect(rows).toHaveCount(4);
  expect(await rows.locator("[data-outcome]").evaluateAll((els) => els.map((e) => e.getAttribute("data-outcome")))).toEqual([
    "stale",
    "applied",
    "duplicate",
    "applied",
  ]);

  // The request's deliveries as a timeline, oldest first, with the gaps between them.
  await rows.first().getByRole("link", { name: requestId }).click();
  await expect(page).toHaveURL(new RegExp(`/settings/webhooks/requests/${requestId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(requestId);
  await expect(page.getByText("stored version 2")).toBeVisible();
  const entries = page.getByTestId("timeline-entry");
  await expect(entries).toHaveCount(4);
  expect(await page.getByTestId("timeline-version").allTextContents()).toEqual(["Version 1", "No version", "Version 2", "Version 1"]);
  expect(await entries.locator("[data-outcome]").evaluateAll((els) => els.map((e) => e.getAttribute("data-outcome")))).toEqual([
    "applied",
    "duplicate",
    "applied",
    "stale",
  ]);
  await expect(page.getByTestId("timeline-gap")).toHaveCount(3);
  await expect(page.getByTestId("timeline-gap").first()).toHaveText(/^\+[\d.]+ (µs|ms|s) after the previous delivery$/);
  await expect(entries.nth(1)).toContainText(first);

  // Values that do not fit the filters are ignored, not an error.
  const odd = await page.goto("/settings/webhooks?outcome=exploded&connection=nope&before=abc&requestId=");
  expect(odd?.status()).toBe(200);
  await expect(page.getByRole("form", { name: "Filter the ledger" }).getByLabel("Outcome", { exact: true })).toHaveValue("");
  await expect(rows.first()).toBeVisible();
  expect((await page.goto("/settings/webhooks/requests/req_never_seen"))?.status()).toBe(200);
  await expect(page.getByText(/No delivery for this request in the ledger/)).toBeVisible();

  expect(bodies.length).toBeGreaterThan(5);
  for (const body of bodies) expect(body).not.toContain(secret.slice(6));
});

test("a compliance user gets the 403 page for Settings → Webhooks and cannot retire a secret", async ({ page, db, asRole }) => {
  await asRole("compliance");
  const response = await page.goto("/settings/webhooks");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "403 · Not allowed" })).toBeVisible();
  expect((await page.goto("/settings/webhooks/requests/req_1"))?.status()).toBe(403);

  const [simulator] = await db.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
  const retire = serverAction("retirePreviousSecretAction", "app/(console)/settings/webhooks/actions.ts");
  const answer = await postServerAction(page.request, retire, [{ id: simulator!.id }]);
  expect(await answer.text()).toContain('"code":"forbidden"');
});

test("a replaced secret is accepted until an admin retires it, and the retirement is audited", async ({
  page,
  db,
  request,
  browser,
  signIn,
}) => {
  const user = await db.createUser("admin");
  await signIn(user);
  const name = `Rotating ${uid()}`;
  const [oldSecret, newer] = [newSecret(), newSecret()];
  const id = await addConnection(page, db, browser, name, oldSecret);

  // Rotate: the new secret is saved, the old one stays accepted.
  const row = page.getByTestId(`connection-${name}`);
  await row.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Webhook signing secret (optional)").fill(newer);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toHaveCount(0);

  expect((await deliver(request, id, oldSecret, notification(`mon_${uid()}`))).status).toBe(200);
  expect((await deliver(request, id, newer, notification(`mon_${uid()}`))).status).toBe(200);

  await page.goto("/settings/webhooks");
  const card = page.getByTestId(`webhooks-${name}`);
  await expect(card.getByText("Previous secret still accepted")).toBeVisible();
  await card.getByRole("button", { name: "Retire previous secret" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(`Retire the previous secret of ${name}?`);
  await confirm.getByRole("button", { name: "Retire" }).click();
  await expect(page.getByText("Previous secret retired").first()).toBeVisible();
  await expect(card.getByText("Previous secret still accepted")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Retire previous secret" })).toHaveCount(0);

  // The old secret is refused from now on; the new one still works. The open page updates by itself
  // (a delivery notifies the ledger's live topic, and so does each batch of rejections, within a second).
  const refused = generateMessageId();
  expect((await deliver(request, id, oldSecret, notification(`mon_${uid()}`), refused)).status).toBe(401);
  expect((await deliver(request, id, newer, notification(`mon_${uid()}`))).status).toBe(200);
  await expect(card.getByTestId("count-applied")).toContainText("3");
  await expect(card.getByRole("table", { name: "Recent rejections" }).getByRole("row").filter({ hasText: refused })).toContainText(
    "No matching signature found",
  );

  const audit = await db.query<{ action: string; actor_email: string; details: { changed?: string[] } }>(
    "select action, actor_email, details from audit_log where target = $1 order by id",
    [name],
  );
  expect(audit.map((a) => a.action)).toEqual([
    "dual_control.requested",
    "connection.created",
    "dual_control.approved",
    "connection.updated",
    "connection.updated",
  ]);
  expect(audit.at(-1)).toEqual({
    action: "connection.updated",
    actor_email: user.email,
    details: { changed: ["previousWebhookSecret (retired)"] },
  });
});

test("a delivery signed for another connection leaves the request alone and shows as refused, not applied", async ({
  page,
  db,
  request,
  browser,
  signIn,
}) => {
  await signIn(await db.createUser("admin"));
  const [owner, other] = [`Owner ${uid()}`, `Sandbox ${uid()}`];
  const [ownerSecret, otherSecret] = [newSecret(), newSecret()];
  const ownerId = await addConnection(page, db, browser, owner, ownerSecret);
  const otherId = await addConnection(page, db, browser, other, otherSecret);
  const requestId = `req_e2e_${uid()}`;
  expect(await deliver(request, ownerId, ownerSecret, snapshot(requestId, 1))).toEqual({ status: 200, body: { outcome: "applied" } });
  expect(await deliver(request, otherId, otherSecret, snapshot(requestId, 5))).toEqual({ status: 200, body: { outcome: "mismatch" } });
  const [stored] = await db.query<{ version: string; connection_id: string }>(
    "select version, connection_id from company_requests where request_id = $1",
    [requestId],
  );
  expect(stored).toEqual({ version: "1", connection_id: ownerId });

  await page.goto(`/settings/webhooks?connection=${otherId}`);
  const card = page.getByTestId(`webhooks-${other}`);
  await expect(card.getByTestId("count-mismatch")).toContainText("1");
  await expect(card.getByTestId("count-applied")).toContainText("0");
  const row = page.getByTestId("ledger-row").filter({ hasText: requestId });
  await expect(row).toHaveCount(1);
  await expect(row.locator("[data-outcome]")).toHaveAttribute("data-outcome", "mismatch");
  await expect(row).toContainText("Refused: another connection's request");
  await expect(row).not.toContainText(owner);
});
