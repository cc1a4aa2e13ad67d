import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { catalogResponseSchema, pricingResponseSchema } from "@/lib/registry/schemas.shared";
import { catalogResponse, pricingResponse } from "../../simulator/pricing";
import { priceCsvHeader, priceMatrixCsv } from "./price-csv";
import { priceMatrix } from "./price-matrix";

const priced = (country: Parameters<typeof pricingResponse>[0]) => ({ value: pricingResponseSchema.parse(pricingResponse(country)) });
const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

describe("the price list as CSV", () => {
  const matrix = priceMatrix(
    ["FR", "CN", "DE"],
    [
      priced("FR"),
      priced("CN"),
      { error: { status: 503, code: "service_unavailable", message: "=cmd|' /C calc'!A0", details: [], retryable: true } },
    ],
    { value: catalogResponseSchema.parse(catalogResponse()) },
  );

  it("has a line per country, datapoint and mode, prices in credits, and the failed country's error on its line", () => {
    const [header, ...lines] = parse(priceMatrixCsv(matrix));
    expect(header).toEqual(priceCsvHeader);
    expect(lines).toHaveLength(2 * matrix.datapoints.length * 2 + 1);
    const line = (country: string, datapoint: string, mode: string) =>
      Object.fromEntries(lines.find((l) => l[0] === country && l[3] === datapoint && l[5] === mode)!.map((v, i) => [header![i], v]));
    expect(line("FR", "company", "onboarding")).toMatchObject({
      "country name": "France",
      "development status": "live",
      block: "company",
      status: "priced",
      "price (credits)": "2",
      authoritative: "no",
    });
    expect(line("FR", "legalRepresentatives", "verification")).toMatchObject({
      status: "included",
      "price (credits)": "",
      "included with": "company",
    });
    expect(line("FR", "availableDocuments", "verification")).toMatchObject({
      status: "free",
      "price (credits)": "0",
      "monitored at no cost": "yes",
    });
    expect(line("CN", "ultimateBeneficialOwners", "verification")).toMatchObject({ "development status": "beta", status: "unavailable" });
    const failed = lines.filter((l) => l[0] === "DE");
    expect(failed).toHaveLength(1);
    // The registry's words go through the CSV writer's formula guard.
    expect(failed[0]!.slice(-2)).toEqual(["service_unavailable", "'=cmd|' /C calc'!A0"]);
  });

  it("holds only the datapoints asked for", () => {
    const [, ...lines] = parse(priceMatrixCsv(matrix, ["graph"]));
    expect(new Set(lines.map((l) => l[3]))).toEqual(new Set(["graph", ""]));
    expect(lines).toHaveLength(2 * 2 + 1);
  });
});
