import type { Browser, Page } from "@playwright/test";
import { expect, gotoInteractive, LoginPage, test, signInByApi } from "./fixtures";
import { sim } from "./simulator-api";

// The reported attack, replayed in browsers: admin A asks for a change, then resets admin B's password so as to
// approve it as B. The reset itself now waits for a second admin (C), and B, whose password was set after A's
// request, is refused. Each test works on a workspace of its own name; the database is shared with other specs.

const pendingItem = (page: Page, what: string) => page.locator("li[data-change-id]").filter({ hasText: what });

async function signedIn(browser: Browser, user: { email: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page.context().request, user);
  return page;
}

async function uboEnabled(name: string) {
  const list = await sim("GET", "/v2/workspaces");
  return (list.json as { name: string; uboEnabled: boolean }[]).find((w) => w.name === name)?.uboEnabled;
}

test("A cannot approve A's own change by resetting B's password: the reset waits for C, and B's approval is then refused", async ({
  browser,
  db,
}) => {
  test.setTimeout(180_000);
  const [first, second, third] = [await db.createUser("admin"), await db.createUser("admin"), await db.createUser("admin")];
  const name = `e2e-dcu-${crypto.randomUUID().slice(0, 8)}`;
  expect((await sim("POST", "/v2/workspaces", { name, legalName: "Obliged Entity SA" })).status).toBe(201);
  expect((await sim("PATCH", `/v2/workspaces/${name}`, { uboEnabled: false })).status).toBe(200);

  // A asks to turn UBO access on.
  const a = await signedIn(browser, first);
  await gotoInteractive(a, "/workspaces");
  const workspaceRow = a.getByRole("row").filter({ hasText: name });
  await workspaceRow.getByRole("button", { name: `Turn on… UBO access of ${name}` }).click();
  await workspaceRow.getByLabel(`Legal basis for UBO access of ${name}`).fill("AMLD5 art. 2(1)(3)");
  await workspaceRow.getByRole("button", { name: "Ask to turn on" }).click();
  await expect(workspaceRow).toContainText("waiting for a second admin");

  // A resets B's password: it asks why, then waits for a second admin; A sees no password.
  await gotoInteractive(a, `/settings/users?q=${encodeURIComponent(second.email)}`);
  await a.getByRole("button", { name: `Actions for ${second.email}` }).click();
  await a.getByRole("menuitem", { name: "Reset password" }).click();
  const dialog = a.getByRole("dialog");
  await dialog.getByRole("button", { name: "Reset password" }).click();
  await expect(dialog.getByText("Say why this change is needed.")).toBeVisible();
  await dialog.getByLabel("Why (the approving admin reads this)").fill("B is locked out");
  await dialog.getByRole("button", { name: "Reset password" }).click();
  await expect(a.getByText("Waiting for a second admin", { exact: true })).toBeVisible();
  await expect(a.getByTestId(`user-${second.email}`)).toContainText(
    `Waiting for a second admin: Reset the password of the admin ${second.email}`,
  );
  await expect(a.getByTestId("one-time-password")).toHaveCount(0);
  const [unchanged] = await db.query<{ must_change_password: boolean }>("select must_change_password from users where id = $1", [
    second.id,
  ]);
  expect(unchanged?.must_change_password).toBe(false);

  // C approves the reset and alone sees the one-time password, to pass on to B.
  const c = await signedIn(browser, third);
  await gotoInteractive(c, "/settings/approvals");
  const resetItem = pendingItem(c, `Reset the password of the admin ${second.email}`);
  await expect(resetItem).toContainText("B is locked out");
  await resetItem.getByRole("button", { name: /^Approve/ }).click();
  await c.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  const oneTimePassword = (await c.getByTestId("one-time-password").textContent())!.trim();
  expect(oneTimePassword).toMatch(/^\w{5}-\w{5}-\w{5}-\w{5}$/);
  await c.getByRole("button", { name: "Done" }).click();

  // B signs in with it, chooses a password, and tries to approve A's change: refused, with the reason.
  const b = await (await browser.newContext()).newPage();
  await new LoginPage(b).signIn(second.email, oneTimePassword);
  await expect(b).toHaveURL(/\/change-password/);
  await b.getByLabel("Current password").fill(oneTimePassword);
  await b.getByLabel("New password", { exact: true }).fill("b-chose-this-password-1");
  await b.getByLabel("Repeat the new password").fill("b-chose-this-password-1");
  await b.getByRole("button", { name: "Save the new password" }).click();
  await expect(b.getByRole("heading", { name: /^Welcome/ })).toBeVisible();
  await gotoInteractive(b, "/settings/approvals");
  const uboItem = pendingItem(b, `Turn UBO access on for workspace ${name}`);
  await uboItem.getByRole("button", { name: /^Approve/ }).click();
  await b.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect(uboItem.getByRole("alert")).toContainText("You cannot approve this change: your password was set at");
  expect(await uboEnabled(name)).toBe(false);
  const approvals = await db.query("select 1 from audit_log where action = 'workspace.ubo_access_changed' and target = $1", [name]);
  expect(approvals).toHaveLength(0);

  // C, who held role and password since before A asked, can approve it; the row names both and their last changes.
  await c.reload();
  await pendingItem(c, `Turn UBO access on for workspace ${name}`)
    .getByRole("button", { name: /^Approve/ })
    .click();
  await c.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect.poll(() => uboEnabled(name)).toBe(true);
  // The approval's audit row is written once the change is performed: wait for it.
  const approval = () =>
    db.query<{ details: Record<string, unknown> }>(
      "select details from audit_log where action = 'dual_control.approved' and details->>'approvedBy' = $1 and details->>'kind' = 'ubo_access'",
      [third.email],
    );
  await expect.poll(async () => (await approval()).length).toBe(1);
  const [approved] = await approval();
  expect(approved!.details).toMatchObject({
    requestedBy: first.email,
    approvedBy: third.email,
    requesterLastChanged: { role: expect.any(String), password: expect.any(String) },
    approverLastChanged: { role: expect.any(String), password: expect.any(String) },
  });
  for (const page of [a, b, c]) await page.context().close();
});

test("creating an admin waits for a second admin, who sees the generated password; the form takes no password for an admin", async ({
  browser,
  db,
}) => {
  test.setTimeout(120_000);
  const [first, second] = [await db.createUser("admin"), await db.createUser("admin")];
  const a = await signedIn(browser, first);
  await gotoInteractive(a, "/settings/users");
  const email = `admin-${crypto.randomUUID().slice(0, 8)}@e2e.test`;
  await a.getByRole("button", { name: "Add user" }).click();
  const dialog = a.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("combobox").click();
  await a.getByRole("option", { name: "Admin" }).click();
  await expect(dialog.getByLabel("Password (optional)")).toHaveCount(0);
  await dialog.getByLabel("Why (the approving admin reads this)").fill("New head of operations");
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(a.getByText(`Waiting for a second admin: Create the admin ${email}`)).toBeVisible();
  expect(await db.userExists(email)).toBe(false);

  const b = await signedIn(browser, second);
  await gotoInteractive(b, "/settings/approvals");
  await pendingItem(b, `Create the admin ${email}`)
    .getByRole("button", { name: /^Approve/ })
    .click();
  await b.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect(b.getByTestId("one-time-password")).toHaveText(/^\w{5}-\w{5}-\w{5}-\w{5}$/);
  expect(await db.userExists(email)).toBe(true);
  await a.context().close();
  await b.context().close();
});
