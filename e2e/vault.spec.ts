import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { startAppProcess, type AppProcess } from "./app-process";
import { expect, test, type Database } from "./fixtures";
import { sim } from "./simulator-api";

/** Every row of every table of the app's database, as text. */
async function databaseDump(db: Database): Promise<string> {
  const tables = await db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  const dumps = await Promise.all(
    tables.map(async ({ table_name }) =>
      (await db.query<{ row: string }>(`select t::text as row from "${table_name.replaceAll('"', '""')}" t`)).map((r) => r.row).join("\n"),
    ),
  );
  return dumps.join("\n");
}

/** The text of every file the build serves to browsers. */
function builtChunks(): string {
  const dir = path.resolve(import.meta.dirname, "..", ".next", "static");
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), "latin1"))
    .join("\n");
}

// Starting a second app server can take a minute on a loaded CI machine: the hooks and the test get room for it.
test.describe.configure({ timeout: 180_000 });

let app: AppProcess;
let serverOutput = "";

test.beforeAll(async () => {
  // An app process of its own, so the test reads everything its server prints.
  app = await startAppProcess(undefined, { output: (chunk) => (serverOutput += chunk) });
});
test.afterAll(() => app?.stop());

test("a canary secret stored, refused, or entered by a second admin approving a replacement, is found in no table, log, response or chunk", async ({
  browser,
  db,
  signIn,
}) => {
  const stored = `canary-${randomUUID()}`;
  const refused = `canary-${randomUUID()}`;
  const replacement = `canary-${randomUUID()}`;
  const context = await browser.newContext({ baseURL: app.origin });
  const page = await context.newPage();
  const bodies: Promise<string>[] = [];
  // An open live-event stream (/api/live: topic names only) never ends while its page is open: its body is not awaited.
  const record = (recorded: typeof page) =>
    recorded.on("response", (response) =>
      response.headers()["content-type"]?.startsWith("text/event-stream")
        ? undefined
        : bodies.push(
            response.body().then(
              (b) => b.toString("latin1"),
              () => "",
            ),
          ),
    );
  record(page);

  // A workspace of its own, so no other spec's credentials are held there.
  const workspace = `vault-e2e-${randomUUID().slice(0, 8)}`;
  expect((await sim("POST", "/v2/workspaces", { name: workspace, legalName: "Vault E2E" })).status).toBeLessThan(300);
  const admin = await db.createUser("admin");
  // The second admin who approves the replacement below holds the role from before it is asked for, as dual control requires.
  const second = await db.createUser("admin");
  await signIn(admin, page);
  await page.goto(`/vault?workspace=${workspace}`);
  await expect(page.getByText("Stored values are never shown; fill every field to replace them.").first()).toBeVisible();

  // Coverage: the new workspace lacks infogreffe unless the default workspace (which it inherits from) holds it.
  const gap = page.locator(`tr[data-gap="${workspace}/infogreffe"]`);
  const defaultVault = (await sim("GET", "/v2/workspaces/default/vault")).json as { sourceKey: string }[];
  if (!defaultVault.some((entry) => entry.sourceKey === "infogreffe")) {
    await expect(gap).toContainText("Infogreffe (France)");
    await gap.getByRole("link", { name: `Supply credentials for Infogreffe (France) on ${workspace}` }).click();
    await expect(page).toHaveURL(/#source-infogreffe$/);
  }

  // Stored: the new version is shown, and the page's data comes back with the answer (no reload): the table lists the
  // entry, the gap is gone, and the source now offers a replacement request, still saying what was stored.
  const infogreffe = page.locator("#source-infogreffe");
  await infogreffe.getByLabel("email").fill("ops@example.com");
  const password = infogreffe.getByLabel("password");
  await password.fill(stored);
  await expect(password).toHaveAttribute("type", "password");
  await infogreffe.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  // Held at the server, the form says at once that the credentials are on their way.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/vault**", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await infogreffe.getByRole("button", { name: "Store credentials for infogreffe" }).click();
  await expect(infogreffe.getByRole("status")).toHaveText("Sending: waiting for the registry to confirm…");
  release();
  await expect(infogreffe.getByRole("status")).toHaveText(/^Stored for Infogreffe \(France\) on .*now version 1\./);
  await page.unroute("**/vault**");
  await expect(page.locator('tr[data-source="infogreffe"]')).toContainText("set here");
  await expect(gap).toHaveCount(0);
  await expect(infogreffe.getByRole("button", { name: "Ask to replace credentials for infogreffe" })).toBeVisible();
  await expect(password).toHaveCount(0);
  await expect(infogreffe.getByRole("status")).toHaveText(/now version 1\./);

  // Refused by the registry: the main password and the backup row's email are missing; the canary is in both others.
  const handelsregister = page.locator("#source-handelsregister");
  await handelsregister.getByLabel("email", { exact: false }).first().fill(refused);
  await handelsregister.getByRole("button", { name: "Add a row to backup accounts" }).click();
  await handelsregister.getByRole("group", { name: "Backup accounts 1" }).getByLabel("password").fill(refused);
  await handelsregister.getByRole("button", { name: "Store credentials for Handelsregister (Germany)" }).click();
  await expect(handelsregister.getByRole("alert")).toBeVisible();
  await expect(handelsregister.getByText("password is required", { exact: true })).toBeVisible();

  await expect(page.locator(`tr[data-gap="${workspace}/handelsregister"]`)).toBeVisible();

  // Replacing it waits for a second admin: asking takes a reason only. The waiting banner and the source's waiting
  // note come with the answer.
  await infogreffe.getByLabel("Why replace them").fill("Password rotated at the register");
  await infogreffe.getByRole("button", { name: "Ask to replace credentials for infogreffe" }).click();
  await expect(page.getByRole("region", { name: "Replacements waiting for a second admin" })).toContainText("Waiting for a second admin.");
  await expect(infogreffe).toContainText("is waiting for a second admin");
  await expect(infogreffe.getByRole("status")).toHaveText("Asked: waiting for a second admin.");

  // A second admin, in a browser of their own, approves it by entering the replacement (another canary).
  const secondContext = await browser.newContext({ baseURL: app.origin });
  const secondPage = await secondContext.newPage();
  record(secondPage);
  await signIn(second, secondPage);
  await secondPage.goto(`/vault?workspace=${workspace}`);
  await secondPage.getByRole("link", { name: `Approve Infogreffe (France) on ${workspace} by entering the new credentials` }).click();
  const approval = secondPage.locator("#source-infogreffe");
  await approval.getByLabel("email").fill("ops@example.com");
  await approval.getByLabel("password").fill(replacement);
  await approval.getByRole("button", { name: "Approve and replace credentials for infogreffe" }).click();
  await expect(approval.getByRole("status")).toHaveText(/now version 2\./);
  // No reload: the banner is gone, the table shows version 2, and the outcome is still on screen.
  await expect(secondPage.getByRole("region", { name: "Replacements waiting for a second admin" })).toHaveCount(0);
  await expect(secondPage.locator('tr[data-source="infogreffe"] td').nth(4)).toHaveText("2");
  await expect(approval.getByRole("status")).toHaveText(/now version 2\./);

  const audit = await db.query<{ details: unknown }>("select details from audit_log where action = 'vault.credentials_stored'");
  expect(audit).toContainEqual({ details: { workspace, sourceKey: "infogreffe", version: 1 } });
  const replaced = await db.query<{ details: Record<string, unknown> }>(
    "select details from audit_log where action = 'vault.credentials_replaced' and target = $1",
    [`${workspace}/infogreffe`],
  );
  expect(replaced).toEqual([
    {
      details: expect.objectContaining({
        previousVersion: 1,
        version: 2,
        dualControl: "approved",
        requestedBy: admin.email,
        approvedBy: second.email,
      }),
    },
  ]);

  const responses = (await Promise.all(bodies)).join("\n");
  await context.close();
  await secondContext.close();
  const places = { database: await databaseDump(db), server: serverOutput, responses, chunks: builtChunks() };
  for (const canary of [stored, refused, replacement]) {
    for (const [where, text] of Object.entries(places)) expect(text.includes(canary), `${canary} in ${where}`).toBe(false);
  }
  expect(responses.length).toBeGreaterThan(0);
});

test("the asking admin's vault page follows a second admin's decision without a reload: approved, then rejected", async ({
  browser,
  db,
  signIn,
}) => {
  const workspace = `vault-live-${randomUUID().slice(0, 8)}`;
  expect((await sim("POST", "/v2/workspaces", { name: workspace, legalName: "Vault Live E2E" })).status).toBeLessThan(300);
  const held = { payload: { email: "ops@example.com", password: "held-at-the-register" } };
  expect((await sim("PUT", `/v2/workspaces/${workspace}/vault/infogreffe`, held)).status).toBeLessThan(300);
  // Both admins exist before the request, as dual control requires of the approver.
  const [first, second] = [await db.createUser("admin"), await db.createUser("admin")];
  const signedIn = async (user: typeof first) => {
    const page = await (await browser.newContext({ baseURL: app.origin })).newPage();
    await signIn(user, page);
    return page;
  };

  const a = await signedIn(first);
  await a.goto(`/vault?workspace=${workspace}`);
  // Set on the document: a reload would drop it.
  await a.evaluate(() => ((window as { stillThisDocument?: boolean }).stillThisDocument = true));
  const banner = a.getByRole("region", { name: "Replacements waiting for a second admin" });
  const version = a.locator('tr[data-source="infogreffe"] td').nth(4);
  const infogreffe = a.locator("#source-infogreffe");
  const ask = async (reason: string) => {
    await infogreffe.getByLabel("Why replace them").fill(reason);
    await infogreffe.getByRole("button", { name: "Ask to replace credentials for infogreffe" }).click();
    await expect(banner).toContainText(reason);
    await expect(infogreffe).toContainText("is waiting for a second admin");
  };
  await expect(version).toHaveText("1");
  await ask("Password rotated at the register");

  // B approves on the Vault page by entering the new credentials, in a browser of their own.
  const b = await signedIn(second);
  await b.goto(`/vault?workspace=${workspace}`);
  await b.getByRole("link", { name: `Approve Infogreffe (France) on ${workspace} by entering the new credentials` }).click();
  const approval = b.locator("#source-infogreffe");
  await approval.getByLabel("email").fill("ops@example.com");
  await approval.getByLabel("password").fill("rotated-at-the-register");
  await approval.getByRole("button", { name: "Approve and replace credentials for infogreffe" }).click();
  await expect(approval.getByRole("status")).toHaveText(/now version 2\./);

  // A's page follows: the banner is gone, the table shows version 2, and the source can be asked to be replaced again.
  await expect(banner).toHaveCount(0);
  await expect(version).toHaveText("2");
  await expect(infogreffe.getByRole("button", { name: "Ask to replace credentials for infogreffe" })).toBeVisible();
  await expect(infogreffe.getByText("Asked: waiting for a second admin.")).toHaveCount(0);

  // A asks again; B rejects it on Settings → Approvals. A's banner goes, and the credentials stay at version 2.
  await ask("Second rotation");
  await b.goto("/settings/approvals");
  const item = b.locator("li[data-change-id]").filter({ hasText: `Replace the vault credentials ${workspace}/infogreffe` });
  await item.getByRole("button", { name: /^Reject/ }).click();
  await item.getByLabel("Why reject it (the requester reads this)").fill("Rotated a moment ago");
  await item.getByRole("button", { name: "Reject the change" }).click();
  await expect(
    b
      .getByRole("row")
      .filter({ hasText: `Replace the vault credentials ${workspace}/infogreffe` })
      .first(),
  ).toContainText("Rejected: Rotated a moment ago");
  await expect(banner).toHaveCount(0);
  await expect(infogreffe.getByRole("button", { name: "Ask to replace credentials for infogreffe" })).toBeVisible();
  await expect(version).toHaveText("2");

  expect(await a.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);
  await a.context().close();
  await b.context().close();
});
