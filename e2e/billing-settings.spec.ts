import type { Page } from "@playwright/test";
import { expect, postServerAction, serverAction, test } from "./fixtures";
import { openWorkspaceDrawer } from "./billing-workspaces";
import { sim } from "./simulator-api";

// The simulator is shared with the specs running beside these: each test works on a workspace of its own, and the
// account's settings change only in a toggle nobody else reads (auto-top-up emails), set back before the test ends.

/** A fresh workspace at the simulator (POST /v2/workspaces, vendor-documented), by name and UUID. */
async function newWorkspace(): Promise<{ id: string; name: string }> {
  const name = `e2e-${crypto.randomUUID().slice(0, 8)}`;
  const created = await sim("POST", "/v2/workspaces", { name, legalName: `E2E ${name}` });
  expect(created.status).toBe(201);
  return { id: created.json.id as string, name };
}

/** The workspace's override as the simulator stores it (null: none). */
async function storedOverride(workspaceId: string) {
  const view = await sim("GET", `/v2/billing/notifications/workspaces/${workspaceId}/config`);
  expect(view.status).toBe(200);
  return view.json.workspaceOverride as Record<string, unknown> | null;
}

/** Collects every Content-Security-Policy violation the page reports (zod's eval probe, among others, must cause none). */
async function watchCsp(page: Page): Promise<string[]> {
  const reports: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.log(`CSP violation: ${e.violatedDirective} at ${e.sourceFile}`));
  });
  page.on("console", (message) => {
    if (/CSP violation|Content Security Policy/i.test(message.text())) reports.push(message.text().slice(0, 300));
  });
  return reports;
}

const setting = (scope: ReturnType<Page["locator"]>, field: string) => scope.locator(`[data-setting="${field}"]`);

test("finance sets a workspace's override (two tiers, a 1-hour window), sees it set and confirmed before and after, then removes it", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const csp = await watchCsp(page);
  const workspace = await newWorkspace();
  const finance = await db.createUser("finance");
  await signIn(finance);
  await page.goto("/billing");

  const panel = (await openWorkspaceDrawer(page, workspace.name)).getByRole("article", { name: workspace.name, exact: true });
  await expect(setting(panel, "enabled")).toContainText("inherited from the account: on");
  await expect(setting(panel, "periodMinutes")).toContainText("inherited from the account: 1 hour (60 minutes)");
  await expect(setting(panel, "tiers")).toContainText("inherited from the account: Warning: 500 credits, Critical: 2,000 credits");
  await expect(panel.getByRole("button", { name: "Remove override" })).toHaveCount(0);

  await panel.getByRole("button", { name: "Edit override" }).click();
  const editor = panel.getByRole("form", { name: `High-usage override of ${workspace.name}` });
  await editor.getByRole("combobox", { name: /^Rolling window/ }).selectOption("set");
  await editor.getByRole("textbox", { name: "Rolling window amount" }).fill("1");
  await editor.getByRole("combobox", { name: "Rolling window unit" }).selectOption("hours");
  await expect(editor.getByText("= 60 minutes")).toBeVisible();
  await editor.getByRole("combobox", { name: /^Tiers/ }).selectOption("set");
  // The rows start from the account's tiers; both renamed and lowered.
  await editor.getByRole("textbox", { name: "Tiers: tier 1 name" }).fill("first");
  await editor.getByRole("textbox", { name: "Tiers: tier 1 credits" }).fill("5");
  await editor.getByRole("textbox", { name: "Tiers: tier 2 name" }).fill("second");
  await editor.getByRole("textbox", { name: "Tiers: tier 2 credits" }).fill("10");
  await editor.getByRole("button", { name: "Review and save" }).click();

  const confirm = page.getByRole("alertdialog", { name: `Save the high-usage override of ${workspace.name}?` });
  await expect(setting(confirm, "periodMinutes")).toContainText("inherited from the account: 1 hour (60 minutes)");
  await expect(setting(confirm, "periodMinutes")).toContainText("set for this workspace: 1 hour (60 minutes)");
  await expect(setting(confirm, "tiers")).toContainText("inherited from the account: Warning: 500 credits, Critical: 2,000 credits");
  await expect(setting(confirm, "tiers")).toContainText("set for this workspace: first: 5 credits, second: 10 credits");
  await expect(setting(confirm, "enabled")).toContainText("inherited from the account: on (unchanged)");
  await confirm.getByRole("button", { name: "Save override" }).click();

  await expect(panel.getByRole("status")).toHaveText("Override saved: the settings above are what the registry now applies.");
  await expect(setting(panel, "periodMinutes")).toContainText("set for this workspace: 1 hour (60 minutes)");
  await expect(setting(panel, "tiers")).toContainText("set for this workspace: first: 5 credits, second: 10 credits");
  await expect(setting(panel, "emailEnabled")).toContainText("inherited from the account: on");
  expect(await storedOverride(workspace.id)).toMatchObject({
    highUsageEnabled: null,
    highUsagePeriodMinutes: 60,
    highUsageTiers: [
      { tier: "first", cents: 500 },
      { tier: "second", cents: 1000 },
    ],
  });
  const [audited] = await db.query<{ actor_email: string; details: { before: unknown; after: { highUsagePeriodMinutes: number } } }>(
    "select actor_email, details from audit_log where action = 'billing.override_saved' and target = $1",
    [workspace.id],
  );
  expect(audited).toMatchObject({ actor_email: finance.email, details: { before: null, after: { highUsagePeriodMinutes: 60 } } });

  await panel.getByRole("button", { name: "Remove override" }).click();
  const removal = page.getByRole("alertdialog", { name: `Remove the high-usage override of ${workspace.name}?` });
  await removal.getByRole("button", { name: "Remove override" }).click();
  await expect(panel.getByRole("status")).toHaveText("Override removed: every setting is inherited from the account.");
  for (const field of ["enabled", "emailEnabled", "webhookEnabled", "periodMinutes", "tiers"]) {
    await expect(setting(panel, field)).toContainText("inherited from the account");
  }
  expect(await storedOverride(workspace.id)).toBeNull();
  expect(csp).toEqual([]);
});

