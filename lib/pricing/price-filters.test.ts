import { describe, expect, it } from "vitest";
import { registryCountries } from "@/lib/registry/countries.shared";
import { countriesToRead, datapointsShown, parsePriceFilters, priceFilterQuery } from "./price-filters";

describe("price list filters", () => {
  it("read countries repeated or comma-separated, a datapoint and a pair to compare", () => {
    const parsed = parsePriceFilters(new URLSearchParams("country=fr,DE&country=FR&datapoint=shareholders"));
    expect(parsed).toEqual({ filters: { countries: ["FR", "DE"], datapoint: "shareholders", compare: undefined }, problems: [] });
    expect(countriesToRead(parsed.filters)).toEqual(["DE", "FR"]); // the registry's order
    expect(priceFilterQuery(parsed.filters)).toBe("country=FR%2CDE&datapoint=shareholders");

    const compared = parsePriceFilters({ compare: ["FR", "DE"], country: "IT" });
    expect(compared.filters.compare).toEqual(["FR", "DE"]);
    expect(countriesToRead(compared.filters)).toEqual(["FR", "DE"]);
    expect(parsePriceFilters(new URLSearchParams(`?${priceFilterQuery(compared.filters)}`)).filters.compare).toEqual(["FR", "DE"]);
  });

  it("read no filter as every country and every datapoint", () => {
    const { filters, problems } = parsePriceFilters({});
    expect(problems).toEqual([]);
    expect(countriesToRead(filters)).toEqual([...registryCountries]);
    expect(datapointsShown(["company", "graph"], filters)).toEqual(["company", "graph"]);
    expect(priceFilterQuery(filters)).toBe("");
  });

  it("name each bad value in a sentence and leave it out", () => {
    const { filters, problems } = parsePriceFilters(
      new URLSearchParams({ country: "FR,XX", datapoint: "=HYPERLINK(1)", compare: "FR,FR" }),
    );
    expect(filters).toEqual({ countries: ["FR"], datapoint: undefined, compare: undefined });
    expect(problems).toEqual([
      '"XX" is not one of the 40 countries the registry prices: it was left out.',
      '"=HYPERLINK(1)" is not a datapoint the registry prices: it was left out.',
      "Pick two different countries to compare side by side.",
    ]);
    expect(parsePriceFilters({ compare: "FR,DE,IT" }).problems).toEqual(["Pick two different countries to compare side by side."]);
    expect(parsePriceFilters({ datapoint: ["graph", "company"] }).problems).toEqual([
      'Only one datapoint can be filtered at a time: "company" was left out.',
    ]);
    expect(parsePriceFilters({ country: "A".repeat(500) }).problems[0]).toBe(
      `"${"A".repeat(24)}…" is not one of the 40 countries the registry prices: it was left out.`,
    );
  });

  it("show the filtered datapoint even when no price list names it", () => {
    expect(datapointsShown(["company"], { countries: [], datapoint: "subsidiaries", compare: undefined })).toEqual(["subsidiaries"]);
  });
});
