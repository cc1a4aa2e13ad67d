import { describe, expect, it } from "vitest";
import { defaultRiskModel, ratingForScore, ratingRose, riskModelSchema } from "./risk-model.shared";

describe("the risk model document", () => {
  it("accepts the default model", () => {
    expect(riskModelSchema.parse(defaultRiskModel)).toEqual(defaultRiskModel);
  });

  it("normalises country codes and refuses what is not one", () => {
    const parsed = riskModelSchema.safeParse({ ...defaultRiskModel, highRiskCountries: ["ir", " kp "] });
    expect(parsed.success && parsed.data.highRiskCountries).toEqual(["IR", "KP"]);
    const refused = riskModelSchema.safeParse({ ...defaultRiskModel, highRiskCountries: ["Iran"] });
    expect(refused.error?.issues[0]?.message).toBe("A country is its two-letter code (for example IR).");
  });

  it("refuses thresholds out of order and negative points, naming where", () => {
    const refused = riskModelSchema.safeParse({
      ...defaultRiskModel,
      rules: { ...defaultRiskModel.rules, uboProxy: { points: -1 } },
      thresholds: { medium: 40, high: 40 },
    });
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["rules.uboProxy.points", "Points cannot be negative."],
      ["thresholds.high", "The high threshold must be above the medium one."],
    ]);
    const outOfOrder = riskModelSchema.safeParse({ ...defaultRiskModel, thresholds: { medium: 40, high: 40 } });
    expect(outOfOrder.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["thresholds.high", "The high threshold must be above the medium one."],
    ]);
  });

  it("turns a score into a rating at the thresholds", () => {
    const thresholds = { medium: 20, high: 50 };
    expect([0, 19, 20, 49, 50, 400].map((s) => ratingForScore(s, thresholds))).toEqual(["low", "low", "medium", "medium", "high", "high"]);
  });

  it("says a rating rose only from a lower one", () => {
    expect(ratingRose("low", "medium")).toBe(true);
    expect(ratingRose("medium", "high")).toBe(true);
    expect(ratingRose("high", "medium")).toBe(false);
    expect(ratingRose("medium", "medium")).toBe(false);
    expect(ratingRose(null, "high")).toBe(false);
  });
});