test("bad input gets field messages and sends nothing: the override stays as it was", async ({ page, db, signIn }) => {
  const workspace = await newWorkspace();
  const saved = { highUsageEnabled: false, highUsagePeriodMinutes: 120 };
  expect((await sim("PATCH", `/v2/billing/notifications/workspaces/${workspace.id}/config`, saved)).status).toBe(200);
  const before = await storedOverride(workspace.id);
  await signIn(await db.createUser("finance"));
  await page.goto("/billing");

  const panel = (await openWorkspaceDrawer(page, workspace.name)).getByRole("article", { name: workspace.name, exact: true });
  await expect(setting(panel, "enabled")).toContainText("set for this workspace: off");
  await panel.getByRole("button", { name: "Edit override" }).click();
  const editor = panel.getByRole("form", { name: `High-usage override of ${workspace.name}` });
  await expect(editor.getByRole("textbox", { name: "Rolling window amount" })).toHaveValue("2");
  await expect(editor.getByRole("combobox", { name: "Rolling window unit" })).toHaveValue("hours");
  await editor.getByRole("textbox", { name: "Rolling window amount" }).fill("31");
  await editor.getByRole("combobox", { name: "Rolling window unit" }).selectOption("days");
  await editor.getByRole("combobox", { name: /^Tiers/ }).selectOption("set");
  await editor.getByRole("textbox", { name: "Tiers: tier 2 name" }).fill("warning");
  await editor.getByRole("textbox", { name: "Tiers: tier 2 credits" }).fill("12.555");
  await editor.getByRole("button", { name: "Review and save" }).click();

  await expect(editor.getByText("The window is at most 43200 minutes (30 days).")).toBeVisible();
  await expect(editor.getByText('Tier names must be unique: "warning" appears more than once.')).toBeVisible();
  await expect(editor.getByText("Credits are a number with at most 2 decimals, e.g. 500 or 12.5.")).toBeVisible();
  await expect(editor.getByRole("alert")).toHaveText("Correct the highlighted fields: nothing was sent.");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  expect(await storedOverride(workspace.id)).toEqual(before);
  expect(await db.query("select 1 from audit_log where action = 'billing.override_saved' and target = $1", [workspace.id])).toHaveLength(0);
});

