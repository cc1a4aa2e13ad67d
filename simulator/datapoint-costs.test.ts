import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSimulator } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
beforeAll(async () => {
  sim = await startTestSimulator({ walletCredits: 1000 });
});
afterAll(() => sim.close());

type Status = Record<string, { status: string; cost?: number }>;
const costs = (entries: Status) => Object.values(entries).reduce((sum, e) => sum + (e.cost ?? 0), 0);
const balance = async () => (await sim.call("GET", "/_sim/wallet")).json.balance as number;

describe("what each datapoint cost (dataStatus[…].cost)", () => {
  it("adds up to what the wallet was charged: a block once, on its first datapoint", async () => {
    const before = await balance();
    const created = await sim.call("POST", "/v2/company", {
      id: "HRB 44110",
      countryCode: "DE",
      dataPoints: ["company", "legalRepresentatives", "shareholders"],
    });
    const status = created.json.request.dataStatus.dataPoints as Status;
    expect(status.company?.cost).toBe(4);
    expect(status.legalRepresentatives?.cost).toBe(0);
    expect(status.shareholders?.cost).toBe(4);
    expect(before - (await balance())).toBe(costs(status));

    await sim.call("POST", "/_sim/advance", { seconds: 10 });
    const done = await sim.call("GET", `/v2/company/${created.json.request.requestId}`);
    expect(costs(done.json.request.dataStatus.dataPoints)).toBe(8); // kept through the status changes
  });

  it("charges the onboarding price in onboarding mode, and in fast mode", async () => {
    const pricing = (await sim.call("GET", "/v2/pricing?countryCode=DE")).json;
    const onboardingPrice = pricing.blocks.find((b: { sku: string }) => b.sku === "company").modes.onboarding.price;
    const before = await balance();
    const created = await sim.call("POST", "/v2/company", {
      id: "HRB 44120",
      countryCode: "DE",
      dataPoints: ["company"],
      mode: "onboarding",
    });
    expect(created.json.request.dataStatus.dataPoints.company.cost).toBe(onboardingPrice);
    expect(before - (await balance())).toBe(onboardingPrice);
    const fast = await sim.call("POST", "/v2/onboarding", { id: "HRB 44130", countryCode: "DE", dataPoints: ["companyProfile"] });
    expect(fast.json.request.dataStatus.dataPoints.companyProfile.cost).toBe(onboardingPrice);
  });

  it("costs nothing for blocks bought for the same company within 24 hours", async () => {
    const again = await sim.call("POST", "/v2/company", { id: "HRB 44110", countryCode: "DE", dataPoints: ["company"] });
    expect(again.json.request.dataStatus.dataPoints.company.cost).toBe(0);
  });
});
