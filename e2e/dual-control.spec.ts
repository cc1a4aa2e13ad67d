import type { Browser, Page } from "@playwright/test";
import { type Database, expect, postServerAction, serverAction, test, type TestUser, signInByApi } from "./fixtures";
import { sim } from "./simulator-api";

// Two admins in two browsers. The simulator and the database are shared with the specs running beside these:
// each test works on workspaces of its own names, and compares the pending count with the database's.

const freshName = () => `e2e-dc-${crypto.randomUUID().slice(0, 8)}`;
const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });
const pendingItem = (page: Page, what: string) => page.locator("li[data-change-id]").filter({ hasText: what });
const sidebarCount = (page: Page) => page.locator("aside").getByTestId("pending-changes-count");

async function listed(name: string) {
  const list = await sim("GET", "/v2/workspaces");
  return (list.json as { name: string; uboEnabled: boolean }[]).find((w) => w.name === name);
}

/** A workspace of the test's own, with UBO access off. */
async function workspaceWithoutUbo() {
  const name = freshName();
  expect((await sim("POST", "/v2/workspaces", { name, legalName: "Obliged Entity SA" })).status).toBe(201);
  expect((await sim("PATCH", `/v2/workspaces/${name}`, { uboEnabled: false })).status).toBe(200);
  return name;
}

async function signedIn(browser: Browser, user: TestUser) {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page.context().request, user);
  return page;
}

const openCount = async (db: Database) =>
  Number((await db.query<{ n: string }>("select count(*) as n from pending_changes where state = 'pending' and expires_at > now()"))[0]!.n);
const countOf = async (page: Page) => ((await sidebarCount(page).count()) === 0 ? 0 : Number(await sidebarCount(page).textContent()));

