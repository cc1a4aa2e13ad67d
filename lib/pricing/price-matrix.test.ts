import { describe, expect, it } from "vitest";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { catalogResponseSchema, pricingResponseSchema, type PricingResponse } from "@/lib/registry/schemas.shared";
import type { Settled } from "@/lib/registry/settle";
import { catalogResponse, pricingResponse } from "../../simulator/pricing";
import { priceCell, priceMatrix, sameCell } from "./price-matrix";

const simulated = (country: Parameters<typeof pricingResponse>[0]): Settled<PricingResponse> => ({
  value: pricingResponseSchema.parse(pricingResponse(country)),
});
const catalog = { value: catalogResponseSchema.parse(catalogResponse()) };
const unavailable: RegistryErrorInfo = new RegistryError({
  status: 503,
  code: "service_unavailable",
  message: "Pricing is briefly unavailable.",
  details: [],
  retryable: true,
  retryAfter: 30,
}).toInfo();

describe("the price matrix", () => {
  it("keeps a failing country's row with its error while the others are priced", () => {
    const matrix = priceMatrix(["DE", "FR", "CN"], [simulated("DE"), { error: unavailable }, simulated("CN")], catalog);
    expect(matrix.rows.map((r) => [r.country, r.error?.code ?? "priced"])).toEqual([
      ["DE", "priced"],
      ["FR", "service_unavailable"],
      ["CN", "priced"],
    ]);
    expect(matrix.rows[1]!.error).toMatchObject({ message: "Pricing is briefly unavailable.", retryable: true, retryAfter: 30 });
    expect(matrix.rows[1]!.developmentStatus).toBe("live");
    // The columns come from the countries that answered.
    expect(matrix.datapoints).toEqual([
      "company",
      "companyProfile",
      "legalRepresentatives",
      "otherKeyPersons",
      "establishments",
      "ultimateBeneficialOwners",
      "shareholders",
      "subsidiaries",
      "graph",
      "availableDocuments",
    ]);
    expect(matrix.modes).toEqual(["verification", "onboarding"]);
  });

  it("marks what is priced, free, included in a block, unavailable, monitored at no cost and in beta", () => {
    const matrix = priceMatrix(["FR", "CN"], [simulated("FR"), simulated("CN")], catalog);
    const [fr, cn] = matrix.rows.map((r) => r.prices!);
    expect(fr!.datapoints.get("company")).toMatchObject({
      state: "priced",
      block: "company",
      modes: [
        { mode: "verification", credits: 4, authoritative: true },
        { mode: "onboarding", credits: 2, authoritative: false },
      ],
    });
    expect(fr!.datapoints.get("legalRepresentatives")).toEqual({
      datapoint: "legalRepresentatives",
      state: "included",
      block: "company",
      carrier: "company",
    });
    expect(priceCell(fr!.datapoints.get("availableDocuments"), "verification")).toEqual({ kind: "price", credits: 0, authoritative: true });
    expect(cn!.datapoints.get("ultimateBeneficialOwners")).toMatchObject({ state: "unavailable", block: "ubo" });
    expect(cn!.datapoints.get("subsidiaries")).toMatchObject({ state: "unavailable" });
    expect(fr!.monitoredAtNoCost).toEqual(["availableDocuments"]);
    expect(matrix.rows.map((r) => r.developmentStatus)).toEqual(["live", "beta"]);
    expect(matrix.catalogError).toBeUndefined();
  });

  it("shows a mode one country prices for every country, 'not stated' where a block gives no price, never 0", () => {
    const pricing: PricingResponse = {
      blocks: [
        { sku: "company", datapoints: ["company"], modes: { verification: { price: 5 }, express: 9 }, includedDocuments: ["extract"] },
        { sku: "esg", datapoints: ["esgScore"], modes: { onboarding: { price: "n/a" } }, includedDocuments: [] },
      ],
      company: { available: true, price: 5 },
      shareholders: { available: true, price: 3 },
    };
    const matrix = priceMatrix(["DE", "AT"], [{ value: pricing }, simulated("AT")], catalog);
    expect(matrix.modes).toEqual(["verification", "onboarding", "express"]);
    expect(matrix.datapoints.at(-1)).toBe("esgScore"); // a datapoint the console does not know, after the known ones
    const de = matrix.rows[0]!.prices!;
    expect(priceCell(de.datapoints.get("company"), "express")).toEqual({ kind: "price", credits: 9, authoritative: undefined });
    expect(priceCell(de.datapoints.get("company"), "onboarding")).toEqual({ kind: "not_stated" });
    expect(priceCell(de.datapoints.get("esgScore"), "onboarding")).toEqual({ kind: "not_stated" });
    // A datapoint with an entry but no block: its mode-less list price is kept, the mode prices are not stated.
    expect(de.datapoints.get("shareholders")).toMatchObject({ state: "priced", block: undefined, listPrice: 3 });
    expect(priceCell(de.datapoints.get("shareholders"), "verification")).toEqual({ kind: "not_stated" });
    expect(priceCell(de.datapoints.get("subsidiaries"), "verification")).toEqual({ kind: "not_listed" });
    expect(de.includedDocuments).toEqual([{ block: "company", documents: ["extract"] }]);
    expect(de.monitoredAtNoCost).toEqual([]);
    const at = matrix.rows[1]!.prices!;
    expect(priceCell(at.datapoints.get("company"), "express")).toEqual({ kind: "not_stated" });
  });

  it("renders without beta marks when the catalog cannot be read", () => {
    const matrix = priceMatrix(["CN"], [simulated("CN")], { error: { ...unavailable, status: 404, code: "not_found" } });
    expect(matrix.catalogError?.code).toBe("not_found");
    expect(matrix.rows[0]).toMatchObject({ country: "CN", developmentStatus: undefined });
    expect(matrix.rows[0]!.prices).toBeDefined();
  });

  it("reads the catalog in either of its forms", () => {
    const keyed = { value: catalogResponseSchema.parse({ countries: { MU: { developmentStatus: "beta" } } }) };
    const listed = { value: catalogResponseSchema.parse([{ code: "MU", developmentStatus: "beta" }]) };
    for (const form of [keyed, listed]) expect(priceMatrix(["MU"], [simulated("MU")], form).rows[0]!.developmentStatus).toBe("beta");
  });

  it("compares cells by what they say", () => {
    expect(sameCell({ kind: "price", credits: 2, authoritative: true }, { kind: "price", credits: 2, authoritative: true })).toBe(true);
    expect(sameCell({ kind: "price", credits: 2, authoritative: true }, { kind: "price", credits: 2.5, authoritative: true })).toBe(false);
    expect(sameCell({ kind: "price", credits: 0, authoritative: true }, { kind: "not_stated" })).toBe(false);
    expect(sameCell({ kind: "included", carrier: "company" }, { kind: "included", carrier: "graph" })).toBe(false);
    expect(sameCell({ kind: "unavailable" }, { kind: "unavailable" })).toBe(true);
  });
});
