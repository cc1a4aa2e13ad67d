import { describe, expect, it } from "vitest";
import { allComparedSections, datapointsForCategories, mapCategories, sectionsForDatapoints } from "./what-changed-datapoints";

describe("datapointsForCategories", () => {
  it("maps status, address, financial and other to the company profile, once", () => {
    expect(datapointsForCategories(["status", "address", "financial", "other"])).toEqual(["company"]);
  });

  it("maps ownership to shareholders, UBOs and the ownership graph", () => {
    expect(datapointsForCategories(["ownership"])).toEqual(["shareholders", "ultimateBeneficialOwners", "graph"]);
  });

  it("maps legal representatives to their datapoint, and disappeared to the company profile", () => {
    expect(datapointsForCategories(["legalRepresentatives", "disappeared"])).toEqual(["legalRepresentatives", "company"]);
  });

  it("keeps the order in which categories first name a datapoint", () => {
    expect(datapointsForCategories(["ownership", "address", "legalRepresentatives"])).toEqual([
      "shareholders",
      "ultimateBeneficialOwners",
      "graph",
      "company",
      "legalRepresentatives",
    ]);
  });
});

describe("mapCategories", () => {
  it("re-reads the company profile for an unknown category, and says so plainly", () => {
    const [mapping] = mapCategories(["sanctions"]);
    expect(mapping).toEqual({ category: "sanctions", datapoints: ["company"], note: expect.stringContaining('"sanctions"') });
    expect(mapping?.note).toContain("does not know");
  });

  it("explains disappeared, and adds no note to the plain mappings", () => {
    const [disappeared, address] = mapCategories(["disappeared", "address"]);
    expect(disappeared?.note).toMatch(/left the register/);
    expect(address?.note).toBeUndefined();
  });
});

describe("sectionsForDatapoints", () => {
  it("compares the sections the datapoints fill", () => {
    expect(sectionsForDatapoints(["company", "graph"])).toEqual(["company", "companyRelationships", "graph"]);
    expect(allComparedSections).toEqual(expect.arrayContaining(["company", "shareholders", "legalRepresentatives", "graph"]));
    expect(allComparedSections).not.toContain("request");
  });
});
