import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, postServerAction, serverAction, test, gotoInteractive } from "./fixtures";
import { approveAsSecondAdmin } from "./second-admin";

// Connections are shared by every user of the console: these tests run one after the other. A second admin signs in
// in a browser of their own to approve each added connection (dual control): generous time on a busy machine.
test.describe.configure({ mode: "serial", timeout: 300_000 });

/** A stand-in registry on 127.0.0.1 that accepts one API key on GET /v2/monitors. */
async function fakeRegistry(acceptedKey: string) {
  const server = http.createServer((req, res) => {
    const ok = req.headers["x-api-key"] === acceptedKey;
    res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        ok
          ? { monitors: [], total: 3, hasNextPage: false }
          : { statusCode: 401, error: { code: "unauthorized", message: "Invalid API key" } },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

const uid = () => Math.random().toString(36).slice(2, 10);

/** Fills the add dialog for a sandbox connection at `baseUrl` and sends it with a reason: it then waits for a second admin. */
async function askToAdd(page: Page, connection: { name: string; baseUrl: string; apiKey: string; secret: string }) {
  await page.goto("/settings/connections");
  await page.getByRole("button", { name: "Add connection" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(connection.name);
  await dialog.getByLabel("Environment").selectOption("sandbox");
  await dialog.getByLabel("Base URL").fill(connection.baseUrl);
  await dialog.getByLabel("API key").fill(connection.apiKey);
  await dialog.getByLabel("Webhook signing secret (optional)").fill(connection.secret);
  // Not the default for everyone: the other spec files order through the seeded simulator, the default.
  await dialog.getByLabel("Reason for the change").fill("A second registry account");
  await dialog.getByRole("button", { name: "Add connection" }).click();
  await expect(page.getByRole("region", { name: /New connections waiting/ })).toContainText(`Add connection ${connection.name}`);
}

/** Another server on 127.0.0.1 (an admin's own host, say): it records every request and the key it carried. */
async function recordingServer() {
  const hits: { url: string; apiKey: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    hits.push({ url: req.url ?? "", apiKey: req.headers["x-api-key"] as string | undefined });
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ monitors: [], total: 0, hasNextPage: false }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, close: () => server.close() };
}

test("an admin adds, tests, edits and deletes a connection, each sensitive step approved by a second admin, and neither key nor secret ever reaches the browser", async ({
  page,
  db,
  browser,
  signIn,
}) => {
  const apiKey = `sk_dev_${uid()}${uid()}`;
  const secret = `whsec_${Buffer.from(uid() + uid() + uid()).toString("base64")}`;
  const registry = await fakeRegistry(apiKey);
  const name = `Sandbox ${uid()}`;
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/html|javascript|json|x-component|text/.test(type)) bodies.push(await response.text().catch(() => ""));
  });
  try {
    await signIn(await db.createUser("admin"));
    await askToAdd(page, { name, baseUrl: registry.url, apiKey, secret });
    // Until a second admin approves, it is no connection: not listed, not selectable.
    expect(await db.query("select 1 from registry_connections where name = $1", [name])).toEqual([]);
    await expect(page.getByLabel("Active registry connection").locator("option", { hasText: name })).toHaveCount(0);
    // The page follows the approval without a reload (live events on the pending-changes topic).
    await approveAsSecondAdmin(browser, db, `Add connection ${name}`);
    const dialog = page.getByRole("dialog");

    const row = page.getByTestId(`connection-${name}`);
    await expect(row).toContainText(`sk_dev_…${apiKey.slice(-4)}`);
    await expect(row).toContainText("Set");
    const [created] = await db.query<{ id: string }>("select id from registry_connections where name = $1", [name]);
    await page.getByLabel("Active registry connection").selectOption(created!.id);
    await expect(page.getByRole("region", { name: "Sandbox" })).toContainText(name);

    await row.getByRole("button", { name: "Test connection" }).click();
    await expect(row.getByRole("status")).toHaveText(/Reachable in \d+ ms · key accepted · 3 monitors/);

    await row.getByRole("button", { name: "Edit" }).click();
    await expect(dialog.getByLabel("API key")).toHaveValue("");
    await dialog.getByLabel("API key").fill("sk_dev_wrong_key_0000");
    // A new key waits for a second admin (dual control: this console has several admins), with the reason given.
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("Say why: a second admin reads it before approving.").first()).toBeVisible();
    await dialog.getByLabel("Reason for the change").fill("Key rotated at the vendor");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(row).toContainText("Waiting for a second admin");
    await expect(row).toContainText("API key → sk_dev_…0000");
    await expect(row).toContainText(`sk_dev_…${apiKey.slice(-4)}`);
    await row.getByRole("button", { name: "Test connection" }).click();
    await expect(row.getByRole("status")).toHaveText(/Reachable in \d+ ms · key accepted · 3 monitors/);

    // Deleting waits for a second admin too; until then the connection stays.
    await row.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Ask to delete" }).click();
    await expect(page.getByRole("dialog").getByText("Say why: a second admin reads it before approving.")).toBeVisible();
    await page.getByRole("dialog").getByLabel("Why delete it").fill("No longer needed");
    await page.getByRole("dialog").getByRole("button", { name: "Ask to delete" }).click();
    await expect(row).toContainText(`Delete connection ${name}`);
    await approveAsSecondAdmin(browser, db, `Delete connection ${name}`);
    await expect(page.getByTestId(`connection-${name}`)).toHaveCount(0);

    await page.goto("/");
    await page.goto("/settings/connections");
    await page.goto("/audit");
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) {
      expect(body).not.toContain(apiKey);
      expect(body).not.toContain(secret.slice(6));
      expect(body).not.toContain("sk_dev_wrong_key_0000");
    }
    const audit = await db.query<{ action: string }>("select action from audit_log where target = $1 order by id", [name]);
    expect(audit.map((r) => r.action)).toEqual([
      "dual_control.requested",
      "connection.created",
      "dual_control.approved",
      "connection.tested",
      "dual_control.requested",
      "connection.tested",
      "dual_control.requested",
      "connection.deleted",
      "dual_control.approved",
    ]);
  } finally {
    registry.close();
    await db.query("delete from registry_connections where name = $1", [name]);
  }
});

