import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEventsSchema, listedWorkspaces, monitorSchema, workspaceListSchema } from "../lib/registry/schemas";
import { startTestSimulator } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator({ walletCredits: 100 });
});
afterAll(() => sim.close());

const events = async () => billingEventsSchema.parse((await sim.call("GET", "/v2/billing/notifications/recent?limit=200")).json);
const spend = (id: string) =>
  sim.call("POST", "/v2/company", { id, countryCode: "DE", dataPoints: ["company", "ultimateBeneficialOwners", "shareholders"] });

describe("billing notifications", () => {
  it("fires each low-balance tier once per wallet period, by webhook too", async () => {
    let i = 0;
    while ((await sim.call("GET", "/_sim/wallet")).json.balance > 4 && i < 60) expect((await spend(`HRB ${1000 + i++}`)).status).toBe(200);
    const low = (await events()).filter((e) => e.kind === "low_balance").map((e) => e.identifier);
    expect(low).toEqual(expect.arrayContaining(["warning", "critical"]));
    expect(new Set(low).size).toBe(low.length);
    await new Promise((r) => setTimeout(r, 200));
    expect(sim.received.some((r) => r.body.includes('"kind":"low_balance"'))).toBe(true);
  });

  it("fires a workspace's high-usage tier when its spend over the window reaches it, keyed by the workspace's UUID", async () => {
    await sim.call("PUT", "/_sim/wallet", { balance: 10_000 });
    const tiers = { highUsagePeriodMinutes: 60, highUsageTiers: [{ tier: "warning", cents: 1000 }] };
    expect((await sim.call("PATCH", "/v2/billing/notifications/workspaces/default/config", tiers)).status).toBe(404);
    const workspaceId = listedWorkspaces(workspaceListSchema.parse((await sim.call("GET", "/v2/workspaces")).json)).find(
      (w) => w.isDefault,
    )!.id;
    expect(workspaceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect((await sim.call("PATCH", `/v2/billing/notifications/workspaces/${workspaceId}/config`, tiers)).status).toBe(200);
    for (let i = 0; i < 3; i++) await spend(`HRB ${2000 + i}`);
    const high = (await events()).filter((e) => e.kind === "high_usage");
    expect(high).toHaveLength(1); // once per tier per window
    expect(high[0]).toMatchObject({ identifier: "warning", workspaceId, payload: { thresholdCents: 1000, periodMinutes: 60 } });
  });

  it("tops the wallet up when auto top-up is on, and reports a failed top-up", async () => {
    await sim.call("PUT", "/_sim/wallet", { balance: 20 });
    await sim.call("PUT", "/_sim/auto-topup", { enabled: true, thresholdCredits: 15, amountCredits: 50 });
    await spend("HRB 3000");
    const topups = (await events()).filter((e) => e.kind === "auto_topup");
    expect(topups.at(0)).toMatchObject({ identifier: "succeeded", payload: { amountCents: 5000 } });
    expect((await sim.call("GET", "/_sim/wallet")).json.balance).toBeGreaterThan(50);
    await sim.call("PUT", "/_sim/auto-topup", { enabled: true, thresholdCredits: 1000, amountCredits: 50, outcome: "failed" });
    await spend("HRB 3001");
    expect((await events()).filter((e) => e.kind === "auto_topup").at(0)).toMatchObject({ identifier: "failed" });
  });
});

describe("monitor notices", () => {
  it("reports datapoints blocked on missing credentials until the vault holds them", async () => {
    const monitor = monitorSchema.parse((await sim.call("POST", "/v2/monitors", { companyId: "552100554", countryCode: "FR" })).json);
    expect(monitor.datapointNotices).toEqual([
      expect.objectContaining({ datapoint: "shareholders", status: "blocked_missing_credentials" }),
    ]);
    await sim.call("PUT", "/v2/workspaces/default/vault/infogreffe", { payload: { email: "a@b.c", password: "secret-pw" } });
    expect(monitorSchema.parse((await sim.call("GET", `/v2/monitors/${monitor.id}`)).json).datapointNotices).toEqual([]);
  });
});