test("admin A asks to turn UBO access on, admin B sees the count live and approves, and the audit row names both", async ({
  browser,
  db,
}) => {
  test.setTimeout(120_000);
  const [first, second] = [await db.createUser("admin"), await db.createUser("admin")];
  const name = await workspaceWithoutUbo();
  const a = await signedIn(browser, first);
  const b = await signedIn(browser, second);
  await b.goto("/settings/approvals");
  await expect(b.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();

  await a.goto("/workspaces");
  await row(a, name)
    .getByRole("button", { name: `Turn on… UBO access of ${name}` })
    .click();
  const form = a.getByRole("form", { name: `Turn on UBO access of ${name}` });
  await expect(form).toContainText("only for entities obliged under anti-money-laundering law");
  await form.getByRole("button", { name: "Ask to turn on" }).click();
  await expect(form.getByRole("alert")).toHaveText("Give the legal basis: nothing was sent.");
  await form.getByLabel(`Legal basis for UBO access of ${name}`).fill("AMLD5 art. 2(1)(3): we are an obliged auditor");
  await form.getByRole("button", { name: "Ask to turn on" }).click();
  await expect(row(a, name)).toContainText("waiting for a second admin");
  expect((await listed(name))?.uboEnabled).toBe(false);

  // B's sidebar and page follow without a reload. Specs beside this one add and approve changes of their own, so
  // the sidebar is compared with the database's open count, which now includes A's change.
  const item = pendingItem(b, `Turn UBO access on for workspace ${name}`);
  await expect(item).toBeVisible();
  await expect.poll(async () => (await countOf(b)) === (await openCount(db)) && (await countOf(b)) > 0).toBe(true);
  await expect(item).toContainText("Legal basis: AMLD5 art. 2(1)(3): we are an obliged auditor");
  await expect(item).toContainText(first.email);
  await expect(item).toContainText(/expires in about (23|24) hours/);
  // A's own request offers A no buttons.
  await a.goto("/settings/approvals");
  await expect(pendingItem(a, `Turn UBO access on for workspace ${name}`)).toContainText("You asked for this change");
  await expect(pendingItem(a, `Turn UBO access on for workspace ${name}`).getByRole("button")).toHaveCount(0);
  // A goes back to Workspaces and stays there: the decision shows without a reload.
  await a.goto("/workspaces");
  await expect(row(a, name)).toContainText("waiting for a second admin");

  // Held at the server, the decision shows at once in place of the buttons; the answer then moves the change.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await b.route("**/settings/approvals", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await item.getByRole("button", { name: /^Approve/ }).click();
  await b.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect(item.getByRole("status")).toHaveText("Approved: the server is performing the change…");
  await expect(item.getByRole("button")).toHaveCount(0);
  expect((await listed(name))?.uboEnabled).toBe(false);
  release();
  await expect(item).toHaveCount(0);
  await b.unroute("**/settings/approvals");
  await expect(b.getByRole("row").filter({ hasText: `Turn UBO access on for workspace ${name}` })).toContainText("Approved and performed.");
  await expect.poll(async () => (await listed(name))?.uboEnabled).toBe(true);
  await expect(row(a, name)).toContainText("enabled");
  await expect(row(a, name)).not.toContainText("waiting for a second admin");

  const [audit] = await db.query<{ actor_email: string; details: Record<string, unknown> }>(
    "select actor_email, details from audit_log where action = 'workspace.ubo_access_changed' and target = $1",
    [name],
  );
  expect(audit).toMatchObject({
    actor_email: second.email,
    details: {
      before: false,
      after: true,
      legalBasis: "AMLD5 art. 2(1)(3): we are an obliged auditor",
      dualControl: "approved",
      requestedBy: first.email,
      approvedBy: second.email,
    },
  });
  await a.context().close();
  await b.context().close();
});

test("admin B rejects a deletion with a comment, and the workspace stays", async ({ browser, db }) => {
  test.setTimeout(120_000);
  const [first, second] = [await db.createUser("admin"), await db.createUser("admin")];
  const name = await workspaceWithoutUbo();
  const a = await signedIn(browser, first);
  await a.goto("/workspaces");
  await row(a, name)
    .getByRole("button", { name: `Delete… workspace ${name}` })
    .click();
  const form = a.getByRole("form", { name: `Delete workspace ${name}` });
  await form.getByLabel(`Type ${name} to confirm`).fill(`${name}-typo`);
  await form.getByLabel("Why delete it").fill("Branch closed");
  await form.getByRole("button", { name: "Ask to delete" }).click();
  await expect(form.getByRole("alert")).toContainText("Type the workspace's name exactly as shown to confirm");
  await form.getByLabel(`Type ${name} to confirm`).fill(name);
  await form.getByRole("button", { name: "Ask to delete" }).click();
  await expect(row(a, name)).toContainText("waiting for a second admin");

  const b = await signedIn(browser, second);
  await b.goto("/settings/approvals");
  const item = pendingItem(b, `Delete workspace ${name}`);
  await expect(item).toContainText("Branch closed");
  await item.getByRole("button", { name: /^Reject/ }).click();
  await item.getByRole("button", { name: "Reject the change" }).click();
  await expect(item.getByRole("alert")).toHaveText("Say why the change is rejected: nothing was sent.");
  await item.getByLabel("Why reject it (the requester reads this)").fill("Still has open requests");
  await item.getByRole("button", { name: "Reject the change" }).click();
  await expect(b.getByRole("row").filter({ hasText: `Delete workspace ${name}` })).toContainText("Rejected: Still has open requests");
  expect(await listed(name)).toBeDefined();
  await a.context().close();
  await b.context().close();
});

test("a compliance user's direct posts to every dual-control action are refused and change nothing", async ({ page, db, asRole }) => {
  const name = await workspaceWithoutUbo();
  await asRole("compliance");
  const workspaces = "app/(console)/workspaces/actions.ts";
  const approvals = "app/(console)/settings/approvals/actions.ts";
  const [change] = await db.query<{ id: string }>("select gen_random_uuid() as id");
  const posts: [string, string, unknown][] = [
    ["requestUboAccessAction", workspaces, { name, uboEnabled: true, legalBasis: "x" }],
    ["requestWorkspaceDeleteAction", workspaces, { name, confirmName: name, reason: "x" }],
    ["approveChangeAction", approvals, { id: change!.id }],
    ["rejectChangeAction", approvals, { id: change!.id, comment: "x" }],
    ["setDualControlAction", approvals, { enabled: false, reason: "x" }],
  ];
  for (const [action, file, input] of posts) {
    expect(await (await postServerAction(page.request, serverAction(action, file), [input])).text(), action).toContain(
      '"code":"forbidden"',
    );
  }
  expect(await listed(name)).toMatchObject({ uboEnabled: false });
  expect(await db.query("select 1 from pending_changes where target = $1", [name])).toEqual([]);
});
