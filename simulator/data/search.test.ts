import { describe, expect, it } from "vitest";
import { searchResultsSchema } from "../../lib/registry/schemas";
import { generateCompany } from "./company";
import { allResults, directory, searchCompanies } from "./search";
import { hasNonLatinLetters } from "./transliteration";

describe("searchCompanies", () => {
  it("returns several sources finishing at different deterministic times", () => {
    const outcome = searchCompanies("FR", "Horizon");
    expect(outcome.sources.length).toBeGreaterThanOrEqual(2);
    const delays = outcome.sources.map((s) => s.delayMs);
    expect(new Set(delays).size).toBe(delays.length);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(50);
      expect(d).toBeLessThanOrEqual(1500);
    }
    expect(searchCompanies("FR", "Horizon")).toEqual(outcome);
    expect(searchResultsSchema.parse(allResults(outcome)).length).toBeGreaterThan(0);
  });

  it("finds names with the same legal name and address generateCompany gives", () => {
    const results = allResults(searchCompanies("DE", "Nordlicht"));
    expect(results.length).toBeGreaterThan(1);
    for (const result of results.slice(0, 5)) {
      expect(result.legalName).toContain("Nordlicht");
      expect(result.matchReason.matchType).toBe("default");
      const company = generateCompany("DE", result.id).sections.company;
      expect(company.legalName).toBe(result.legalName);
      expect(company.legalAddress).toEqual(result.address);
    }
  });

  it("reports exactLegalName when the query is a full legal name", () => {
    const name = directory("IT")[7]?.legalName ?? "";
    const [first] = allResults(searchCompanies("IT", name));
    expect(first?.matchReason.matchType).toBe("exactLegalName");
    expect(first?.legalName).toBe(name);
  });

  it("resolves German references in every accepted form to the canonical id", () => {
    for (const query of [
      "HRB 12345 B",
      "B HRB 12345",
      "12345 HRB Berlin",
      "Charlottenburg HRB 12345",
      "Berlin (Charlottenburg) HRB 12345",
    ]) {
      const results = allResults(searchCompanies("DE", query));
      expect(results, query).toHaveLength(1);
      expect(results[0]?.id).toBe("Berlin (Charlottenburg) HRB 12345");
      expect(results[0]?.matchReason).toMatchObject({ matchType: "id", identifier: { hrb: query } });
    }
    const partial = allResults(searchCompanies("DE", "HRB 12345"));
    expect(partial.length).toBeGreaterThan(1);
    for (const r of partial) {
      expect(r.matchReason.matchType).toBe("partialId");
      expect(r.id).toMatch(/ HRB 12345$/);
    }
    expect(allResults(searchCompanies("DE", "Atlantis HRB 12345"))).toEqual([]);
  });

  it("Mauritius: file number and business registration number both give the canonical file number", () => {
    const byBrn = allResults(searchCompanies("MU", "C07012345"));
    expect(byBrn.map((r) => r.id)).toEqual(["C12345"]);
    expect(byBrn[0]?.matchReason).toMatchObject({ matchType: "id", identifier: { brn: "C07012345" } });
    expect(allResults(searchCompanies("MU", "c12345")).map((r) => r.id)).toEqual(["C12345"]);
  });

  it("states which identifier matched for FR and IT numbers", () => {
    expect(allResults(searchCompanies("FR", "443 061 841"))[0]?.matchReason).toEqual({
      matchType: "id",
      identifier: { siren: "443061841" },
    });
    expect(allResults(searchCompanies("FR", "44306184100047"))[0]?.matchReason.identifier).toEqual({ siret: "44306184100047" });
    const rea = allResults(searchCompanies("IT", "RM-123456"));
    expect(rea[0]?.matchReason).toEqual({ matchType: "id", identifier: { CCIAA: "RM", "REA Code": "123456" } });
    const partial = allResults(searchCompanies("IT", "123456"));
    expect(partial.length).toBeGreaterThan(1);
    expect(partial.every((r) => r.matchReason.matchType === "partialId")).toBe(true);
  });

  it("MANY_RESULTS returns thousands of results; MATCH_REASONS one per match type; NO_RESULTS none", () => {
    expect(allResults(searchCompanies("GB", "MANY_RESULTS"))).toHaveLength(3000);
    const types = allResults(searchCompanies("FR", "MATCH_REASONS"))
      .map((r) => r.matchReason.matchType)
      .sort();
    expect(types).toEqual(["default", "exactLegalName", "id", "partialId"]);
    const none = searchCompanies("FR", "NO_RESULTS");
    expect(none.sources.length).toBeGreaterThan(1);
    expect(allResults(none)).toEqual([]);
  });

  it("transliterate romanizes names and addresses of native-script countries", () => {
    const plain = allResults(searchCompanies("RU", "Альфа"));
    const roman = allResults(searchCompanies("RU", "Альфа", { transliterate: true }));
    expect(plain.length).toBeGreaterThan(0);
    expect(roman.map((r) => r.id)).toEqual(plain.map((r) => r.id));
    expect(hasNonLatinLetters(plain[0]?.legalName ?? "")).toBe(true);
    for (const r of roman) {
      expect(hasNonLatinLetters(r.legalName)).toBe(false);
      expect(hasNonLatinLetters(r.address.addressLine1 ?? "")).toBe(false);
      expect(hasNonLatinLetters(r.address.city ?? "")).toBe(false);
      expect(r.companyNameTransliterations?.length).toBeGreaterThan(0);
      expect(r.legalNameInEnglish).toBeTruthy();
    }
    expect(allResults(searchCompanies("RU", "Alfa")).map((r) => r.id)).toEqual(plain.map((r) => r.id));
  });
});
