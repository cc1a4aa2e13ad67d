import { randomUUID } from "node:crypto";
import { backtestUrl } from "../lib/billing/backtest-url.shared";
import { expect, test } from "./fixtures";
import { simulatorConnectionId } from "./monitor-notification";
import { sim } from "./simulator-api";

// Switches the simulator's vendor-documented endpoints off for a while: one at a time, after every other spec file
// (the "simulator-wide" project in playwright.config.ts).

test("against an API with only the spec's endpoints, spend falls back to the console's recorded costs and the vendor panels say so in one line", async ({
  page,
  db,
  signIn,
}) => {
  // A request this console recorded, charged 4 credits.
  await db.query(
    `insert into company_requests (request_id, connection_id, origin, country_code, company_id, data_status)
     values ($1, $2, 'console', 'DE', 'HRB 1', $3)`,
    [
      `req_e2e_recorded_${randomUUID().slice(0, 8)}`,
      await simulatorConnectionId(db),
      { dataPoints: { company: { status: "succeeded", cost: 4 } } },
    ],
  );
  await signIn(await db.createUser("finance"));
  expect((await sim("PUT", "/_sim/vendor-endpoints", { enabled: false })).status).toBe(200);
  try {
    await page.goto("/billing");
    const spend = page.getByRole("region", { name: "Spend over time" });
    await expect(spend).toContainText(
      "This registry does not offer GET /v2/workspaces/usage (it answered 404): the endpoint is documented by the vendor but is not part of the API spec.",
    );
    const recorded = spend.locator('[data-spend-source="recorded"]');
    await expect(recorded).toContainText("recorded by this console for its own requests");
    await expect(recorded).toContainText("requests by other clients are not included");
    await expect(page.getByTestId("all-workspaces-spend")).toContainText("All workspaces together:");
    const peak = Number(await recorded.getByTestId("spend-chart").getAttribute("data-peak-cents"));
    expect(peak).toBeGreaterThanOrEqual(400);

    // The spec's recent-events endpoint still answers: no error in that section.
    const events = page.getByRole("region", { name: /Recent billing events/ });
    await expect(events).toBeVisible();
    await expect(events.getByRole("alert")).toHaveCount(0);

    // The backtest replays the recorded costs.
    const answer = await page.request.get(
      backtestUrl("any", { enabled: true, periodMinutes: 60, tiers: [{ tier: "warning", cents: 400 }] }),
    );
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ source: "recorded", tiers: [{ tier: "warning", fires: expect.any(Number) }] });
  } finally {
    expect((await sim("PUT", "/_sim/vendor-endpoints", { enabled: true })).status).toBe(200);
  }
});