test("finance changes an account notification setting: only that field is sent, and a bad window is refused first", async ({
  page,
  db,
  signIn,
}) => {
  const finance = await db.createUser("finance");
  await signIn(finance);
  const current = async () => (await sim("GET", "/v2/billing/notifications/config")).json as Record<string, unknown>;
  const before = await current();
  const section = page.getByRole("region", { name: "Account notification settings" });

  const toggleAutoTopupEmail = async (to: boolean) => {
    await page.goto("/billing");
    await expect(setting(section, "autoTopupEmailEnabled")).toContainText(to ? "off" : "on");
    await section.getByRole("button", { name: "Edit settings" }).click();
    const form = section.getByRole("form", { name: "Account notification settings" });
    await form.getByRole("group", { name: "Auto-topup notifications" }).getByRole("switch", { name: "Route via email" }).click();
    return form;
  };

  const form = await toggleAutoTopupEmail(false);
  await form.getByRole("textbox", { name: /Global high-usage notifications.*Rolling window amount/ }).fill("1");
  await form.getByRole("combobox", { name: /Global high-usage notifications.*Rolling window unit/ }).selectOption("minutes");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("The window is at least 5 minutes.")).toBeVisible();
  await expect(form.getByRole("alert")).toHaveText("Correct the highlighted fields: nothing was sent.");
  expect(await current()).toEqual(before);

  await form.getByRole("textbox", { name: /Global high-usage notifications.*Rolling window amount/ }).fill("1");
  await form.getByRole("combobox", { name: /Global high-usage notifications.*Rolling window unit/ }).selectOption("days");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(section.getByRole("status")).toHaveText("Saved: autoTopupEmailEnabled.");
  await expect(setting(section, "autoTopupEmailEnabled")).toContainText("off");
  expect(await current()).toEqual({ ...before, autoTopupEmailEnabled: false });
  const [audited] = await db.query<{ details: unknown }>(
    "select details from audit_log where action = 'billing.account_config_changed' and actor_email = $1",
    [finance.email],
  );
  expect(audited!.details).toMatchObject({ before: { autoTopupEmailEnabled: true }, after: { autoTopupEmailEnabled: false } });

  // Set back.
  await (await toggleAutoTopupEmail(true)).getByRole("button", { name: "Save changes" }).click();
  await expect(section.getByRole("status")).toHaveText("Saved: autoTopupEmailEnabled.");
  expect(await current()).toEqual(before);
});

test("an auditor sees the balance, the settings and each workspace's effective values, with nothing to edit", async ({ page, asRole }) => {
  const workspace = await newWorkspace();
  await sim("PATCH", `/v2/billing/notifications/workspaces/${workspace.id}/config`, { highUsageWebhookEnabled: false });
  await asRole("auditor");
  await page.goto("/billing");

  await expect(page.getByTestId("balance")).toHaveText(/^-?[\d,]+(\.\d+)? credits?$/);
  const settings = page.getByRole("region", { name: "Account notification settings" });
  await expect(setting(settings, "highUsagePeriodMinutes")).toContainText("1 hour (60 minutes)");
  const drawer = await openWorkspaceDrawer(page, workspace.name);
  const panel = drawer.getByRole("article", { name: workspace.name, exact: true });
  await expect(setting(panel, "webhookEnabled")).toContainText("set for this workspace: off");
  await expect(setting(panel, "enabled")).toContainText("inherited from the account: on");
  // The drawer's only button closes it.
  await expect(drawer.getByRole("button")).toHaveCount(1);
  await expect(drawer.getByRole("button", { name: "Close" })).toBeVisible();
  for (const region of [page.getByRole("region", { name: "Balance" }), settings, drawer]) {
    if (region !== drawer) await expect(region.getByRole("button")).toHaveCount(0);
    await expect(region.getByRole("textbox")).toHaveCount(0);
    await expect(region.getByRole("combobox")).toHaveCount(0);
    await expect(region.getByRole("switch")).toHaveCount(0);
  }
});

test("a compliance officer posting the override actions directly is refused, and the override is unchanged", async ({ page, asRole }) => {
  const workspace = await newWorkspace();
  const accountBefore = (await sim("GET", "/v2/billing/notifications/config")).json;
  await asRole("compliance");
  const save = serverAction("saveOverrideAction", "app/(console)/billing/override-actions.ts");
  const remove = serverAction("removeOverrideAction", "app/(console)/billing/override-actions.ts");
  const account = serverAction("saveAccountSettingsAction", "app/(console)/billing/account-settings-actions.ts");
  const saved = await postServerAction(page.request, save, [{ workspaceId: workspace.id, highUsageEnabled: false }]);
  expect(await saved.text()).toContain('"code":"forbidden"');
  expect(await (await postServerAction(page.request, remove, [{ workspaceId: workspace.id }])).text()).toContain('"code":"forbidden"');
  expect(await (await postServerAction(page.request, account, [{ lowBalanceEnabled: false }])).text()).toContain('"code":"forbidden"');
  expect(await storedOverride(workspace.id)).toBeNull();
  expect((await sim("GET", "/v2/billing/notifications/config")).json).toEqual(accountBefore);
  expect((await page.goto("/billing"))?.status()).toBe(403);
});
