import type { Page } from "@playwright/test";
import { billingWorkspaceRow, openWorkspaceDrawer } from "./billing-workspaces";
import { expect, test } from "./fixtures";
import { sim } from "./simulator-api";
import { credits } from "../lib/vocabulary/units.shared";

// Finance's day, end to end in the browser against the simulator: the price list, a workspace's override set in the
// editor, spend past its first tier arriving live in plain words, the chart crossing the tier line, the backtest of
// the same settings agreeing, and the override removed. The workspace is this test's own (the simulator is shared).

const setting = (scope: ReturnType<Page["locator"]>, field: string) => scope.locator(`[data-setting="${field}"]`);

test("finance reads prices, sets an override, sees spend cross its tier live and on the chart, backtests it and removes it", async ({
  page,
  db,
  signIn,
}) => {
  test.setTimeout(120_000);
  const name = `e2e-finance-${crypto.randomUUID().slice(0, 8)}`;
  const created = await sim("POST", "/v2/workspaces", { name, legalName: "E2E Finance" });
  expect(created.status).toBe(201);
  const workspaceId = created.json.id as string;
  await signIn(await db.createUser("finance"));

  await page.goto("/pricing");
  await expect(page.locator('[data-testid="price-matrix"] tr[data-country]')).toHaveCount(40);

  await page.goto("/billing");
  // One row per workspace, by its name: nothing spent, no override yet.
  const spendCell = billingWorkspaceRow(page, name).getByRole("cell").nth(1);
  await expect(spendCell).toContainText(credits(0));
  await expect(spendCell).toContainText("in the last 1 hour");
  await expect(billingWorkspaceRow(page, name).getByRole("cell").nth(3)).toHaveText("No");
  const drawer = await openWorkspaceDrawer(page, name);
  const panel = drawer.getByRole("article", { name, exact: true });
  await expect(setting(panel, "tiers")).toContainText("inherited from the account");
  await panel.getByRole("button", { name: "Edit override" }).click();
  const editor = panel.getByRole("form", { name: `High-usage override of ${name}` });
  await editor.getByRole("combobox", { name: /^Rolling window/ }).selectOption("set");
  await editor.getByRole("textbox", { name: "Rolling window amount" }).fill("60");
  await editor.getByRole("combobox", { name: "Rolling window unit" }).selectOption("minutes");
  await editor.getByRole("combobox", { name: /^Tiers/ }).selectOption("set");
  await editor.getByRole("textbox", { name: "Tiers: tier 1 name" }).fill("first");
  await editor.getByRole("textbox", { name: "Tiers: tier 1 credits" }).fill("5");
  await editor.getByRole("textbox", { name: "Tiers: tier 2 name" }).fill("second");
  await editor.getByRole("textbox", { name: "Tiers: tier 2 credits" }).fill("10");
  // Nothing spent yet: the backtest of the draft finds no firing.
  await expect(editor.locator('[data-backtest-tier="first"]')).toHaveAttribute("data-fires", "0", { timeout: 15_000 });
  await editor.getByRole("button", { name: "Review and save" }).click();
  const confirm = page.getByRole("alertdialog", { name: `Save the high-usage override of ${name}?` });
  await expect(setting(confirm, "tiers")).toContainText("set for this workspace: first: 5 credits, second: 10 credits");
  await confirm.getByRole("button", { name: "Save override" }).click();
  // The drawer shows the saved override at once, and the table's row says it has one, without a reload.
  await expect(setting(panel, "periodMinutes")).toContainText("set for this workspace: 1 hour (60 minutes)");
  await expect(panel.getByRole("status")).toHaveText("Override saved: the settings above are what the registry now applies.");
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(billingWorkspaceRow(page, name).getByRole("cell").nth(3)).toHaveText("Yes");

  // Spend past the first tier (6.00 ≥ 5.00) but not the second: the event arrives live, without a reload.
  const events = page.getByRole("region", { name: /Recent billing events/ });
  await expect(events.locator("[data-live-status]")).toHaveAttribute("data-live-status", "open");
  expect((await sim("POST", "/_sim/spend", { workspace: workspaceId, credits: 6 })).status).toBe(200);
  const row = events
    .locator("tr[data-billing-event]")
    .filter({ hasText: `Workspace ${name} spent 6 credits in 1 hour, over its first tier (5 credits)` });
  await expect(row).toHaveCount(1, { timeout: 15_000 });

  // The row states the spend in the workspace's own window and the tier reached; the all-workspace total counts it.
  await expect(spendCell).toContainText(credits(6));
  await expect(spendCell).toContainText("in the last 1 hour");
  await expect(billingWorkspaceRow(page, name).getByRole("cell").nth(2)).toContainText("first");
  await expect(page.getByRole("region", { name: "Spend over time" }).getByTestId("spend-chart")).toBeVisible();
  await openWorkspaceDrawer(page, name);
  const chart = drawer.locator(`[data-workspace-spend="${workspaceId}"]`).getByTestId("spend-chart");
  await expect(chart).toHaveAttribute("data-peak-cents", "600");
  await expect(chart.locator('[data-tier="first"]')).toHaveAttribute("data-reached", "true");
  await expect(chart.locator('[data-tier="second"]')).toHaveAttribute("data-reached", "false");

  // The same settings, backtested over what was just spent, fire once, as the registry did.
  await panel.getByRole("button", { name: "Edit override" }).click();
  await expect(editor.locator('[data-backtest-tier="first"]')).toHaveAttribute("data-fires", "1", { timeout: 15_000 });
  await expect(editor.locator('[data-backtest-tier="second"]')).toHaveAttribute("data-fires", "0");
  await editor.getByRole("button", { name: "Cancel" }).click();

  await panel.getByRole("button", { name: "Remove override" }).click();
  await page
    .getByRole("alertdialog", { name: `Remove the high-usage override of ${name}?` })
    .getByRole("button", { name: "Remove override" })
    .click();
  await expect(panel.getByRole("status")).toHaveText("Override removed: every setting is inherited from the account.");
  for (const field of ["enabled", "emailEnabled", "webhookEnabled", "periodMinutes", "tiers"]) {
    await expect(setting(panel, field)).toContainText("inherited from the account");
  }
});
