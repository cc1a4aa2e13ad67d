import { describe, expect, it } from "vitest";
import { registryCountries } from "../../lib/registry/countries";
import { companyResponseSchema } from "../../lib/registry/schemas";
import { generateCompany } from "./company";
import { dataSpecialIds, specialCompanyIds, specialSearchQueries, asSpecialCompanyId } from "./special-ids";

describe("special ids", () => {
  it("documents every special id and query once", () => {
    const ids = dataSpecialIds.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual([...specialCompanyIds, ...specialSearchQueries].sort());
    for (const s of dataSpecialIds) expect(s.description.length).toBeGreaterThan(20);
    expect(asSpecialCompanyId(" sparse ")).toBe("SPARSE");
    expect(asSpecialCompanyId("443061841")).toBeUndefined();
  });

  it("every special id gives a valid response in the key countries and, by rotation, in every country", { timeout: 20_000 }, () => {
    const keyCountries = ["FR", "DE", "GB", "CH", "CZ", "CN", "MU", "RU"];
    const ids = specialCompanyIds.filter((s) => s !== "LARGE");
    for (const [index, country] of registryCountries.entries()) {
      const rotated = ids.filter((_, i) => i % 5 === index % 5);
      for (const id of keyCountries.includes(country) ? ids : rotated) {
        const generated = generateCompany(country, id);
        const parsed = companyResponseSchema.safeParse({ request: { requestId: "r" }, ...generated.sections });
        expect(parsed.success, `${country} ${id}: ${parsed.error?.message}`).toBe(true);
        expect(generated.special).toBe(id);
      }
    }
  });

  it("SPARSE keeps only the mandatory fields and omits empty addresses", () => {
    const { sections } = generateCompany("FR", "SPARSE");
    expect(Object.keys(sections.company).sort()).toEqual(["countryCode", "id", "identifiers", "legalName"]);
    expect(sections.company.legalAddress).toBeUndefined();
    expect(sections.shareholders).toEqual([]);
    expect(sections.subsidiaries).toEqual([]);
    expect(sections.availableDocuments).toEqual([]);
    expect(Object.keys(sections.legalRepresentatives[0]?.individual ?? {})).toEqual(["name"]);
  });

  it("UNICODE and LONG_NAMES stress names and addresses", () => {
    const unicode = generateCompany("DE", "UNICODE").sections.company;
    expect(unicode.legalName).toMatch(/\u0301/);
    expect(unicode.legalName).toMatch(/\p{Extended_Pictographic}/u);
    expect(unicode.legalName).toMatch(/[\u0600-\u06ff]/);
    expect(unicode.legalName).toMatch(/[\u4e00-\u9fff]/);
    const long = generateCompany("GB", "LONG_NAMES").sections.company;
    expect(long.legalName?.length).toBeGreaterThan(500);
    expect(long.legalAddress?.addressLine1?.length).toBeGreaterThan(500);
    expect(long.legalName?.split(" ").some((word) => word.length >= 150)).toBe(true);
  });

  it("DISSOLVED and INACTIVE carry their status", () => {
    const dissolved = generateCompany("FR", "DISSOLVED").sections;
    expect(dissolved.company.status).toMatchObject({ active: false, statusDetails: { status: "CLOSED" } });
    expect(dissolved.company.status?.statusDetails?.closureDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(dissolved.company.complianceFlags?.liquidated?.active).toBe(true);
    expect(dissolved.legalRepresentatives.some((r) => r.role?.standardized === "Liquidator")).toBe(true);
    const inactive = generateCompany("GB", "INACTIVE").sections.company;
    expect(inactive.status?.statusDetails?.status).toBe("INACTIVE_NOT_CLOSED");
    expect(inactive.statutoryFilings?.accounts?.next?.overdue).toBe(true);
  });
});
