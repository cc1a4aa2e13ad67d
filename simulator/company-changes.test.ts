import { describe, expect, it } from "vitest";
import { categoriesOfFields, categoryOfField, changedFields, fieldDigests } from "./company-changes";

describe("company changes", () => {
  it("maps each changed field to its monitor category", () => {
    expect(
      Object.fromEntries(
        [
          "company.status",
          "company.complianceFlags",
          "company.legalAddress",
          "company.capital",
          "company.statutoryFilings",
          "shareholders",
          "ultimateBeneficialOwners",
          "graph",
          "legalRepresentatives",
          "company.legalName",
          "company.website",
          "otherKeyPersons",
          "establishments",
          "subsidiaries",
        ].map((key) => [key, categoryOfField(key)]),
      ),
    ).toEqual({
      "company.status": "status",
      "company.complianceFlags": "status",
      "company.legalAddress": "address",
      "company.capital": "financial",
      "company.statutoryFilings": "financial",
      shareholders: "ownership",
      ultimateBeneficialOwners: "ownership",
      graph: "ownership",
      legalRepresentatives: "legalRepresentatives",
      "company.legalName": "other",
      "company.website": "other",
      otherKeyPersons: "other",
      establishments: "other",
      subsidiaries: "other",
    });
  });

  it("lists categories once each, in the spec's order", () => {
    expect(categoriesOfFields(["company.website", "shareholders", "company.legalAddress", "graph", "company.status"])).toEqual([
      "status",
      "address",
      "ownership",
      "other",
    ]);
    expect(categoriesOfFields([])).toEqual([]);
  });

  it("finds the fields that moved, per company field and per section, ignoring key order", () => {
    const before = fieldDigests({
      company: { legalName: "Acme", legalAddress: { city: "Lyon", postalCode: "69001" }, website: "acme.fr" },
      shareholders: [{ name: "A" }],
      legalRepresentatives: [{ name: "B" }],
    });
    const after = fieldDigests({
      company: { legalName: "Acme", legalAddress: { postalCode: "69001", city: "Lyon" }, capital: { amount: 1 } },
      shareholders: [{ name: "A" }, { name: "C" }],
      legalRepresentatives: [{ name: "B" }],
    });
    expect(changedFields(before, after).sort()).toEqual(["company.capital", "company.website", "shareholders"]);
    expect(changedFields(after, after)).toEqual([]);
  });
});
