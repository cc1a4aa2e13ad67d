import { describe, expect, it } from "vitest";
import { searchResultsSchema } from "../../lib/registry/schemas.shared";
import { generateCompany } from "./company";
import { allResults, directory, searchCompanies, testCompanyIdentifier, testCompanyIds } from "./search";
import { flagSpecialIds } from "./special-ids";
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

  describe("sandbox test companies", () => {
    const ids = (country: Parameters<typeof searchCompanies>[0], query: string) =>
      allResults(searchCompanies(country, query)).map((r) => r.id);

    it("are found by a word of their name, first, with the generated company's name and address", () => {
      for (const country of ["FR", "DE", "RU", "MU"] as const) {
        const [diamond] = allResults(searchCompanies(country, "diamond"));
        expect(diamond?.id, country).toBe("OWNERSHIP_DIAMOND");
        expect(diamond?.matchReason).toEqual({ matchType: "partialId", identifier: { [testCompanyIdentifier]: "OWNERSHIP_DIAMOND" } });
        const company = generateCompany(country, "OWNERSHIP_DIAMOND").sections.company;
        expect(diamond?.legalName).toBe(company.legalName);
        expect(diamond?.address).toEqual(company.legalAddress);
        expect(ids(country, "large")[0], country).toBe("LARGE");
      }
      expect(ids("DE", "ownership").slice(0, 3).sort()).toEqual(["OWNERSHIP_CYCLE", "OWNERSHIP_DEEP", "OWNERSHIP_DIAMOND"]);
      expect(ids("GB", "own dia")).toEqual(["OWNERSHIP_DIAMOND"]);
      expect(ids("GB", "slow")[0]).toBe("SLOW_DELIVERY");
      expect(ids("GB", "monitor stale")[0]).toBe("MONITOR_STALE");
      expect(ids("GB", "source unavailable")[0]).toBe("SOURCE_UNAVAILABLE");
    });

    it("find the risk ids by name too: `flag` lists the six flag ids first, `young`, `ubo proxy`, `foreign` one each", () => {
      const flagIds = Object.keys(flagSpecialIds);
      expect(testCompanyIds).toEqual(expect.arrayContaining([...flagIds, "UBO_PROXY", "NO_UBO", "FOREIGN_OWNERS", "YOUNG"]));
      expect(ids("FR", "flag").slice(0, 6).sort()).toEqual([...flagIds].sort());
      expect(ids("DE", "flag overdue").slice(0, 3).sort()).toEqual([
        "FLAG_ACCOUNTS_OVERDUE",
        "FLAG_ANNUAL_FILING_OVERDUE",
        "FLAG_UBO_CONFIRMATION_OVERDUE",
      ]);
      expect(ids("GB", "young")[0]).toBe("YOUNG");
      expect(ids("GB", "foreign")[0]).toBe("FOREIGN_OWNERS");
      const [proxy] = allResults(searchCompanies("LU", "ubo proxy"));
      expect(proxy?.id).toBe("UBO_PROXY");
      expect(proxy?.matchReason.matchType).toBe("id");
      expect(ids("NL", "no ubo")[0]).toBe("NO_UBO");
    });

    it("the whole id, in any case and with spaces or underscores, is an identifier match", () => {
      for (const query of ["OWNERSHIP_DIAMOND", "ownership_diamond", "Ownership Diamond", " ownership  diamond "]) {
        const [first] = allResults(searchCompanies("FR", query));
        expect(first?.id, query).toBe("OWNERSHIP_DIAMOND");
        expect(first?.matchReason.matchType, query).toBe("id");
      }
      expect(allResults(searchCompanies("FR", "LARGE"))[0]?.matchReason.matchType).toBe("id");
    });

    it("covers every special company id except the search's own error, and leaves other searches alone", () => {
      expect(testCompanyIds).toEqual(
        expect.arrayContaining(["LARGE", "SLOW_DELIVERY", "MONITOR_ERROR", "RATE_LIMITED", "SOURCE_UNAVAILABLE"]),
      );
      expect(testCompanyIds).not.toContain("SERVICE_UNAVAILABLE");
      for (const id of testCompanyIds) expect(ids("NL", id)[0], id).toBe(id);
      // A word must begin a word of the name: "iamond" is no match, and names without such a word get no test company.
      expect(ids("FR", "iamond")).not.toContain("OWNERSHIP_DIAMOND");
      for (const query of ["Nordlicht", "Horizon", "Holding"]) {
        expect(
          ids("DE", query).some((id) => testCompanyIds.includes(id)),
          query,
        ).toBe(false);
      }
      expect(ids("FR", "NO_RESULTS")).toEqual([]);
    });

    it("transliterates the native-script names of test companies like any other result", () => {
      const [plain] = allResults(searchCompanies("RU", "diamond"));
      const [roman] = allResults(searchCompanies("RU", "diamond", { transliterate: true }));
      expect(hasNonLatinLetters(plain?.legalName ?? "")).toBe(true);
      expect(hasNonLatinLetters(roman?.legalName ?? "")).toBe(false);
      expect(roman?.id).toBe("OWNERSHIP_DIAMOND");
    });
  });
});
