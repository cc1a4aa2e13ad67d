import { describe, expect, it } from "vitest";
import type { PricingResponse } from "@/lib/registry/schemas.shared";
import { freeAgainWording, registryClock, whatChangedQuote, type EarlierPurchase } from "./what-changed-price";

const modes = (price: number) => ({ verification: { price } });
const pricing: PricingResponse = {
  blocks: [
    { sku: "company", datapoints: ["company", "legalRepresentatives", "otherKeyPersons"], modes: modes(4), includedDocuments: [] },
    { sku: "ubo", datapoints: ["ultimateBeneficialOwners"], modes: modes(8), includedDocuments: [] },
    { sku: "shareholders", datapoints: ["shareholders"], modes: modes(5), includedDocuments: [] },
    { sku: "graph", datapoints: ["graph"], modes: modes(3), includedDocuments: [] },
  ],
  company: { available: true, price: 4 },
  legalRepresentatives: { available: true, price: 4 },
  ultimateBeneficialOwners: { available: true, price: 8 },
  shareholders: { available: true, price: 5 },
  graph: { available: true, price: 3 },
};

const now = new Date("2026-11-24T12:00:00Z");
const purchase = (hoursAgo: number, costs: Record<string, number | undefined>, requestId = `req_${hoursAgo}`): EarlierPurchase => ({
  requestId,
  orderedAt: new Date(now.getTime() - hoursAgo * 3600_000).toISOString(),
  dataStatus: { dataPoints: Object.fromEntries(Object.entries(costs).map(([d, cost]) => [d, { status: "succeeded", cost }])) },
});

describe("whatChangedQuote", () => {
  it("prices the datapoints as the company page does when nothing was bought lately", () => {
    const priced = whatChangedQuote(pricing, "verification", ["company"], [], now);
    expect(priced).toMatchObject({ total: 4, freeAgain: [] });
    expect(priced.quote.total).toBe(4);
  });

  it("makes a block bought within 24 hours free again, and says which request bought it and when", () => {
    const priced = whatChangedQuote(
      pricing,
      "verification",
      ["company", "shareholders"],
      [purchase(3, { company: 4, legalRepresentatives: 0 })],
      now,
    );
    expect(priced.total).toBe(5);
    expect(priced.freeAgain).toEqual([
      { sku: "company", datapoints: ["company"], requestId: "req_3", boughtAt: "2026-11-24T09:00:00.000Z", hoursAgo: 3 },
    ]);
    expect(freeAgainWording(priced.freeAgain[0]!)).toBe("bought 3 h ago: free again");
  });

  it("recognises the block by any of its datapoints: legal representatives bought with the company profile", () => {
    const priced = whatChangedQuote(pricing, "verification", ["legalRepresentatives"], [purchase(1, { legalRepresentatives: 4 })], now);
    expect(priced.total).toBe(0);
  });

  it("charges again after 24 hours", () => {
    expect(whatChangedQuote(pricing, "verification", ["company"], [purchase(24, { company: 4 })], now).total).toBe(4);
  });

  it("does not count a request that was not billed for the block (free itself, refunded, or no cost reported)", () => {
    const earlier = [purchase(2, { company: 0 }), purchase(4, { company: undefined })];
    expect(whatChangedQuote(pricing, "verification", ["company"], earlier, now).total).toBe(4);
  });

  it("never makes the graph free: its price is what its exploration fetches", () => {
    const priced = whatChangedQuote(
      pricing,
      "verification",
      ["shareholders", "ultimateBeneficialOwners", "graph"],
      [purchase(2, { graph: 3, shareholders: 5 })],
      now,
    );
    expect(priced.freeAgain.map((f) => f.sku)).toEqual(["shareholders"]);
    expect(priced.total).toBe(11);
  });

  it("names the latest purchase when several are within the window", () => {
    const priced = whatChangedQuote(
      pricing,
      "verification",
      ["company"],
      [purchase(10, { company: 4 }), purchase(0.5, { company: 4 })],
      now,
    );
    expect(freeAgainWording(priced.freeAgain[0]!)).toBe("bought less than an hour ago: free again");
  });
});

describe("registryClock", () => {
  const received = new Date(now.getTime() - 2 * 3600_000);

  it("is the console's clock when the registry stamps what it sends on time, or sent nothing yet", () => {
    expect(registryClock(now, undefined)).toEqual(now);
    expect(registryClock(now, { stampedAt: received.toISOString(), receivedAt: received })).toEqual(now);
  });

  it("runs as far ahead as the registry stamped its latest notification ahead of its receipt (a sandbox clock advanced a day)", () => {
    const stampedAt = new Date(received.getTime() + 24 * 3600_000).toISOString();
    const registryNow = registryClock(now, { stampedAt, receivedAt: received });
    expect(registryNow.toISOString()).toBe("2026-11-25T12:00:00.000Z");
    // A block the console bought 3 h ago is a day and 3 h old on the registry's clock: billed again, not free.
    expect(whatChangedQuote(pricing, "verification", ["company"], [purchase(3, { company: 4 })], registryNow).total).toBe(4);
  });

  it("is never behind the console's clock, and ignores a stamp it cannot read", () => {
    const behind = new Date(received.getTime() - 5 * 3600_000).toISOString();
    expect(registryClock(now, { stampedAt: behind, receivedAt: received })).toEqual(now);
    expect(registryClock(now, { stampedAt: "not a time", receivedAt: received })).toEqual(now);
  });
});
