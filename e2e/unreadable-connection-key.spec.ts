import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { generateEncryptionKey, parseEncryptionKey, seal } from "../lib/crypto";
import { expect, test, type Database, gotoInteractive } from "./fixtures";

/**
 * A connection whose stored API key this server cannot decrypt: each test stores one straight in the
 * database, chooses it for its own session only (the seeded simulator stays everyone's default) and removes it.
 */

const unreadable = (name: string) =>
  new RegExp(
    `The API key stored for connection “${name}” cannot be decrypted with this server's APP_ENCRYPTION_KEY \\(.+\\)\\. An admin can enter the key again in Settings → Connections\\.`,
  );

async function storeConnection(db: Database, apiKeySealed: string) {
  const name = `Unreadable ${randomUUID().slice(0, 8)}`;
  const [row] = await db.query<{ id: string }>(
    "insert into registry_connections (name, environment, base_url, api_key_sealed, api_key_hint) values ($1, 'production', 'http://127.0.0.1:9', $2, 'sk_live_…cdef') returning id",
    [name, apiKeySealed],
  );
  return { id: row!.id, name };
}

async function chooseForSession(page: Page, connectionId: string) {
  const switcher = page.getByLabel("Active registry connection");
  await switcher.selectOption(connectionId);
  await expect(switcher).toHaveValue(connectionId);
  await page.reload();
  await expect(switcher).toHaveValue(connectionId);
}

/** Every answer of the console with a 5xx status, and every body the browser received. */
function watch(page: Page) {
  const failures: string[] = [];
  const bodies: string[] = [];
  page.on("response", async (response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
    if (/html|javascript|json|x-component|text/.test(response.headers()["content-type"] ?? ""))
      bodies.push(await response.text().catch(() => ""));
  });
  return { failures, bodies };
}

test("a key sealed under another APP_ENCRYPTION_KEY: search, the company page, onboarding and a request's polling say so, without a 500", async ({
  page,
  db,
  signIn,
}) => {
  const apiKey = `sk_live_${randomUUID().replaceAll("-", "")}`;
  const sealed = seal(apiKey, parseEncryptionKey(generateEncryptionKey()));
  const connection = await storeConnection(db, sealed);
  const requestId = `req_unreadable_${randomUUID().slice(0, 8)}`;
  const seen = watch(page);
  try {
    await signIn(await db.createUser("compliance"));
    await gotoInteractive(page, "/");
    await chooseForSession(page, connection.id);

    const stream = page.waitForResponse((r) => r.url().includes("/api/search/stream"));
    await page.goto("/search?country=DE&q=acme");
    expect((await stream).status()).toBe(409);
    const searchAlert = page.getByRole("alert").filter({ hasText: "connection_key_unreadable" });
    await expect(searchAlert).toContainText(unreadable(connection.name));
    await expect(page.getByTestId("search-status")).toHaveText("Search stopped");
    // Only admins are offered the way to fix it.
    await expect(searchAlert.getByRole("link", { name: /Settings → Connections/ })).toHaveCount(0);

    const company = await page.goto(`/companies/DE/${encodeURIComponent("HRB 86891")}`);
    expect(company?.status()).toBe(200);
    await expect(page.getByRole("alert").filter({ hasText: "connection_key_unreadable" })).toContainText(unreadable(connection.name));
    await expect(page.getByText("This page could not be loaded")).toHaveCount(0);

    await page.goto("/onboarding");
    await expect(page.getByRole("alert").filter({ hasText: "Reading the price failed" })).toContainText(unreadable(connection.name));

    // A request of that connection: its page polls the registry (no webhook secret) and says why it cannot.
    await db.query(
      "insert into company_requests (request_id, connection_id, origin, country_code, company_id) values ($1, $2, 'console', 'DE', 'HRB 86891')",
      [requestId, connection.id],
    );
    await page.goto(`/requests/${requestId}`);
    await expect(page.getByRole("alert").filter({ hasText: "Reading the registry failed" })).toContainText(unreadable(connection.name));

    expect(seen.failures).toEqual([]);
    for (const body of seen.bodies) {
      expect(body).not.toContain(sealed);
      expect(body).not.toContain(apiKey);
    }
    expect(
      await db.query("select 1 from audit_log where action = 'search.performed' and details->>'connectionId' = $1", [connection.id]),
    ).toHaveLength(0);
  } finally {
    await db.query("delete from company_requests where request_id = $1", [requestId]);
    await db.query("delete from registry_connections where id = $1", [connection.id]);
  }
});

test("a garbage key: an admin's search says so and links to Settings → Connections, which lists the connection and tests it", async ({
  page,
  db,
  signIn,
}) => {
  const connection = await storeConnection(db, "not a sealed value");
  const seen = watch(page);
  try {
    await signIn(await db.createUser("admin"));
    await gotoInteractive(page, "/");
    await chooseForSession(page, connection.id);

    await page.goto(`/companies/DE/${encodeURIComponent("HRB 86891")}`);
    await expect(page.getByRole("alert").filter({ hasText: "connection_key_unreadable" })).toContainText(unreadable(connection.name));

    await page.goto("/search");
    await page.getByLabel("Country").selectOption("DE");
    await page.getByLabel("Name or number").fill("acme");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const alert = page.getByRole("alert").filter({ hasText: "connection_key_unreadable" });
    await expect(alert).toContainText(unreadable(connection.name));
    await expect(alert).toContainText("(not a sealed secret)");
    await alert.getByRole("link", { name: "Enter the key again in Settings → Connections" }).click();

    await expect(page).toHaveURL(/\/settings\/connections$/);
    const row = page.getByTestId(`connection-${connection.name}`);
    await expect(row).toContainText("sk_live_…cdef");
    await row.getByRole("button", { name: "Test connection" }).click();
    // The status in words; the code behind Technical details.
    await expect(row.getByRole("status")).toContainText("409 The connection's key cannot be read.");
    await expect(row.getByRole("status").locator("[data-technical-details]")).toContainText("connection_key_unreadable");
    await expect(row.getByRole("status")).toContainText(unreadable(connection.name));

    expect(seen.failures).toEqual([]);
  } finally {
    await db.query("delete from registry_connections where id = $1", [connection.id]);
  }
});
