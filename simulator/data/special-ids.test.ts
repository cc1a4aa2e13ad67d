import { describe, expect, it } from "vitest";
import { registryCountries } from "../../lib/registry/countries.shared";
import { companyResponseSchema } from "../../lib/registry/schemas.shared";
import { SimClock } from "../clock";
import { companyData } from "../company-data";
import { initialState } from "../state";
import { generateCompany } from "./company";
import {
  asSpecialCompanyId,
  dataSpecialIds,
  flagSpecialIds,
  highRiskCountries,
  specialCompanyIds,
  specialSearchQueries,
} from "./special-ids";
import { addDays } from "./values";
import { daysSinceReference, movedTo } from "./young";

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

describe("risk special ids", () => {
  const countries = ["FR", "DE", "GB", "CH", "LU", "MU", "CN", "CY"] as const;
  const activeFlags = (flags: Record<string, unknown> | undefined) =>
    Object.entries(flags ?? {})
      .filter(([, flag]) => (flag as { active?: boolean } | undefined)?.active)
      .map(([name]) => name);

  it("each FLAG_ id has its flag, and only it, active with dates and a source, deterministically, in any country", () => {
    for (const [id, flag] of Object.entries(flagSpecialIds)) {
      for (const country of countries) {
        const generated = generateCompany(country, id);
        expect(generateCompany(country, id)).toEqual(generated);
        const { company } = generated.sections;
        expect(activeFlags(company.complianceFlags), `${country} ${id}`).toEqual([flag]);
        const value = company.complianceFlags?.[flag];
        expect(value?.since, `${country} ${id}`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect((value?.since ?? "") > (company.incorporationDate ?? "9999"), `${country} ${id}`).toBe(true);
        expect(value?.source).toBeTruthy();
        expect(company.status?.statusDetails?.status).toBe("ACTIVE");
        const overdue = [company.statutoryFilings?.accounts?.next?.overdue, company.statutoryFilings?.annualFiling?.next?.overdue];
        expect(overdue, `${country} ${id}`).toEqual([flag === "accountsOverdue", flag === "annualFilingOverdue"]);
      }
    }
    const accounts = generateCompany("GB", "FLAG_ACCOUNTS_OVERDUE").sections.company;
    expect(accounts.complianceFlags?.accountsOverdue?.dueDate).toBe(accounts.statutoryFilings?.accounts?.next?.dueDate);
    const annual = generateCompany("IE", "FLAG_ANNUAL_FILING_OVERDUE").sections.company;
    expect(annual.complianceFlags?.annualFilingOverdue?.dueDate).toBe(annual.statutoryFilings?.annualFiling?.next?.dueDate);
    expect(generateCompany("GB", "FLAG_INSOLVENCY_HISTORY").sections.company.complianceFlags?.insolvencyHistory).toMatchObject({
      active: true,
      since: "2017-05-22",
      lastUpdatedOn: "2019-02-28",
    });
    // The other flags a register reports are there, cleared.
    expect(Object.keys(generateCompany("GB", "FLAG_REGISTERED_CHARGES").sections.company.complianceFlags ?? {}).sort()).toEqual([
      "accountsOverdue",
      "annualFilingOverdue",
      "insolvencyHistory",
      "registeredCharges",
    ]);
  });

  it("UBO_PROXY: no person above 25%, the senior managing official declared, the controlling parent flagged isUboProxy", () => {
    for (const country of countries) {
      const { sections } = generateCompany(country, "UBO_PROXY");
      const [ubo, ...others] = sections.ultimateBeneficialOwners;
      expect(others, country).toEqual([]);
      expect(ubo?.control).toMatchObject({ types: ["significant-influence-or-control"], details: [] });
      expect(ubo?.name?.fullName).toBeTruthy();
      const nodes = sections.graph.nodes ?? [];
      expect(
        nodes.filter((n) => n.flags?.isUbo),
        country,
      ).toEqual([]);
      const proxies = nodes.filter((n) => n.flags?.isUboProxy);
      expect(
        proxies.map((n) => n.type),
        country,
      ).toEqual(["company"]);
      expect(nodes.filter((n) => n.type === "individual").every((n) => (n.totalOwnershipPercentage ?? 0) <= 25)).toBe(true);
      expect(sections.graph.description).toContain("UBO proxy");
    }
    // Any other company keeps isUboProxy false.
    const diamond = generateCompany("FR", "OWNERSHIP_DIAMOND").sections.graph.nodes ?? [];
    expect(diamond.some((n) => n.flags?.isUboProxy)).toBe(false);
  });

  it("NO_UBO: owners, but no beneficial owner identified and no proxy", () => {
    for (const country of countries) {
      const { sections } = generateCompany(country, "NO_UBO");
      expect(sections.ultimateBeneficialOwners, country).toEqual([]);
      expect(sections.shareholders?.length).toBe(4);
      expect((sections.graph.nodes ?? []).some((n) => n.flags?.isUbo || n.flags?.isUboProxy)).toBe(false);
    }
  });

  it("FOREIGN_OWNERS: owners in four countries (one in IR, a UBO) and a director resident in MM", () => {
    for (const country of countries) {
      const { sections } = generateCompany(country, "FOREIGN_OWNERS");
      const ownerCountries = (sections.shareholders ?? []).map(
        (s) => s.company?.countryCode ?? s.individual?.residenceAddress?.countryCode,
      );
      expect(new Set(ownerCountries).size, country).toBe(4);
      expect(ownerCountries).toContain(highRiskCountries.shareholder);
      expect(ownerCountries).toContain(country);
      const iranian = sections.ultimateBeneficialOwners.find((u) => u.nationality === "IR");
      expect(iranian?.residenceAddress).toMatchObject({ countryCode: "IR", city: "Tehran" });
      expect(iranian?.control?.details).toEqual([{ type: "shares", percentageValue: 30, nature: "direct" }]);
      const officerCountries = sections.legalRepresentatives.map((r) => r.individual?.residenceAddress?.countryCode);
      expect(officerCountries, country).toContain(highRiskCountries.officer);
      expect(new Set(officerCountries).size).toBeGreaterThanOrEqual(3);
      expect((sections.graph.nodes ?? []).some((n) => n.individual?.nationality === "IR")).toBe(true);
    }
  });

  it("YOUNG: incorporated about three months before the reference date, with nothing filed yet", () => {
    for (const country of countries) {
      const generated = generateCompany(country, "YOUNG");
      const { company } = generated.sections;
      const age = daysSinceReference(company.incorporationDate!) * -1;
      expect(age, country).toBeGreaterThanOrEqual(85);
      expect(age, country).toBeLessThanOrEqual(95);
      expect(company.statutoryFilings?.accounts?.lastFiled).toBeUndefined();
      expect(company.statutoryFilings?.accounts?.next).toMatchObject({ periodStart: company.incorporationDate, overdue: false });
      expect(activeFlags(company.complianceFlags)).toEqual([]);
      expect(generated.applicability.documents.financialStatements?.code).toBe("no_document_available");
      for (const rep of generated.sections.legalRepresentatives) expect(rep.startDate! >= company.incorporationDate!).toBe(true);
    }
  });

  it("YOUNG moves to any today: every date shifts alike, the filing calendar follows the new incorporation date", () => {
    const generated = generateCompany("GB", "YOUNG");
    const moved = movedTo(generated, "2027-07-15");
    const before = generated.sections.company;
    const after = moved.sections.company;
    const shift = daysSinceReference("2027-07-15");
    expect(after.incorporationDate).toBe(addDays(before.incorporationDate!, shift));
    expect(after.registrationDate).toBe(addDays(before.registrationDate!, shift));
    expect(moved.sections.legalRepresentatives[0]?.startDate).toBe(addDays(generated.sections.legalRepresentatives[0]!.startDate!, shift));
    expect(after.statutoryFilings?.accounts?.next?.periodStart).toBe(after.incorporationDate);
    expect(after.statutoryFilings?.accounts?.financialYearEnd).toBe(after.statutoryFilings?.accounts?.next?.periodEnd?.slice(5));
    expect(moved.sections.availableDocuments.find((d) => d.type === "uncertified_trade_register_extract")?.date).toBe("2027-07-15");
    expect(movedTo(generated, "2027-07-15")).toEqual(moved);
    // Other companies never move.
    const other = generateCompany("GB", "FLAG_REGISTERED_CHARGES");
    expect(movedTo(other, "2027-07-15")).toBe(other);
  });

  it("YOUNG stays about three months old on the simulator's clock, also after the clock is advanced", () => {
    const state = initialState(100);
    const incorporatedDaysAgo = () => {
      const company = companyData(state, "DE", "YOUNG").sections.company as { incorporationDate: string };
      const today = new SimClock(state.clockOffsetMs).now().toISOString().slice(0, 10);
      return -daysSinceReference(company.incorporationDate) + daysSinceReference(today);
    };
    const age = incorporatedDaysAgo();
    expect(age).toBeGreaterThanOrEqual(85);
    expect(age).toBeLessThanOrEqual(95);
    state.clockOffsetMs = 400 * 24 * 3600_000;
    expect(incorporatedDaysAgo()).toBe(age);
  });
});
