import { randomUUID } from "node:crypto";
import { backtestUrl } from "../lib/billing/backtest-url.shared";
import { billingEventsSchema } from "../lib/registry/schemas.shared";
import { credits } from "../lib/vocabulary/units.shared";
import { openWorkspaceDrawer } from "./billing-workspaces";
import { expect, test } from "./fixtures";
import { sim } from "./simulator-api";

/** A workspace of its own at the simulator, with a 60-minute override of two tiers (5.00 and 1,000.00) set through the API. */
async function workspaceWithOverride() {
  const name = `e2e-events-${randomUUID().slice(0, 8)}`;
  const created = await sim("POST", "/v2/workspaces", { name, legalName: "E2E Events" });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const override = await sim("PATCH", `/v2/billing/notifications/workspaces/${id}/config`, {
    highUsageEnabled: true,
    highUsagePeriodMinutes: 60,
    highUsageTiers: [
      { tier: "warning", cents: 500 },
      { tier: "critical", cents: 100_000 },
    ],
  });
  expect(override.status).toBe(200);
  return { id, name };
}

test("as finance: spend past a tier shows live as an event in plain words, the chart crosses the tier line, and the backtest agrees", async ({
  page,
  db,
  signIn,
}) => {
  const workspace = await workspaceWithOverride();
  await signIn(await db.createUser("finance"));
  await page.goto("/billing");
  const events = page.getByRole("region", { name: /Recent billing events/ });
  await expect(events.locator("[data-live-status]")).toHaveAttribute("data-live-status", "open");

  const spent = await sim("POST", "/_sim/spend", { workspace: workspace.id, credits: 6 });
  expect(spent.status).toBe(200);

  // Live: the webhook reaches the console, which refreshes the page; no reload here.
  const sentence = `Workspace ${workspace.name} spent 6 credits in 1 hour, over its Warning tier (5 credits)`;
  const row = events.locator("tr[data-billing-event]").filter({ hasText: sentence });
  await expect(row).toHaveCount(1, { timeout: 15_000 });
  await expect(row).toHaveAttribute("data-seen-by", "both");
  await expect(row).toContainText("webhook sent");
  await expect(row).toContainText("registry and webhook");

  const drawer = await openWorkspaceDrawer(page, workspace.name);
  const card = drawer.locator(`[data-workspace-spend="${workspace.id}"]`);
  const chart = card.getByTestId("spend-chart");
  await expect(chart).toHaveAttribute("data-peak-cents", "600");
  await expect(chart).toHaveAttribute("data-window-minutes", "60");
  await expect(chart.locator('[data-tier="warning"]')).toHaveAttribute("data-reached", "true");
  await expect(chart.locator('[data-tier="critical"]')).toHaveAttribute("data-reached", "false");
  await expect(chart).toHaveAttribute(
    "aria-label",
    new RegExp(`highest ${credits(6)} .*Warning tier ${credits(5)} reached; Critical tier ${credits(1000)} not reached`),
  );
  await expect(card).toContainText("set for this workspace");
  await expect(card).toContainText(
    /At the current rate \(0\.25 credits an hour, the average over the last 24 hours\): Warning already over; Critical not at this rate\./,
  );

  // The backtest of a draft, over the same spend, fires where the registry fired.
  const [fired] = billingEventsSchema
    .parse((await sim("GET", "/v2/billing/notifications/recent?limit=200")).json)
    .filter((e) => e.kind === "high_usage" && e.workspaceId === workspace.id);
  const draft = { enabled: true, periodMinutes: 60, tiers: [{ tier: "warning", cents: 500 }] };
  const answered = await page.request.get(backtestUrl(workspace.id, draft));
  expect(answered.status()).toBe(200);
  const answer = await answered.json();
  expect(answer).toMatchObject({ source: "registry", charges: 1, highestCents: 600 });
  expect(answer.tiers).toEqual([
    { tier: "warning", cents: 500, fires: 1, first: { atMs: expect.any(Number), spentCents: 600 }, last: answer.tiers[0].first },
  ]);
  // Fired with the charge: the registry stamps its event a moment after the charge it records.
  expect(Math.abs(answer.tiers[0].first.atMs - Date.parse(fired!.firedAt))).toBeLessThan(1_000);
  const higher = await (await page.request.get(backtestUrl(workspace.id, { ...draft, tiers: [{ tier: "warning", cents: 700 }] }))).json();
  expect(higher.tiers[0].fires).toBe(0);
  const refused = await page.request.get(backtestUrl(workspace.id, { ...draft, periodMinutes: 2 }));
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.message).toBe("The window is at least 5 minutes.");
});

test("billing events filter by kind and workspace in the URL", async ({ page, db, signIn }) => {
  const workspace = await workspaceWithOverride();
  expect((await sim("POST", "/_sim/spend", { workspace: workspace.id, credits: 6 })).status).toBe(200);
  await signIn(await db.createUser("finance"));
  await page.goto("/billing");
  const events = page.getByRole("region", { name: /Recent billing events/ });
  const ours = events.locator("tr[data-billing-event]").filter({ hasText: `Workspace ${workspace.name} spent` });
  await expect(ours).toHaveCount(1);

  await events.getByLabel("Kind").selectOption({ label: "Low balance" });
  await expect(ours).toHaveCount(0);
  await expect(page).toHaveURL(/eventKind=low_balance/);

  await events.getByLabel("Kind").selectOption({ label: "High usage" });
  await events.getByLabel("Workspace").selectOption({ label: workspace.name });
  await expect(ours).toHaveCount(1);
  await expect(events.locator("tr[data-billing-event]")).toHaveCount(1);
  await expect(events.getByTestId("billing-events-count")).toHaveText(/^1 of \d+ events$/);

  // The filters live in the URL: a reload repeats them.
  await page.reload();
  await expect(events.getByLabel("Workspace")).toHaveValue(workspace.id);
  await expect(events.locator("tr[data-billing-event]")).toHaveCount(1);
});

test("a compliance user cannot read billing: the page and the backtest refuse", async ({ page, asRole }) => {
  await asRole("compliance");
  expect((await page.goto("/billing"))?.status()).toBe(403);
  const answer = await page.request.get(backtestUrl("any", { enabled: true, periodMinutes: 60, tiers: [{ tier: "w", cents: 1 }] }));
  expect(answer.status()).toBe(403);
});
