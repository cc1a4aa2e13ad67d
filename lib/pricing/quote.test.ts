import { describe, expect, it } from "vitest";
import type { PricingResponse } from "@/lib/registry/schemas.shared";
import { datapointOffers, offeredModes, quoteOrder } from "./quote.shared";

const both = (verification: number, onboarding: number) => ({ verification: { price: verification }, onboarding: { price: onboarding } });
const pricing: PricingResponse = {
  blocks: [
    {
      sku: "company",
      datapoints: ["company", "companyProfile", "legalRepresentatives", "otherKeyPersons", "establishments"],
      modes: both(4, 2),
      includedDocuments: [],
    },
    { sku: "ubo", datapoints: ["ultimateBeneficialOwners"], modes: both(8, 4), includedDocuments: [] },
    { sku: "shareholders", datapoints: ["shareholders"], modes: both(4, 2), includedDocuments: [] },
    { sku: "graph", datapoints: ["graph"], modes: both(3, 1.5), includedDocuments: [] },
    { sku: "documents_listing", datapoints: ["availableDocuments"], modes: both(0, 0), includedDocuments: [] },
  ],
  company: { available: true, price: 4 },
  legalRepresentatives: { available: true, price: 4 },
  otherKeyPersons: { available: true, price: 4 },
  establishments: { available: true, price: 4 },
  ultimateBeneficialOwners: { available: true, price: 8 },
  shareholders: { available: true, price: 4 },
  subsidiaries: { available: false, price: 0 },
  availableDocuments: { available: true, price: 0 },
  graph: { available: true, price: 3 },
};

describe("order quotes", () => {
  it("lists the modes the blocks are priced in", () => {
    expect(offeredModes(pricing)).toEqual(["verification", "onboarding"]);
  });

  it("marks what comes with the company profile, what is free and what is not offered", () => {
    const offers = Object.fromEntries(datapointOffers(pricing, "verification").map((o) => [o.datapoint, o]));
    expect(offers.legalRepresentatives).toMatchObject({ comesWith: "company", price: 4, available: true });
    expect(offers.company).toMatchObject({ comesWith: undefined, price: 4 });
    expect(offers.availableDocuments).toMatchObject({ free: true, price: 0 });
    expect(offers.subsidiaries).toMatchObject({ available: false });
    expect(offers.ultimateBeneficialOwners?.price).toBe(8);
    expect(datapointOffers(pricing, "onboarding").find((o) => o.datapoint === "ultimateBeneficialOwners")?.price).toBe(4);
  });

  it("charges a block once however many of its datapoints are chosen, and adds the graph and documents apart", () => {
    const quote = quoteOrder(
      pricing,
      "verification",
      ["company", "legalRepresentatives", "establishments", "ultimateBeneficialOwners", "graph", "availableDocuments"],
      [14, 0.5],
    );
    expect(quote.blocks.map((b) => [b.sku, b.price, b.datapoints.length])).toEqual([
      ["company", 4, 3],
      ["ubo", 8, 1],
      ["graph", 3, 1],
      ["documents_listing", 0, 1],
    ]);
    expect(quote).toMatchObject({ profile: 12, graph: 3, documents: 14.5, total: 29.5, unpriced: [] });
  });

  it("prices in the chosen mode, and names chosen datapoints without a price instead of guessing", () => {
    expect(quoteOrder(pricing, "onboarding", ["company", "shareholders"]).total).toBe(4);
    const withoutPrices: PricingResponse = { blocks: [], company: { available: true, price: 5 } };
    expect(quoteOrder(withoutPrices, "verification", ["company", "shareholders"])).toMatchObject({ total: 5, unpriced: ["shareholders"] });
  });
});
