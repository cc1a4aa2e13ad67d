import { describe, expect, it } from "vitest";
import type { Graph } from "@/lib/registry/schemas.shared";
import { evaluateRisk } from "./evaluate-risk";
import { factEvidence, nextChange, peopleSighting, riskFacts, type RiskFile } from "./risk-facts";
import { defaultRiskModel, type RiskModel } from "./risk-model.shared";

const at = new Date("2026-11-29T12:00:00Z");
const source = (requestId: string, asOf = "2026-11-01T09:00:00Z") => ({ requestId, version: 1, asOf });

function file(sections: Record<string, unknown>, graph: Graph | null = null, countryCode = "GB"): RiskFile {
  return {
    countryCode,
    companyId: "C1",
    companyName: "Acme Ltd",
    revision: 3,
    sections,
    sources: {
      company: source("req_company"),
      ultimateBeneficialOwners: source("req_ubo", "2026-10-01T09:00:00Z"),
      legalRepresentatives: source("req_reps"),
      graph: source("req_graph"),
    },
    graph,
  };
}

const owner = (name: string, percent?: number, nationality = "GB") => ({
  name: { fullName: name },
  nationality,
  control: percent === undefined ? {} : { details: [{ percentageValue: percent }] },
});

const clean = { company: { status: { active: true, statusDetails: { status: "ACTIVE" } } }, ultimateBeneficialOwners: [owner("Ada", 60)] };

/** Every rule off but one. */
function only(rule: keyof RiskModel["rules"]): RiskModel {
  const zero = Object.fromEntries(
    Object.entries(defaultRiskModel.rules).map(([id, r]) => [
      id,
      id === "complianceFlags"
        ? { points: Object.fromEntries(Object.keys(defaultRiskModel.rules.complianceFlags.points).map((f) => [f, 0])) }
        : { ...r, points: 0 },
    ]),
  ) as RiskModel["rules"];
  return { ...defaultRiskModel, rules: { ...zero, [rule]: defaultRiskModel.rules[rule] } };
}

describe("risk facts", () => {
  it("take each fact with its evidence: field, value, as-of time and request", () => {
    const facts = riskFacts(
      file({
        company: {
          complianceFlags: { accountsOverdue: { active: true, since: "2026-03-03" }, liquidated: { active: false } },
          incorporationDate: "2026-05-10",
        },
        ultimateBeneficialOwners: [
          owner("Ada", 10),
          { name: { fullName: "Bo" }, control: { details: [{ percentageRange: { lower: 20, upper: 30 } }] } },
        ],
      }),
      at,
    );
    expect(facts.company?.flags).toEqual([{ name: "accountsOverdue", since: "2026-03-03", dueDate: null }]);
    expect(facts.sources.company).toEqual({ requestId: "req_company", asOf: "2026-11-01T09:00:00Z" });
    expect(factEvidence(facts, "company", "company.complianceFlags.accountsOverdue", true)).toEqual({
      field: "company.complianceFlags.accountsOverdue",
      value: true,
      asOf: "2026-11-01T09:00:00Z",
      requestId: "req_company",
    });
    expect(facts.beneficialOwners).toEqual({ count: 2, highestPercent: 20, fromGraph: false });
    expect(JSON.parse(JSON.stringify(facts))).toEqual(facts);
  });

  it("measure the graph: depth, a cycle, stand-ins and what stopped at the spend cap", () => {
    const node = (nodeId: string, extra: object = {}) => ({
      nodeId,
      type: "company" as const,
      company: { legalName: `${nodeId} Ltd`, countryCode: "GB" },
      ...extra,
    });
    const graph: Graph = {
      nodes: [
        node("root", { flags: { isRoot: true, status: "found" } }),
        node("a"),
        node("b"),
        node("c", { flags: { status: "budget_truncated" }, continuation: { reason: "budget" } }),
        { nodeId: "p", type: "individual", individual: { name: "Pat Proxy", nationality: "IR" }, flags: { isUboProxy: true } },
      ],
      edges: [
        { id: "e1", fromId: "a", toId: "root" },
        { id: "e2", fromId: "b", toId: "a" },
        { id: "e3", fromId: "a", toId: "b" },
        { id: "e4", fromId: "c", toId: "b" },
        { id: "e5", fromId: "p", toId: "c" },
      ],
    };
    const facts = riskFacts(file({}, graph), at);
    expect(facts.graph).toMatchObject({ depth: 4, cycle: ["b Ltd", "a Ltd"], uboProxies: ["Pat Proxy"], unexpanded: ["c Ltd"] });
    expect(facts.parties).toContainEqual(
      expect.objectContaining({ role: "graphOwner", name: "Pat Proxy", country: "IR", tie: "nationality" }),
    );
    expect(evaluateRisk(defaultRiskModel, facts).incomplete).toBe(true);
  });

  it("tell a change of people from the previous rating, and keep it while nothing changes", () => {
    const before = peopleSighting([owner("Ada")], "ultimateBeneficialOwners", source("r1", "2026-09-01T00:00:00Z"), at.toISOString());
    const after = peopleSighting(
      [owner("Ada"), owner("Bo")],
      "ultimateBeneficialOwners",
      source("r2", "2026-11-20T00:00:00Z"),
      at.toISOString(),
    );
    const change = nextChange(before, null, after);
    expect(change).toMatchObject({ at: "2026-11-20T00:00:00Z", added: ["Bo"], removed: [] });
    expect(nextChange(after, change, after)).toBe(change);
    // Representatives who left (an end date) are not among the current ones.
    const reps = peopleSighting([{ individual: { name: "Cy" }, endDate: "2026-01-01" }], "legalRepresentatives", null, at.toISOString());
    expect(reps?.names).toEqual({});
  });
});

