import { expect, test } from "./fixtures";
import { sim } from "./simulator-api";

// Turns the simulator's vendor-documented endpoints off (an API with only the spec's endpoints) for the whole
// simulator, so it runs with the other simulator-wide specs, one at a time, and turns them back on after.

test.afterEach(async () => {
  await sim("PUT", "/_sim/vendor-endpoints", { enabled: true });
});

test("against a registry with only the spec's endpoints, each billing panel says so in one line and an override is still set by id", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(90_000);
  const name = `e2e-spec-only-${crypto.randomUUID().slice(0, 8)}`;
  const created = await sim("POST", "/v2/workspaces", { name, legalName: "Spec only" });
  expect(created.status).toBe(201);
  const workspaceId = created.json.id as string;
  expect((await sim("PUT", "/_sim/vendor-endpoints", { enabled: false })).status).toBe(200);

  await signIn(await db.createUser("finance"));
  const response = await page.goto("/billing");
  expect(response?.status()).toBe(200);
  const balance = page.getByRole("region", { name: "Balance" });
  const settings = page.getByRole("region", { name: "Account notification settings" });
  const overrides = page.getByRole("region", { name: "Workspaces" });
  await expect(balance).toContainText("This registry does not offer GET /v2/billing/balance (it answered 404)");
  await expect(settings).toContainText("This registry does not offer GET /v2/billing/notifications/config (it answered 404)");
  await expect(overrides).toContainText("This registry does not offer GET /v2/workspaces (it answered 404)");
  // A one-line explanation each, never an error.
  for (const region of [balance, settings, overrides]) await expect(region.getByRole("alert")).toHaveCount(0);

  // A name is not an id: refused before anything is read.
  await overrides.getByRole("textbox", { name: "Workspace id (UUID)" }).fill(name);
  await overrides.getByRole("button", { name: "Open its override" }).click();
  await expect(page.getByText("Enter the workspace's id: a UUID")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);

  await page.getByRole("textbox", { name: "Workspace id (UUID)" }).fill(workspaceId);
  await page.getByRole("button", { name: "Open its override" }).click();
  // The name is unknown here: a shortened id, said to be one, stands in for it.
  const shown = `unnamed workspace (id ${workspaceId.slice(0, 8)}…)`;
  const panel = page.getByRole("article", { name: shown, exact: true });
  await expect(panel).toContainText("The effective values cannot be read from this registry.");
  await panel.getByRole("button", { name: "Edit override" }).click();
  const editor = panel.getByRole("form", { name: `High-usage override of ${shown}` });
  await editor.getByRole("combobox", { name: /^High-usage notifications/ }).selectOption("off");
  await expect(editor).toContainText("The backtest needs the account's settings for what this draft inherits");
  await editor.getByRole("button", { name: "Review and save" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Save the high-usage override of ${shown}?` });
  await expect(confirm.locator('[data-setting="enabled"]')).toContainText("cannot be read from this registry");
  await expect(confirm.locator('[data-setting="enabled"]')).toContainText("set for this workspace: off");
  await expect(confirm.locator('[data-setting="tiers"]')).toContainText(
    "inherited from the account (the account's value cannot be read from this registry)",
  );
  await confirm.getByRole("button", { name: "Save override" }).click();
  await expect(panel.getByRole("status")).toHaveText("Override saved.");

  await sim("PUT", "/_sim/vendor-endpoints", { enabled: true });
  const view = await sim("GET", `/v2/billing/notifications/workspaces/${workspaceId}/config`);
  expect(view.json.workspaceOverride).toMatchObject({ highUsageEnabled: false, highUsageTiers: null });
});
