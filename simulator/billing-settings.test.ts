import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountBillingConfigSchema, balanceResponseSchema, workspaceBillingViewSchema } from "../lib/registry/schemas.shared";
import { defaultWorkspaceId } from "./state";
import { startTestSimulator } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator({ walletCredits: 10_000 });
});
afterAll(() => sim.close());

const balance = async () => balanceResponseSchema.parse((await sim.call("GET", "/v2/billing/balance")).json);
const config = async () => accountBillingConfigSchema.parse((await sim.call("GET", "/v2/billing/notifications/config")).json);

describe("GET /v2/billing/balance", () => {
  it("follows the wallet in credit cents: a request's charge × 100 comes off it", async () => {
    expect((await balance()).balanceInCreditCents).toBe(1_000_000);
    const ordered = await sim.call("POST", "/v2/company", { id: "HRB 5100", countryCode: "DE", dataPoints: ["company"] });
    const cost = ordered.json.request.dataStatus.dataPoints.company.cost as number;
    expect(ordered.json.request.workspace).toEqual({ id: defaultWorkspaceId, name: "default" }); // the workspace charged
    expect(cost).toBeGreaterThan(0);
    expect((await balance()).balanceInCreditCents).toBe(1_000_000 - Math.round(cost * 100));
    await sim.call("POST", "/_sim/spend", { workspace: "default", credits: 2.5 });
    expect((await balance()).balanceInCreditCents).toBe(1_000_000 - Math.round(cost * 100) - 250);
  });

  it("reports low at or below the highest low-balance tier, depleted at or below the depleted tier, and the auto top-up", async () => {
    const { lowBalanceTiers } = await config();
    expect((await balance()).lowBalanceThresholds).toEqual(lowBalanceTiers);
    const warning = lowBalanceTiers.find((t) => t.tier === "warning")!.cents;
    await sim.call("PUT", "/_sim/wallet", { balance: warning / 100 + 0.01 });
    expect((await balance()).status).toBe("ok");
    await sim.call("PUT", "/_sim/wallet", { balance: warning / 100 });
    expect((await balance()).status).toBe("low");
    await sim.call("PUT", "/_sim/wallet", { balance: 0 });
    expect((await balance()).status).toBe("depleted");
    await sim.call("PATCH", "/v2/billing/notifications/config", {
      lowBalanceTiers: [
        { tier: "warning", cents: 1000 },
        { tier: "depleted", cents: 100 },
      ],
    });
    await sim.call("PUT", "/_sim/wallet", { balance: 1 });
    expect(await balance()).toMatchObject({ balanceInCreditCents: 100, status: "depleted" });
    await sim.call("PUT", "/_sim/wallet", { balance: 1.01 });
    expect((await balance()).status).toBe("low");

    expect((await balance()).autoTopup).toEqual({ enabled: false, thresholdInCreditCents: 0, amountInCreditCents: 0 });
    await sim.call("PUT", "/_sim/auto-topup", { enabled: true, thresholdCredits: 15, amountCredits: 50.5 });
    expect((await balance()).autoTopup).toEqual({ enabled: true, thresholdInCreditCents: 1500, amountInCreditCents: 5050 });
  });
});

describe("GET and PATCH /v2/billing/notifications/config", () => {
  it("answers every setting resolved, sets what a PATCH names and keeps the rest", async () => {
    await sim.call("POST", "/_sim/reset");
    expect((await balance()).autoTopup.enabled).toBe(false); // the reset turned auto top-up off too
    const before = await config();
    expect(before).toMatchObject({ highUsageEnabled: true, highUsagePeriodMinutes: 60, globalHighUsageEnabled: false });
    const patched = await sim.call("PATCH", "/v2/billing/notifications/config", {
      globalHighUsageEnabled: true,
      highUsageTiers: [{ tier: "warning", cents: 7000 }],
    });
    expect(patched.status).toBe(200);
    const after = { ...before, globalHighUsageEnabled: true, highUsageTiers: [{ tier: "warning", cents: 7000 }] };
    expect(patched.json).toEqual(after);
    expect(await config()).toEqual(after);
  });

  it("refuses invalid settings with the details, and changes nothing", async () => {
    const before = await config();
    const bad = [
      { lowBalanceEnabled: "yes" },
      { lowBalanceTiers: [] },
      { lowBalanceTiers: [{ tier: "urgent", cents: 1 }] },
      { lowBalanceTiers: [{ tier: "warning", cents: 1.5 }] },
      { highUsagePeriodMinutes: 4, highUsageEnabled: false },
      { globalHighUsagePeriodMinutes: 43_201 },
      {
        globalHighUsageTiers: [
          { tier: "warning", cents: 1 },
          { tier: "warning", cents: 2 },
        ],
      },
    ];
    for (const body of bad) {
      const answer = await sim.call("PATCH", "/v2/billing/notifications/config", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.error).toMatchObject({ code: "invalid_request", details: [expect.any(String)] });
    }
    expect(await config()).toEqual(before);
  });
});

describe("the workspace billing view and overrides", () => {
  it("answers the account's settings and the raw override, or null", async () => {
    const path = `/v2/billing/notifications/workspaces/${defaultWorkspaceId}/config`;
    const empty = workspaceBillingViewSchema.parse((await sim.call("GET", path)).json);
    expect(empty).toEqual({ accountConfig: await config(), workspaceOverride: null });
    const override = (await sim.call("PATCH", path, { highUsagePeriodMinutes: 30 })).json;
    expect(workspaceBillingViewSchema.parse((await sim.call("GET", path)).json)).toEqual({
      accountConfig: await config(),
      workspaceOverride: override,
    });
  });

  it("answers 404 for a workspace id that does not exist, on GET, PATCH and DELETE, and changes nothing", async () => {
    for (const id of ["default", "00000000-0000-4000-8000-00000000dead", "__proto__"]) {
      const path = `/v2/billing/notifications/workspaces/${id}/config`;
      for (const [method, body] of [["GET"], ["PATCH", { highUsageEnabled: false }], ["DELETE"]] as const) {
        const answer = await sim.call(method, path, body);
        expect(answer.status, `${method} ${id}`).toBe(404);
        expect(answer.json.error.code).toBe("not_found");
      }
    }
  });
});
