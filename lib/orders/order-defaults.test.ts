import { describe, expect, it } from "vitest";
import type { PricingResponse } from "@/lib/registry/schemas.shared";
import { defaultGraphCap, fullKybSelection, graphStopsAfterOneLevel, heldDatapoints } from "./order-defaults.shared";

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
  subsidiaries: { available: true, price: 5 },
  availableDocuments: { available: true, price: 0 },
  graph: { available: true, price: 3 },
};

describe("the Full KYB dossier preset", () => {
  it("chooses profile, legal representatives, UBOs, shareholders, graph and the documents list, nothing else", () => {
    expect(fullKybSelection(pricing, "verification")).toEqual([
      "company",
      "legalRepresentatives",
      "ultimateBeneficialOwners",
      "shareholders",
      "graph",
      "availableDocuments",
    ]);
  });

  it("leaves out what the pricing does not offer for the country, or does not mention", () => {
    const { graph: _graph, ...withoutGraph } = pricing;
    const narrower: PricingResponse = { ...withoutGraph, ultimateBeneficialOwners: { available: false, price: 8 } };
    expect(fullKybSelection(narrower, "verification")).toEqual(["company", "legalRepresentatives", "shareholders", "availableDocuments"]);
  });
});

describe("the graph's spend cap", () => {
  it("defaults to six companies' worth: the company ordered and about two levels of owners", () => {
    expect(defaultGraphCap(3)).toBe(18);
    expect(defaultGraphCap(1.5)).toBe(9);
  });

  const rule = {
    perCompany: 3,
    graphCap: 18 as number | undefined,
    totalCap: undefined as number | undefined,
    otherSpend: 16,
    interactive: false,
  };

  it("warns when the cap pays for the company ordered and no owner company", () => {
    expect(graphStopsAfterOneLevel({ ...rule, graphCap: 3 })).toBe(true);
    expect(graphStopsAfterOneLevel({ ...rule, graphCap: 5.99 })).toBe(true);
    expect(graphStopsAfterOneLevel({ ...rule, graphCap: 6 })).toBe(false);
    expect(graphStopsAfterOneLevel(rule)).toBe(false);
  });

  it("counts what the whole-request cap leaves the graph after the rest of the order", () => {
    expect(graphStopsAfterOneLevel({ ...rule, totalCap: 19 })).toBe(true); // 3 left for the graph
    expect(graphStopsAfterOneLevel({ ...rule, totalCap: 34 })).toBe(false);
  });

  it("does not warn with no cap, or for an interactive graph, which stops after one level by choice", () => {
    expect(graphStopsAfterOneLevel({ ...rule, graphCap: undefined })).toBe(false);
    expect(graphStopsAfterOneLevel({ ...rule, graphCap: Number.NaN })).toBe(false);
    expect(graphStopsAfterOneLevel({ ...rule, graphCap: 3, interactive: true })).toBe(false);
  });
});

describe("heldDatapoints", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("says each held datapoint current or due for a refresh after 30 days; the legacy profile stands for two", () => {
    const held = heldDatapoints(
      {
        companyProfile: { asOf: "2026-11-20T00:00:00.000Z" },
        ultimateBeneficialOwners: { asOf: "2026-09-01T00:00:00.000Z" },
        company: { asOf: "2026-10-01T00:00:00.000Z" },
      },
      now,
    );
    expect(held).toEqual({
      company: { asOf: "2026-11-20T00:00:00.000Z", current: true },
      legalRepresentatives: { asOf: "2026-11-20T00:00:00.000Z", current: true },
      ultimateBeneficialOwners: { asOf: "2026-09-01T00:00:00.000Z", current: false },
    });
  });
});
