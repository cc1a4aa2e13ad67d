import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, test, type TestUser, signInByApi } from "./fixtures";
import { sim } from "./simulator-api";

// The admin chain, end to end in two browsers: admin A creates a workspace, admin B approves turning its UBO access
// on, A stores credentials through the generated form (a list-typed source), sees the version and the mark "set
// here", and the workspace's coverage gap closes. The simulator is shared: the workspace is the test's own.

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page.context().request, user);
  return page;
}

test("create a workspace, a second admin approves UBO access, list-typed credentials through the form close its coverage gap", async ({
  browser,
  db,
}) => {
  test.setTimeout(180_000);
  const [first, second] = [await db.createUser("admin"), await db.createUser("admin")];
  const workspace = `chain-${randomUUID().slice(0, 8)}`;
  const a = await signedIn(browser, first);
  const b = await signedIn(browser, second);

  // A creates the workspace.
  await a.goto("/workspaces");
  const create = a.getByRole("form", { name: "Create a workspace" });
  await create.getByLabel("Name", { exact: true }).fill(workspace);
  await create.getByLabel("Legal name").fill("Chain Obliged Entity SA");
  await create.getByRole("button", { name: "Create workspace" }).click();
  await expect(create.getByRole("status")).toHaveText(`Workspace ${workspace} created, with UBO access off.`);
  // The console creates it with UBO access off, as for an entity not yet cleared.
  expect(
    ((await sim("GET", "/v2/workspaces")).json as { name: string; uboEnabled: boolean }[]).find((w) => w.name === workspace),
  ).toMatchObject({
    uboEnabled: false,
  });

  // A asks to turn UBO access on, with the legal basis; B approves it.
  await a.goto("/workspaces");
  const row = a.getByRole("row").filter({ hasText: workspace });
  await row.getByRole("button", { name: `Turn on… UBO access of ${workspace}` }).click();
  const ubo = a.getByRole("form", { name: `Turn on UBO access of ${workspace}` });
  await ubo.getByLabel(`Legal basis for UBO access of ${workspace}`).fill("AMLD6 art. 3: obliged credit institution");
  await ubo.getByRole("button", { name: "Ask to turn on" }).click();
  await expect(row).toContainText("waiting for a second admin");
  await b.goto("/settings/approvals");
  const item = b.locator("li[data-change-id]").filter({ hasText: `Turn UBO access on for workspace ${workspace}` });
  await item.getByRole("button", { name: /^Approve/ }).click();
  await b.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect(item).toHaveCount(0);
  await a.goto("/workspaces");
  await expect(a.getByRole("row").filter({ hasText: workspace })).toContainText("enabled");

  // The new workspace lacks handelsregister (the default workspace, which it would inherit from, holds none: no spec in
  // this project stores credentials there, since monitors of other specs rely on it; the inherited mark is
  // e2e/vault-inheritance.simulator-wide.spec.ts's).
  const defaultVault = (await sim("GET", "/v2/workspaces/default/vault")).json as { sourceKey: string }[];
  expect(defaultVault.map((entry) => entry.sourceKey)).not.toContain("handelsregister");
  await a.goto(`/vault?workspace=${workspace}`);
  const gap = a.locator(`tr[data-gap="${workspace}/handelsregister"]`);
  await expect(gap).toContainText("Handelsregister (Germany)");

  // "Supply credentials" opens the list-typed source's form; one backup account row is added and filled.
  await gap.getByRole("link", { name: `Supply credentials for Handelsregister (Germany) on ${workspace}` }).click();
  await expect(a).toHaveURL(/#source-handelsregister$/);
  const form = a.locator("#source-handelsregister");
  await form.getByLabel("email").first().fill("kyc@example.com");
  await form.getByLabel("password").first().fill(`pw-${randomUUID()}`);
  await form.getByRole("button", { name: "Add a row to backup accounts" }).click();
  const backup = form.getByRole("group", { name: "Backup accounts 1" });
  await backup.getByLabel("email").fill("backup@example.com");
  await backup.getByLabel("password").fill(`pw-${randomUUID()}`);
  await form.getByRole("button", { name: "Store credentials for Handelsregister (Germany)" }).click();
  await expect(form.getByRole("status")).toHaveText(/now version 1\./);

  // After a reload: the entry is marked as set here (not inherited), at version 1, and the gap is closed.
  await a.reload();
  await expect(a.locator('tr[data-source="handelsregister"]')).toContainText("set here");
  await expect(a.locator(`tr[data-gap="${workspace}/handelsregister"]`)).toHaveCount(0);
  const stored = (await sim("GET", `/v2/workspaces/${workspace}/vault`)).json as { sourceKey: string; version: number }[];
  expect(stored.find((e) => e.sourceKey === "handelsregister")?.version).toBe(1);

  // The UBO change's audit row names both admins.
  const [audit] = await db.query<{ actor_email: string; details: { dualControl: string; requestedBy: string } }>(
    "select actor_email, details from audit_log where action = 'workspace.ubo_access_changed' and target = $1",
    [workspace],
  );
  expect(audit).toMatchObject({ actor_email: second.email, details: { dualControl: "approved", requestedBy: first.email } });
});
