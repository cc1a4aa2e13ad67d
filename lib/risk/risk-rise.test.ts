import { describe, expect, it } from "vitest";
import { evaluateRisk } from "./evaluate-risk";
import { riskFacts, type RiskFile } from "./risk-facts";
import { defaultRiskModel } from "./risk-model.shared";
import { riskRose } from "./risk-rise";

const at = new Date("2026-11-29T12:00:00Z");
const source = (requestId: string) => ({ requestId, version: 1, asOf: "2026-11-01T09:00:00Z" });
const active = { status: { active: true, statusDetails: { status: "ACTIVE" } } };
const liquidated = { ...active, complianceFlags: { liquidated: { active: true, since: "2026-03-03" } } };

/** The facts and the default model's rating of a file holding `sections`, each delivered by its own request. */
function rated(sections: Record<string, unknown>) {
  const file: RiskFile = {
    countryCode: "GB",
    companyId: "C1",
    companyName: "Acme Ltd",
    revision: 1,
    sections,
    sources: Object.fromEntries(Object.keys(sections).map((datapoint) => [datapoint, source(`req_${datapoint}`)])),
    graph: null,
  };
  const facts = riskFacts(file, at);
  return { facts, result: evaluateRisk(defaultRiskModel, facts) };
}
const previousOf = ({ facts, result }: ReturnType<typeof rated>) => ({ rating: result.rating, sources: facts.sources });
const { thresholds } = defaultRiskModel;

describe("whether a new rating is a rise", () => {
  it("is not, when the rating went up only by a section delivered since (a first order arriving a datapoint at a time)", () => {
    const profileOnly = rated({ company: active });
    const withOwners = rated({ company: active, ultimateBeneficialOwners: [] });
    expect([profileOnly.result.rating, withOwners.result.rating]).toEqual(["low", "medium"]);
    expect(riskRose(previousOf(profileOnly), withOwners.result, thresholds)).toBe(false);
  });

  it("is, when what the previous rating knew now weighs more, even with a new section besides", () => {
    const known = rated({ company: active, ultimateBeneficialOwners: [] });
    expect(riskRose(previousOf(known), rated({ company: liquidated, ultimateBeneficialOwners: [] }).result, thresholds)).toBe(true);
    const profileOnly = rated({ company: active });
    expect(riskRose(previousOf(profileOnly), rated({ company: liquidated, ultimateBeneficialOwners: [] }).result, thresholds)).toBe(true);
  });

  it("is not for a first rating, nor for a rating that stays or falls", () => {
    const high = rated({ company: liquidated, ultimateBeneficialOwners: [] });
    expect(riskRose(null, high.result, thresholds)).toBe(false);
    expect(riskRose(previousOf(high), high.result, thresholds)).toBe(false);
    expect(riskRose(previousOf(high), rated({ company: active }).result, thresholds)).toBe(false);
  });

  it("counts every reason when the previous rating's facts are not known", () => {
    const withOwners = rated({ company: active, ultimateBeneficialOwners: [] });
    expect(riskRose({ rating: "low", sources: null }, withOwners.result, thresholds)).toBe(true);
  });
});
