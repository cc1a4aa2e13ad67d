import { describe, expect, it } from "vitest";
import { catalogResponseSchema, pricingResponseSchema } from "@/lib/registry/schemas.shared";
import { catalogResponse, pricingResponse } from "../../simulator/pricing";
import { comparePrices } from "./price-comparison";
import { priceMatrix } from "./price-matrix";

const catalog = { value: catalogResponseSchema.parse(catalogResponse()) };
const priced = (country: Parameters<typeof pricingResponse>[0]) => ({ value: pricingResponseSchema.parse(pricingResponse(country)) });

describe("two countries side by side", () => {
  const matrix = priceMatrix(["FR", "CN"], [priced("FR"), priced("CN")], catalog);

  it("marks the lines that differ and only those", () => {
    const comparison = comparePrices(matrix, ["FR", "CN"], matrix.datapoints)!;
    expect(comparison.developmentStatus).toEqual({ values: ["live", "beta"], differs: true });
    const line = (datapoint: string, mode = "verification") => comparison.prices.find((p) => p.datapoint === datapoint && p.mode === mode)!;
    // FR has a UBO register and subsidiaries, CN neither.
    expect(line("ultimateBeneficialOwners")).toMatchObject({
      cells: [{ kind: "price", credits: 8 }, { kind: "unavailable" }],
      differs: true,
    });
    expect(line("subsidiaries", "onboarding")).toMatchObject({
      cells: [{ kind: "price", credits: 3 }, { kind: "unavailable" }],
      differs: true,
    });
    expect(line("legalRepresentatives")).toMatchObject({ cells: [{ kind: "included" }, { kind: "included" }], differs: false });
    expect(line("availableDocuments")).toMatchObject({ differs: false });
    expect(comparison.prices).toHaveLength(matrix.datapoints.length * 2);
    expect(comparison.monitoredAtNoCost).toEqual({ values: [["availableDocuments"], ["availableDocuments"]], differs: false });
    expect(comparison.includedDocuments.differs).toBe(false);
  });

  it("compares only the datapoints shown", () => {
    expect(comparePrices(matrix, ["FR", "CN"], ["graph"])!.prices.map((p) => p.datapoint)).toEqual(["graph", "graph"]);
  });

  it("is not made when a country's prices could not be read", () => {
    const failed = priceMatrix(
      ["FR", "CN"],
      [priced("FR"), { error: { status: 400, code: "invalid_request", message: "No.", details: [], retryable: false } }],
      catalog,
    );
    expect(comparePrices(failed, ["FR", "CN"], failed.datapoints)).toBeUndefined();
  });
});
