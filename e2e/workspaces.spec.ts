import type { Page } from "@playwright/test";
import { expect, postServerAction, serverAction, test } from "./fixtures";
import { sim } from "./simulator-api";

// The simulator is shared with the specs running beside these: each test works on workspaces of its own names.

const actionsFile = "app/(console)/workspaces/actions.ts";
const freshName = () => `e2e-ws-${crypto.randomUUID().slice(0, 8)}`;

/** The workspace as the simulator lists it (undefined: not there). */
async function listed(name: string) {
  const list = await sim("GET", "/v2/workspaces");
  expect(list.status).toBe(200);
  return (list.json as { id: string; name: string; legalName: string | null; uboEnabled: boolean }[]).find((w) => w.name === name);
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("an admin creates a workspace, is told of a bad or taken name, edits its legal name and sees its usage", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const admin = await db.createUser("admin");
  await signIn(admin);
  await page.goto("/workspaces");
  await expect(page.getByRole("heading", { name: "Workspaces", level: 1 })).toBeVisible();
  await expect(page.getByText("enable it only for entities obliged under anti-money-laundering law")).toBeVisible();
  await expect(page.getByText("dual control, in Settings → Approvals")).toBeVisible();

  const form = page.getByRole("form", { name: "Create a workspace" });
  const name = freshName();
  // Bad input: messages on the fields, nothing sent.
  await form.getByLabel("Name", { exact: true }).fill("has space");
  await form.getByLabel("Legal name").fill("x".repeat(256));
  await form.getByRole("button", { name: "Create workspace" }).click();
  await expect(form.getByText("The name may hold only letters, digits, '_' and '-'.")).toBeVisible();
  await expect(form.getByText("The legal name can be at most 255 characters.")).toBeVisible();
  await expect(form.getByRole("alert")).toHaveText("Correct the highlighted fields: nothing was sent.");
  expect(await listed("has space")).toBeUndefined();

  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Legal name").fill("Branch Ltd");
  await form.getByRole("button", { name: "Create workspace" }).click();
  await expect(form.getByRole("status")).toHaveText(`Workspace ${name} created, with UBO access off.`);
  const created = await listed(name);
  expect(created).toMatchObject({ legalName: "Branch Ltd", uboEnabled: false });
  await expect(row(page, name)).toContainText("Branch Ltd");
  await expect(row(page, name)).toContainText("disabled");
  await expect(row(page, name).getByRole("link", { name: `Its override in Billing for ${name}` })).toHaveAttribute(
    "href",
    `/billing/workspace?id=${created!.id}`,
  );

  // The same name again: the registry's 409, on the name field.
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Legal name").fill("Again");
  await form.getByRole("button", { name: "Create workspace" }).click();
  await expect(form.getByText(`A workspace named ${name} already exists.`).first()).toBeVisible();
  await expect(form.getByRole("alert")).toContainText("Conflicts with what the registry already holds");

  // The legal name, with the live counter counting an emoji as one character, as the contract does.
  await row(page, name)
    .getByRole("button", { name: `Edit the legal name of ${name}` })
    .click();
  const editor = page.getByRole("form", { name: `Legal name of ${name}` });
  await editor.getByRole("textbox").fill("Branch 😀");
  await expect(editor.getByText("247 characters left")).toBeVisible();
  await editor.getByRole("textbox").fill("y".repeat(256));
  await expect(editor.getByText("1 character over the limit")).toBeVisible();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor.getByRole("alert")).toHaveText("The legal name is too long: nothing was sent.");
  expect((await listed(name))?.legalName).toBe("Branch Ltd");
  await editor.getByRole("textbox").fill("Branch Holdings 😀");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(row(page, name)).toContainText("Branch Holdings 😀");
  expect((await listed(name))?.legalName).toBe("Branch Holdings 😀");

  // Usage: a spend on the new workspace shows in the period, in credits (600 credit cents = 6 credits).
  expect((await sim("POST", "/_sim/spend", { workspace: created!.id, credits: 6 })).status).toBe(200);
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(page.getByRole("columnheader", { name: "Spend in the last 7 days" })).toBeVisible();
  await expect(row(page, name)).toContainText("6 credits");
  await expect(row(page, name)).toContainText("1 request");
  // A period before the workspace existed: nothing spent.
  await page.goto("/workspaces?from=2020-01-01&to=2020-01-31");
  await expect(page.getByRole("columnheader", { name: "Spend from 2020-01-01 to 2020-01-31" })).toBeVisible();
  await expect(row(page, name)).toContainText("0 credits");
  await page.goto("/workspaces?from=2020-02-30&to=2020-03-01");
  await expect(page.getByText("The start date must be a date (YYYY-MM-DD); showing the last 30 days instead.")).toBeVisible();

  const audits = await db.query<{ action: string; target: string; details: Record<string, unknown> }>(
    "select action, target, details from audit_log where target = $1 order by id",
    [name],
  );
  expect(audits.map((a) => a.action)).toEqual(["workspace.created", "workspace.legal_name_changed"]);
  expect(audits[1]!.details).toMatchObject({ before: "Branch Ltd", after: "Branch Holdings 😀" });
});

for (const role of ["auditor", "finance"] as const) {
  test(`a ${role} reads the workspaces and is offered no controls`, async ({ page, db, signIn }) => {
    const name = freshName();
    expect((await sim("POST", "/v2/workspaces", { name, legalName: "Read Only Ltd" })).status).toBe(201);
    await signIn(await db.createUser(role));
    await page.goto("/workspaces");
    await expect(row(page, name)).toContainText("Read Only Ltd");
    await expect(page.getByText("creating them and editing their legal names is for admins")).toBeVisible();
    await expect(page.getByRole("form", { name: "Create a workspace" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Edit/ })).toHaveCount(0);
    // An auditor changes nothing anywhere, and every page says so; a finance user does change some things.
    await expect(page.getByTestId("read-only-mark")).toHaveCount(role === "auditor" ? 1 : 0);
  });
}

test("a compliance user's direct posts to the workspace actions are refused and change nothing", async ({ page, asRole }) => {
  const name = freshName();
  expect((await sim("POST", "/v2/workspaces", { name, legalName: "Untouched" })).status).toBe(201);
  await asRole("compliance");
  const create = serverAction("createWorkspaceAction", actionsFile);
  const change = serverAction("changeLegalNameAction", actionsFile);
  const other = freshName();
  expect(await (await postServerAction(page.request, create, [{ name: other, legalName: "Nope" }])).text()).toContain('"code":"forbidden"');
  expect(await (await postServerAction(page.request, change, [{ name, legalName: "Nope" }])).text()).toContain('"code":"forbidden"');
  expect(await listed(other)).toBeUndefined();
  expect((await listed(name))?.legalName).toBe("Untouched");
});