test("a new base URL needs the API key and the signing secret again: the stored key never reaches the new address", async ({
  page,
  db,
  browser,
  signIn,
}) => {
  const apiKey = `sk_dev_${uid()}${uid()}`;
  const secret = `whsec_${Buffer.from(uid() + uid() + uid()).toString("base64")}`;
  const registry = await fakeRegistry(apiKey);
  const elsewhere = await recordingServer();
  const name = `Sandbox ${uid()}`;
  try {
    await signIn(await db.createUser("admin"));
    await askToAdd(page, { name, baseUrl: registry.url, apiKey, secret });
    // The page follows the approval without a reload (live events on the pending-changes topic).
    await approveAsSecondAdmin(browser, db, `Add connection ${name}`);
    const dialog = page.getByRole("dialog");
    const row = page.getByTestId(`connection-${name}`);
    await expect(row).toContainText(registry.url);
    const [stored] = await db.query<{ id: string; base_url: string; api_key_sealed: string; webhook_secret_sealed: string }>(
      "select id, base_url, api_key_sealed, webhook_secret_sealed from registry_connections where name = $1",
      [name],
    );

    // The form says so before sending anything.
    await row.getByRole("button", { name: "Edit" }).click();
    await expect(dialog.getByText(/A new base URL needs the API key and the signing secret entered again/)).toBeVisible();
    await dialog.getByLabel("Base URL").fill(elsewhere.url);
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("Enter the API key again to change the base URL.")).toBeVisible();
    await expect(dialog.getByText("Enter the signing secret again to change the base URL, or remove it.")).toBeVisible();
    await dialog.press("Escape");

    // The server refuses it too, when the browser's check is skipped.
    const update = serverAction("updateConnectionAction", "app/(console)/settings/connections/actions.ts");
    const refused = await postServerAction(page.request, update, [
      { id: stored!.id, fields: { name, environment: "sandbox", baseUrl: elsewhere.url, apiKey: "", webhookSecret: "" } },
    ]);
    const answer = await refused.text();
    expect(answer).toContain('"code":"reentry_required"');
    expect(answer).toContain("Enter the API key again to change the base URL.");
    expect(
      await db.query("select id, base_url, api_key_sealed, webhook_secret_sealed from registry_connections where name = $1", [name]),
    ).toEqual([stored]);

    // Testing the connection still calls the stored address with the stored key; the other host hears nothing.
    await page.reload();
    await row.getByRole("button", { name: "Test connection" }).click();
    await expect(row.getByRole("status")).toHaveText(/Reachable in \d+ ms · key accepted · 3 monitors/);
    expect(elsewhere.hits).toEqual([]);

    // With both entered again the new address waits for a second admin (the approval is tested in
    // app/(console)/settings/connections/actions.int.test.ts); until then the stored address and key are used.
    const newKey = `sk_dev_${uid()}${uid()}`;
    await row.getByRole("button", { name: "Edit" }).click();
    await dialog.getByLabel("Base URL").fill(elsewhere.url);
    await dialog.getByLabel("API key").fill(newKey);
    await dialog.getByLabel("Webhook signing secret (optional)").fill(secret);
    await dialog.getByLabel("Reason for the change").fill("Moving to the new host");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(row).toContainText(`Base URL: ${registry.url} → ${elsewhere.url}`);
    await row.getByRole("button", { name: "Test connection" }).click();
    await expect(row.getByRole("status")).toHaveText(/Reachable in \d+ ms · key accepted · 3 monitors/);
    expect(elsewhere.hits).toEqual([]);
  } finally {
    registry.close();
    elsewhere.close();
    await db.query("delete from registry_connections where name = $1", [name]);
  }
});

