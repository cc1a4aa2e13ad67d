import { describe, expect, it } from "vitest";
import { modelChangeLines, modelPublicationLines } from "./model-changes.shared";
import { defaultRiskModel, type RiskModel } from "./risk-model.shared";

const edited = (change: (model: RiskModel) => void): RiskModel => {
  const model = structuredClone(defaultRiskModel);
  change(model);
  return model;
};

describe("modelChangeLines", () => {
  it("says nothing for the same model", () => {
    expect(modelChangeLines(defaultRiskModel, structuredClone(defaultRiskModel))).toEqual([]);
  });

  it("names each rule's points and parameter, each flag's weight, the lists and the thresholds in words", () => {
    const after = edited((model) => {
      model.rules.listedCountry.points = 50;
      model.rules.youngCompany.months = 24;
      model.rules.complianceFlags.points.accountsOverdue = 25;
      model.highRiskCountries = ["IR", "KP", "RU"];
      model.legalForms = ["Trust"];
      model.thresholds = { medium: 25, high: 50 };
    });
    expect(modelChangeLines(defaultRiskModel, after)).toEqual([
      "Registered in a listed country: points 40 → 50",
      "Compliance flags, Accounts overdue: points 10 → 25",
      "Young company: months since incorporation 12 → 24",
      "High-risk countries: added Russia (RU); removed Myanmar (Burma) (MM)",
      "Legal forms: added “Trust”",
      "Threshold for Medium: 20 → 25 points",
    ]);
  });

  it("reads legal forms without regard to case, as the rule matches them", () => {
    const before = edited((model) => (model.legalForms = ["Trust", "Foundation"]));
    const after = edited((model) => (model.legalForms = ["TRUST", "LLP"]));
    expect(modelChangeLines(before, after)).toEqual(["Legal forms: added “LLP”; removed “Foundation”"]);
  });
});

describe("modelPublicationLines", () => {
  it("says what a publication changes against the version it was edited from, in words", () => {
    const model = edited((model) => {
      model.rules.deepOwnership.layers = 6;
      model.highRiskCountries.push("RU");
    });
    const details = { model, note: "Russia listed", baseVersion: 2 };
    expect(modelPublicationLines(details, defaultRiskModel)).toEqual([
      "Edited from version 2; it changes:",
      "Deep ownership: most holding layers 4 → 6",
      "High-risk countries: added Russia (RU)",
    ]);
    expect(modelPublicationLines({ ...details, baseVersion: null }, model)).toEqual([
      "Edited from the default model; it changes nothing in the rules, lists or thresholds.",
    ]);
    expect(modelPublicationLines(details, undefined)).toEqual([
      "Edited from version 2 (no longer stored: compare under Technical details)",
    ]);
    expect(modelPublicationLines({ model: { rules: {} }, note: "x", baseVersion: 2 }, defaultRiskModel)).toEqual([
      "Its model cannot be read: approving it publishes nothing.",
    ]);
  });
});
