import { nodeLabel } from "../../lib/registry/graph-mermaid.shared";
import { describe, expect, it } from "vitest";
import { registryCountries, type RegistryCountry } from "../../lib/registry/countries.shared";
import { companyResponseSchema } from "../../lib/registry/schemas.shared";
import { generateCompany, type GeneratedCompany } from "./company";
import { nativeScriptCountries, subsidiaryRangeCountries } from "./country-profiles";
import { identifierFormats } from "./identifiers";
import { createRng } from "./random";
import { hasNonLatinLetters } from "./transliteration";

const request = { requestId: "req_test", companyId: "x", dataPoints: [], documents: [] };
const sampleIds = (country: RegistryCountry, count: number, seed = "company-sample") => {
  const rng = createRng(seed, country);
  return Array.from({ length: count }, () => identifierFormats[country].generate(rng));
};
/** Generates companies until `predicate` holds for `wanted` of them. */
function findCompanies(country: RegistryCountry, predicate: (c: GeneratedCompany) => boolean, wanted = 1): GeneratedCompany[] {
  const found: GeneratedCompany[] = [];
  for (const id of sampleIds(country, 400, `find-${country}`)) {
    const company = generateCompany(country, id);
    if (predicate(company)) found.push(company);
    if (found.length >= wanted) break;
  }
  return found;
}

