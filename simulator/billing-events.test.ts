import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { billingEventsSchema, listedWorkspaces, monitorSchema, workspaceListSchema } from "../lib/registry/schemas.shared";
import { startTestSimulator } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator({ walletCredits: 100 });
});
afterAll(() => sim.close());

const events = async () => billingEventsSchema.parse((await sim.call("GET", "/v2/billing/notifications/recent?limit=200")).json).reverse();
const spend = (id: string) =>
  sim.call("POST", "/v2/company", { id, countryCode: "DE", dataPoints: ["company", "ultimateBeneficialOwners", "shareholders"] });
const highUsage = async () => (await events()).filter((e) => e.kind === "high_usage");
/** Charges a workspace through the control API (credits), as a request would. */
const spendCredits = async (workspace: string, credits: number) =>
  expect((await sim.call("POST", "/_sim/spend", { workspace, credits })).status).toBe(200);
const minutes = (n: number) => sim.call("POST", "/_sim/advance", { seconds: n * 60 });
const configure = async (body: Record<string, unknown>) =>
  expect((await sim.call("PATCH", "/v2/billing/notifications/config", body)).status).toBe(200);
const override = async (workspaceId: string, body: Record<string, unknown>) =>
  expect((await sim.call("PATCH", `/v2/billing/notifications/workspaces/${workspaceId}/config`, body)).status).toBe(200);
/** The ids of the billing events the simulator queued a webhook for. */
const webhooked = () => new Set(sim.simulator.queue.messages({ type: "billing.notification" }).map((m) => m.payload.id));
const defaultId = async () =>
  listedWorkspaces(workspaceListSchema.parse((await sim.call("GET", "/v2/workspaces")).json)).find((w) => w.isDefault)!.id;

// Low-balance tiers of 50.00, 20.00 and 0.00 credits on a wallet of 100 credits.
const lowTiers = {
  lowBalanceTiers: [
    { tier: "warning", cents: 5000 },
    { tier: "critical", cents: 2000 },
    { tier: "depleted", cents: 0 },
  ],
};

beforeEach(async () => {
  await sim.call("POST", "/_sim/reset");
  await sim.call("PUT", "/_sim/wallet", { balance: 100 });
});

describe("low-balance notifications", () => {
  it("fire as the wallet falls through each of the account's tiers, once each, with the balance and the tier", async () => {
    await configure(lowTiers);
    await spendCredits("default", 40); // 60 left: above every tier
    expect(await events()).toEqual([]);
    await spendCredits("default", 15); // 45 left: through the warning tier
    await spendCredits("default", 5); // 40 left: still under it, nothing new
    await spendCredits("default", 25); // 15 left: through the critical tier
    await spendCredits("default", 15); // 0 left: at the depleted tier
    const low = await events();
    expect(low.map((e) => [e.kind, e.identifier, e.payload, e.workspaceId])).toEqual([
      ["low_balance", "warning", { balanceCents: 4500, thresholdCents: 5000 }, null],
      ["low_balance", "critical", { balanceCents: 1500, thresholdCents: 2000 }, null],
      ["low_balance", "depleted", { balanceCents: 0, thresholdCents: 0 }, null],
    ]);
    expect(new Set(low.map((e) => e.dedupKey)).size).toBe(3);
  });

  it("fire every tier a single charge falls through, highest first", async () => {
    await configure(lowTiers);
    await spendCredits("default", 85);
    expect((await events()).map((e) => e.identifier)).toEqual(["warning", "critical"]);
  });

  it("rearm once the balance is refilled above the tier (wallet set or auto top-up), and fire again", async () => {
    await configure(lowTiers);
    await spendCredits("default", 55);
    await sim.call("PUT", "/_sim/wallet", { balance: 100 });
    await spendCredits("default", 55);
    const warnings = (await events()).filter((e) => e.identifier === "warning");
    expect(warnings).toHaveLength(2);
    expect(warnings[0]!.dedupKey).not.toBe(warnings[1]!.dedupKey);

    await sim.call("PUT", "/_sim/auto-topup", { enabled: true, thresholdCredits: 30, amountCredits: 50 });
    await spendCredits("default", 20); // 25 left: a top-up to 75, above the warning tier again
    await spendCredits("default", 30); // 45 left: through the warning tier a third time
    expect((await events()).map((e) => `${e.kind}:${e.identifier}`)).toEqual([
      "low_balance:warning",
      "low_balance:warning",
      "auto_topup:succeeded",
      "low_balance:warning",
    ]);
  });

  it("fire nothing while lowBalanceEnabled is false", async () => {
    await configure({ ...lowTiers, lowBalanceEnabled: false });
    await spendCredits("default", 100);
    expect(await events()).toEqual([]);
  });

  it("are emailed and sent by webhook as the account's low-balance routing says", async () => {
    await configure({ ...lowTiers, lowBalanceEmailEnabled: false, lowBalanceWebhookEnabled: false });
    await spendCredits("default", 55);
    await configure({ lowBalanceEmailEnabled: true, lowBalanceWebhookEnabled: true });
    await spendCredits("default", 35);
    const [quiet, loud] = await events();
    expect(quiet).toMatchObject({ identifier: "warning", emailSent: false, webhookSent: false });
    expect(loud).toMatchObject({ identifier: "critical", emailSent: true, webhookSent: true });
    expect(webhooked().has(quiet!.id)).toBe(false);
    expect(webhooked().has(loud!.id)).toBe(true);
    for (let i = 0; i < 100 && !sim.received.some((r) => r.body.includes(loud!.id)); i++) await new Promise((r) => setTimeout(r, 20));
    expect(sim.received.some((r) => r.body.includes(loud!.id))).toBe(true); // and delivered, signed, to the receiver
  });
});