describe("evaluateRisk", () => {
  it("gives a clean company no points", () => {
    expect(evaluateRisk(defaultRiskModel, riskFacts(file(clean), at))).toEqual({ score: 0, rating: "low", reasons: [], incomplete: false });
  });

  it("names the evidence in words in each sentence, most points first", () => {
    const facts = riskFacts(
      file({
        ...clean,
        company: { ...clean.company, complianceFlags: { accountsOverdue: { active: true, since: "2026-03-03" } } },
        ultimateBeneficialOwners: [],
      }),
      at,
    );
    const result = evaluateRisk(defaultRiskModel, facts);
    expect(result.reasons.map((r) => r.sentence)).toEqual([
      "No beneficial owner identified (Ultimate beneficial owners, as of 1 Oct 2026, request req_ubo): +30.",
      "Accounts overdue since 3 March 2026 (Company profile, as of 1 Nov 2026, request req_company): +10.",
    ]);
    expect(result).toMatchObject({ score: 40, rating: "medium" });
  });

  it("counts a rule only with points (0 turns it off) and rates by the thresholds", () => {
    const facts = riskFacts(file({ ...clean, company: { ...clean.company, incorporationDate: "2026-08-01" } }, null, "IR"), at);
    expect(evaluateRisk(only("youngCompany"), facts).reasons.map((r) => r.sentence)).toEqual([
      "Incorporated on 1 August 2026, 3 months before this rating (Company profile, as of 1 Nov 2026, request req_company): +10.",
    ]);
    expect(evaluateRisk(only("listedCountry"), facts)).toMatchObject({ score: 40, rating: "medium" });
    expect(evaluateRisk({ ...only("listedCountry"), thresholds: { medium: 10, high: 40 } }, facts).rating).toBe("high");
  });

  it("replays: the same facts through JSON give the same reasons to the letter", () => {
    const facts = riskFacts(
      file({ company: { status: { active: false, statusDetails: { status: "CLOSED", closureReason: "LIQUIDATION" } } } }),
      at,
    );
    const stored = JSON.parse(JSON.stringify(facts));
    expect(evaluateRisk(defaultRiskModel, stored)).toEqual(evaluateRisk(defaultRiskModel, facts));
    expect(evaluateRisk(defaultRiskModel, stored).reasons[0]?.sentence).toBe(
      "Status: Closed (Liquidation) (Company profile, as of 1 Nov 2026, request req_company): +30.",
    );
  });
});
