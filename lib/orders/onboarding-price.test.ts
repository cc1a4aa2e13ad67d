import { describe, expect, it } from "vitest";
import type { PricingResponse } from "@/lib/registry/schemas.shared";
import { onboardingQuote } from "./onboarding-price";

const pricing = (modes: Record<string, { price: number }>, priced = true) =>
  ({
    blocks: priced
      ? [{ sku: "company", datapoints: ["company", "companyProfile", "legalRepresentatives"], modes, includedDocuments: [] }]
      : [],
    company: priced ? { available: true, price: 4 } : { available: false },
  }) as unknown as PricingResponse;

describe("the onboarding price", () => {
  it("is the company block in onboarding mode where the country offers it", () => {
    expect(onboardingQuote(pricing({ verification: { price: 4 }, onboarding: { price: 1.5 } }))).toEqual({
      price: 1.5,
      mode: "onboarding",
    });
  });

  it("falls back to verification mode, said by no mode, where onboarding is not offered", () => {
    expect(onboardingQuote(pricing({ verification: { price: 4 } }))).toEqual({ price: 4, mode: null });
  });

  it("has no price when the pricing gives the company block none", () => {
    expect(onboardingQuote(pricing({}, false))).toEqual({ price: undefined, mode: null });
  });
});