describe("generateCompany", () => {
  it("is deterministic: the same country and id give the same company, different ids different ones", () => {
    for (const country of ["FR", "DE", "CH", "CN"] as const) {
      const [a, b] = sampleIds(country, 2);
      expect(generateCompany(country, a ?? "")).toEqual(generateCompany(country, a ?? ""));
      expect(generateCompany(country, a ?? "").sections.company.legalName).toBeDefined();
      expect(generateCompany(country, a ?? "")).not.toEqual(generateCompany(country, b ?? ""));
    }
  });

  it("treats other spellings of an id as the same company", () => {
    expect(generateCompany("FR", "443 061 841")).toEqual(generateCompany("FR", "443061841"));
    expect(generateCompany("DE", "HRB 12345 B").sections.company.id).toBe("Berlin (Charlottenburg) HRB 12345");
    expect(generateCompany("MU", "c12345").id).toBe("C12345");
  });

  it("parses with companyResponseSchema for a sample of ids in every country", { timeout: 20_000 }, () => {
    for (const country of registryCountries) {
      for (const id of sampleIds(country, 8)) {
        const generated = generateCompany(country, id);
        const parsed = companyResponseSchema.safeParse({ request, ...generated.sections });
        expect(parsed.success, `${country} ${id}: ${parsed.error?.message}`).toBe(true);
        expect(generated.sections.company.id).toBe(id);
        expect(generated.sections.company.countryCode).toBe(country);
      }
    }
  });

  it("uses ISO 20275 legal forms, ISO 5009 roles and NACE/ISIC activities", () => {
    const { sections } = generateCompany("FR", sampleIds("FR", 1)[0] ?? "");
    expect(sections.company.legalForm?.iso20275Code).toMatch(/^[A-Z0-9]{4}$/);
    expect(sections.company.activities?.NACE?.[0]?.code).toMatch(/^\d{2}\.\d{2}$/);
    expect(sections.company.activities?.ISIC?.[0]?.code).toMatch(/^\d{4}$/);
    expect(sections.company.activities?.NAF_2025?.[0]?.code).toMatch(/^\d{2}\.\d{2}[A-Z]$/);
    for (const rep of sections.legalRepresentatives) expect((rep.role as { iso5009Code?: string }).iso5009Code).toMatch(/^[A-Z0-9]{6}$/);
  });

  it("gives native-script companies transliterations and English names", () => {
    for (const country of nativeScriptCountries) {
      for (const id of sampleIds(country, 5)) {
        const { company } = generateCompany(country, id).sections;
        expect(hasNonLatinLetters(company.legalName ?? "")).toBe(true);
        expect(company.companyNameTransliterations?.length).toBeGreaterThan(0);
        for (const t of company.companyNameTransliterations ?? []) expect(hasNonLatinLetters(t)).toBe(false);
        expect(hasNonLatinLetters(company.legalNameInEnglish ?? "x")).toBe(false);
        expect(company.legalNameInEnglish).toBeTruthy();
      }
    }
    expect(generateCompany("FR", sampleIds("FR", 1)[0] ?? "").sections.company.companyNameTransliterations).toBeUndefined();
  });

  it("Switzerland: signing people are legal representatives with a representation mode, the others key persons", () => {
    const swiss = findCompanies("CH", (c) => c.entityKind === "company" && !!c.sections.otherKeyPersons, 10);
    expect(swiss.length).toBe(10);
    for (const company of swiss) {
      for (const rep of company.sections.legalRepresentatives) {
        expect(rep.representationMode).toBeTruthy();
        expect(rep.representationMode?.mode).toMatch(/^(sole|joint)$/);
        expect(rep.signingAuthority?.derivedFrom).toBe("ai");
      }
      const board = company.sections.otherKeyPersons?.filter((p) => p.corporateBody === "board") ?? [];
      expect(board.length).toBeGreaterThan(0);
      expect(company.sections.otherKeyPersons?.some((p) => p.corporateBody === "audit")).toBe(true);
      for (const member of board) expect(member).not.toHaveProperty("representationMode");
    }
  });

  it("Switzerland without a register extract: otherKeyPersons fails with no_document_available", () => {
    const company = generateCompany("CH", "NO_DOCUMENTS");
    expect(company.applicability.datapoints.otherKeyPersons?.code).toBe("no_document_available");
    expect(company.applicability.datapoints.otherKeyPersons?.billed).toBe(false);
    expect(company.sections.otherKeyPersons).toBeUndefined();
    expect(company.applicability.documents.tradeRegisterExtract?.code).toBe("no_document_available");
  });

  it("Czech joint-stock companies have an empty shareholder list, limited companies do not", () => {
    expect(generateCompany("CZ", "JOINT_STOCK").sections.shareholders).toEqual([]);
    const [as] = findCompanies("CZ", (c) => c.sections.company.legalForm?.localName === "Akciová společnost");
    expect(as?.sections.shareholders).toEqual([]);
    const [sro] = findCompanies("CZ", (c) => c.sections.company.legalForm?.localName === "Společnost s ručením omezeným");
    expect(sro?.sections.shareholders?.length).toBeGreaterThan(0);
  });

  it("sole entrepreneurs and non-profits: shareholders are not applicable; the person is representative and 100% UBO", () => {
    for (const country of registryCountries) {
      const sole = generateCompany(country, "SOLE_TRADER");
      if (sole.entityKind !== "sole_entrepreneur") continue;
      expect(sole.applicability.datapoints.shareholders?.code).toBe("datapoint_not_applicable");
      expect(sole.sections.shareholders).toBeUndefined();
      const [ubo] = sole.sections.ultimateBeneficialOwners;
      expect(ubo?.control?.details?.[0]).toMatchObject({ percentageValue: 100, nature: "direct" });
      expect(sole.sections.legalRepresentatives[0]?.individual?.name?.fullName).toBe(ubo?.name?.fullName);
    }
    const association = generateCompany("FR", "NON_PROFIT");
    expect(association.entityKind).toBe("non_profit");
    expect(association.applicability.datapoints.shareholders?.code).toBe("datapoint_not_applicable");
    expect(association.sections.company.capital).toBeUndefined();
    expect(association.sections.legalRepresentatives.length).toBeGreaterThanOrEqual(3);
  });

  it("subsidiaries in FR, BE, DE and GB use ranges and never a midpoint; some carry no percentage", () => {
    for (const country of subsidiaryRangeCountries) {
      const { subsidiaries } = generateCompany(country, "SUBSIDIARIES").sections;
      expect(subsidiaries.length).toBe(12);
      const ranged = subsidiaries.filter((s) => s.sharePercentageRange);
      expect(ranged.length).toBeGreaterThan(0);
      for (const s of ranged) {
        expect(s.sharePercentage).toBeUndefined();
        expect(s.totalSharePercentage).toBeUndefined();
        expect(s.sharePercentageRange?.lower).toBeLessThan(s.sharePercentageRange?.upper ?? 0);
      }
      expect(subsidiaries.some((s) => s.sharePercentage === undefined && s.sharePercentageRange === undefined)).toBe(true);
    }
    expect(generateCompany("IT", "SUBSIDIARIES").sections.subsidiaries.every((s) => s.sharePercentageRange === undefined)).toBe(true);
  });

  it("shareholders and UBOs agree with the ownership graph", () => {
    const { sections } = generateCompany("FR", "OWNERSHIP_DIAMOND");
    const root = sections.graph.nodes.find((n) => n.flags?.isRoot);
    const direct = sections.graph.edges.filter((e) => e.toId === root?.nodeId);
    expect(sections.shareholders?.map((s) => s.sharePercentage).sort()).toEqual(direct.map((e) => e.percentage).sort());
    expect(
      sections.ultimateBeneficialOwners.map((u) => u.control?.details?.reduce((sum, d) => sum + (d.percentageValue ?? 0), 0)).sort(),
    ).toEqual([34, 50]);
    expect(
      sections.graph.nodes
        .filter((n) => n.flags?.isUbo)
        .map((n) => nodeLabel(n))
        .sort(),
    ).toEqual(sections.ultimateBeneficialOwners.map((u) => u.name?.fullName).sort());
  });

  it("documents carry source; financial statements carry extracted data over several years", () => {
    const [company] = findCompanies("DE", (c) => c.entityKind === "company");
    const docs = company?.sections.documents;
    expect(company?.sections.availableDocuments.length).toBeGreaterThan(3);
    for (const doc of company?.sections.availableDocuments ?? []) {
      expect(doc.source?.register).toBeTruthy();
      expect(doc.price).toBeGreaterThanOrEqual(0);
      expect(doc.nameInEnglish).toBeTruthy();
    }
    const statements = docs?.financialStatements ?? [];
    expect(statements.length).toBeGreaterThanOrEqual(3);
    const years = statements.map((s) => s.extractedFinancialData?.fiscalYear);
    expect(new Set(years).size).toBe(statements.length);
    const analysis = statements[statements.length - 1]?.extractedFinancialData?.analysis;
    expect(analysis?.healthScore).toBeGreaterThanOrEqual(0);
    expect(analysis?.ratios?.currentRatio).toBeGreaterThan(0);
    expect(analysis?.insights?.map((i) => i.category)).toEqual(["liquidity", "profitability", "solvency", "growth"]);
    expect(analysis?.trends?.revenueDirection).toMatch(/increasing|decreasing|stable/);
    expect(docs?.lastFiscalYearFinancialStatement?.id).toBe(statements[statements.length - 1]?.id);
  });

  it("documents that cannot exist are no_document_available", () => {
    const sole = generateCompany("DE", "SOLE_TRADER");
    expect(sole.applicability.documents.financialStatements?.code).toBe("no_document_available");
    expect(sole.sections.documents.financialStatements).toBeUndefined();
    const none = generateCompany("GB", "NO_DOCUMENTS");
    expect(none.sections.availableDocuments).toEqual([]);
    expect(Object.keys(none.applicability.documents)).toContain("tradeRegisterExtract");
  });

  it("LARGE has 500 people and a 2,000-node graph (its speed is bench:simulator's)", { timeout: 20_000 }, () => {
    const { sections } = generateCompany("DE", "LARGE");
    const people =
      sections.legalRepresentatives.length +
      (sections.otherKeyPersons?.length ?? 0) +
      (sections.shareholders?.filter((s) => s.type === "individual").length ?? 0);
    expect(people).toBe(500);
    expect(sections.graph.nodes.length).toBe(2000);
  });
});