describe("high-usage notifications", () => {
  it("fire a workspace's tier when its spend over the window reaches it, keyed by the workspace's UUID", async () => {
    await sim.call("PUT", "/_sim/wallet", { balance: 10_000 });
    const tiers = { highUsagePeriodMinutes: 60, highUsageTiers: [{ tier: "warning", cents: 1000 }] };
    expect((await sim.call("PATCH", "/v2/billing/notifications/workspaces/default/config", tiers)).status).toBe(404);
    const workspaceId = await defaultId();
    expect(workspaceId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    await override(workspaceId, tiers);
    for (let i = 0; i < 3; i++) expect((await spend(`HRB ${2000 + i}`)).status).toBe(200);
    const high = await highUsage();
    expect(high).toHaveLength(1); // once per tier per window
    expect(high[0]).toMatchObject({ identifier: "warning", workspaceId, payload: { thresholdCents: 1000, periodMinutes: 60 } });
  });

  it("fire once per tier while the spend over the window stays at or above it, and rearm once it has dropped below", async () => {
    const workspaceId = await defaultId();
    await override(workspaceId, { highUsagePeriodMinutes: 60, highUsageTiers: [{ tier: "warning", cents: 1000 }] });
    await spendCredits("default", 10); // 10.00 in the window: fires
    await minutes(59);
    await spendCredits("default", 10); // 20.00
    await minutes(2);
    await spendCredits("default", 1); // the first charge left the window: 11.00, still over the tier all along
    expect(await highUsage()).toHaveLength(1);
    await minutes(61);
    // A clock that ticks a millisecond on every reading: the window must end at the moment the event fired, not at a
    // later reading of the clock.
    let tick = Date.now();
    const ticking = vi.spyOn(Date, "now").mockImplementation(() => ++tick);
    await spendCredits("default", 10).finally(() => ticking.mockRestore()); // the window held nothing before: fires again
    const high = await highUsage();
    expect(high).toHaveLength(2);
    const [first, second] = high;
    expect(first!.dedupKey).not.toBe(second!.dedupKey);
    expect(second!.payload).toEqual({
      spentCents: 1000,
      thresholdCents: 1000,
      periodMinutes: 60,
      windowStart: new Date(Date.parse(second!.firedAt) - 60 * 60_000).toISOString(),
      windowEnd: second!.firedAt,
    });
  });

  it("count each workspace's own spend against its own override", async () => {
    const paris = (await sim.call("POST", "/v2/workspaces", { name: "branch-paris", legalName: "Acme Paris SAS" })).json;
    await override(paris.id, { highUsageTiers: [{ tier: "critical", cents: 1000 }] });
    await spendCredits("default", 20); // the default workspace inherits the account's tiers (500.00 and up)
    expect(await highUsage()).toEqual([]);
    await spendCredits("branch-paris", 10);
    expect(await highUsage()).toEqual([
      expect.objectContaining({ identifier: "critical", workspaceId: paris.id, payload: expect.objectContaining({ spentCents: 1000 }) }),
    ]);
  });

  it("fire the account-wide (global) tiers on the spend of every workspace together, with no workspace", async () => {
    await sim.call("POST", "/v2/workspaces", { name: "branch-paris", legalName: "Acme Paris SAS" });
    await configure({
      globalHighUsageEnabled: true,
      globalHighUsagePeriodMinutes: 1440,
      globalHighUsageTiers: [{ tier: "critical", cents: 3000 }],
    });
    await spendCredits("default", 20);
    await minutes(600);
    await spendCredits("branch-paris", 10);
    expect(await highUsage()).toEqual([
      expect.objectContaining({
        kind: "high_usage",
        identifier: "critical",
        workspaceId: null,
        payload: expect.objectContaining({ spentCents: 3000, thresholdCents: 3000, periodMinutes: 1440 }),
      }),
    ]);
  });

  it("are emailed and sent by webhook as the workspace's effective routing says", async () => {
    const workspaceId = await defaultId();
    const tiers = { highUsageTiers: [{ tier: "warning", cents: 100 }], highUsagePeriodMinutes: 5 };
    await override(workspaceId, { ...tiers, highUsageEmailEnabled: false, highUsageWebhookEnabled: false });
    await spendCredits("default", 1);
    await minutes(10);
    await override(workspaceId, { ...tiers, highUsageEmailEnabled: true }); // the webhook inherits the account's: on
    await spendCredits("default", 1);
    await minutes(10);
    await configure({ highUsageEmailEnabled: false });
    await override(workspaceId, tiers); // both inherit: email off, webhook on
    await spendCredits("default", 1);
    const [off, on, inherited] = await highUsage();
    expect(off).toMatchObject({ emailSent: false, webhookSent: false });
    expect(on).toMatchObject({ emailSent: true, webhookSent: true });
    expect(inherited).toMatchObject({ emailSent: false, webhookSent: true });
    expect([off, on, inherited].map((e) => webhooked().has(e!.id))).toEqual([false, true, true]);
  });
});

describe("auto top-up notifications", () => {
  it("top the wallet up when auto top-up is on, and report a failed top-up", async () => {
    await sim.call("PUT", "/_sim/wallet", { balance: 20 });
    await sim.call("PUT", "/_sim/auto-topup", { enabled: true, thresholdCredits: 15, amountCredits: 50 });
    await spend("HRB 3000");
    const topups = (await events()).filter((e) => e.kind === "auto_topup");
    expect(topups.at(-1)).toMatchObject({ identifier: "succeeded", payload: { amountCents: 5000 } });
    expect((await sim.call("GET", "/_sim/wallet")).json.balance).toBeGreaterThan(50);
    await sim.call("PUT", "/_sim/auto-topup", { enabled: true, thresholdCredits: 1000, amountCredits: 50, outcome: "failed" });
    await spend("HRB 3001");
    expect((await events()).filter((e) => e.kind === "auto_topup").at(-1)).toMatchObject({ identifier: "failed" });
  });

  it("follow the account's auto-top-up routing, and are not recorded while those notifications are off", async () => {
    await sim.call("PUT", "/_sim/auto-topup", { enabled: true, thresholdCredits: 95, amountCredits: 10 });
    await configure({ lowBalanceEnabled: false, autoTopupEmailEnabled: false });
    await spendCredits("default", 10);
    await configure({ autoTopupNotificationsEnabled: false });
    await spendCredits("default", 10);
    expect(await events()).toEqual([expect.objectContaining({ kind: "auto_topup", emailSent: false, webhookSent: true })]);
    expect((await sim.call("GET", "/_sim/wallet")).json.balance).toBe(100); // both top-ups happened
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