test("a bad form is explained and changes nothing", async ({ page, db, signIn }) => {
  await signIn(await db.createUser("admin"));
  await page.goto("/settings/connections");
  await page.getByRole("button", { name: "Add connection" }).click();
  const dialog = page.getByRole("dialog");
  const name = `Prod ${uid()}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Base URL").fill("http://registry.example.com");
  await dialog.getByLabel("API key").fill("sk_live_abc");
  await dialog.getByLabel("Webhook signing secret (optional)").fill("not-a-secret");
  await dialog.getByRole("button", { name: "Add connection" }).click();
  await expect(dialog.getByText("A production connection must use https.")).toBeVisible();
  await expect(dialog.getByText(/A signing secret starts with whsec_/)).toBeVisible();
  await expect(dialog.getByText("Say why: a second admin reads it before approving.")).toBeVisible();
  expect(await db.query("select 1 from registry_connections where name = $1", [name])).toHaveLength(0);
  expect(await db.query("select 1 from pending_changes where target = $1", [name])).toHaveLength(0);
});

test("any role sees the active connection and switches it for the session; only admins manage connections", async ({
  page,
  db,
  browser,
  signIn,
}) => {
  // Two more connections beside the default (the seeded simulator, which the other spec files use: it stays the default).
  const names = [`Alpha ${uid()}`, `Beta ${uid()}`];
  for (const name of names) {
    await db.query(
      "insert into registry_connections (name, environment, base_url, api_key_sealed, api_key_hint) values ($1, 'production', 'https://api.example.com', 'v1.x.x.x.x', 'sk_live_…0000')",
      [name],
    );
  }
  await signIn(await db.createUser("compliance"));
  await gotoInteractive(page, "/");
  const switcher = page.getByLabel("Active registry connection");
  const beta = await db.query<{ id: string }>("select id from registry_connections where name = $1", [names[1]]);
  await switcher.selectOption(beta[0]!.id);
  await expect(switcher).toHaveValue(beta[0]!.id);
  await page.reload();
  await expect(switcher).toHaveValue(beta[0]!.id);
  // Another session keeps the default.
  const [defaultRow] = await db.query<{ id: string }>("select id from registry_connections where is_default");
  expect(defaultRow?.id).not.toBe(beta[0]!.id);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(await db.createUser("auditor"), otherPage);
  await gotoInteractive(otherPage, "/");
  await expect(otherPage.getByLabel("Active registry connection")).toHaveValue(defaultRow!.id);
  await other.close();

  expect((await page.goto("/settings/connections"))?.status()).toBe(403);
});
