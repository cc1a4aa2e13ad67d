import "server-only";
/**
 * The risk model applied to a company's facts (pure): each rule that applies gives its points and one reason whose
 * sentence names the evidence in words (the field and its value, as of when, from which request). The score is the
 * sum; the thresholds turn it into a rating. The same facts under the same model version give the same reasons, to
 * the letter: that is how a stored rating is replayed (company_ratings.inputs).
 */
import type { RiskReason } from "@/db/schema";
import { countryWords } from "@/lib/registry/countries.shared";
import { complianceFlagNames } from "@/lib/registry/schemas.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { factEvidence, partySection, type PartyFact, type PeopleChange, type RiskEvidence, type RiskFacts } from "./risk-facts";
import {
  ratingForScore,
  riskRulesSchema,
  type ComplianceFlagName,
  type RiskModel,
  type RiskRating,
  type RiskRuleId,
} from "./risk-model.shared";

export type RiskEvaluation = {
  score: number;
  rating: RiskRating;
  /** The rules that gave points: most points first, then in the model's rule order. */
  reasons: RiskReason[];
  /** Part of the ownership graph stopped at the spend cap unexpanded: the rating may be too low. */
  incomplete: boolean;
};

/** The rules in the model's order (the order reasons with equal points are listed in). */
export const riskRuleOrder = Object.keys(riskRulesSchema.shape) as RiskRuleId[];

// ---------------------------------------------------------------------------------------------------
// Words

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const asOfFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** Formatting dates is the costliest part of a sentence, and a portfolio repeats the same few dates: kept. */
function remembered(format: (value: string) => string): (value: string) => string {
  const known = new Map<string, string>();
  return (value) => {
    let words = known.get(value);
    if (words === undefined) {
      if (known.size > 10_000) known.clear();
      words = format(value);
      known.set(value, words);
    }
    return words;
  };
}

/** "2026-03-03" → "3 March 2026"; what is not a date is shown as it came. */
const day = remembered((value) => {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
});

/** An as-of time as its day: "1 Nov 2026". */
const asOfDay = remembered((value) => asOfFormat.format(new Date(value)));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The names, at most three, then how many more. */
function someNames(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(", ");
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/** Where the evidence comes from, in words: the datapoint, as of when, which request. */
function sourceWords(evidence: RiskEvidence): string {
  const section = evidence.field.split(/[.[]/)[0] ?? "";
  const parts = [
    section ? label("datapoint", section) : undefined,
    evidence.asOf ? `as of ${asOfDay(evidence.asOf)}` : undefined,
    evidence.requestId ? `request ${evidence.requestId}` : undefined,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

const roleWords: Record<PartyFact["role"], string> = {
  beneficialOwner: "beneficial owner",
  shareholder: "shareholder",
  graphOwner: "owner in the ownership graph",
  representative: "legal representative",
};
const tieWords: Record<PartyFact["tie"], string> = { nationality: "nationality", residence: "resident in", registered: "registered in" };

const groupWords = { ultimateBeneficialOwners: "Beneficial owners", legalRepresentatives: "Legal representatives" } as const;

function changeWords(group: keyof typeof groupWords, change: PeopleChange): string {
  const who = [
    change.added.length ? `${someNames(change.added)} joined` : undefined,
    change.removed.length ? `${someNames(change.removed)} left` : undefined,
  ].filter(Boolean);
  return `${groupWords[group]} changed on ${day(change.at)}${who.length ? `: ${who.join(", ")}` : ""}`;
}

// ---------------------------------------------------------------------------------------------------
// The rules

type Found = { rule: RiskRuleId; points: number; text: string; evidence: RiskEvidence };

const monthsBetween = (from: Date, to: Date) =>
  (to.getUTCFullYear() - from.getUTCFullYear()) * 12 +
  (to.getUTCMonth() - from.getUTCMonth()) -
  (to.getUTCDate() < from.getUTCDate() ? 1 : 0);

const isFlagName = (name: string): name is ComplianceFlagName => (complianceFlagNames as readonly string[]).includes(name);

/** Every rule's findings, before points decide which count. */
function findings(model: RiskModel, facts: RiskFacts): Found[] {
  const { rules } = model;
  const found: Found[] = [];
  const listed = new Set(model.highRiskCountries);
  const at = new Date(facts.at);
  const evidence = (section: Parameters<typeof factEvidence>[1], field: string, value: unknown) =>
    factEvidence(facts, section, field, value);

  if (listed.has(facts.country))
    found.push({
      rule: "listedCountry",
      points: rules.listedCountry.points,
      text: `Registered in ${countryWords(facts.country)}, a listed country`,
      evidence: evidence("company", "company.countryCode", facts.country),
    });

  for (const flag of facts.company?.flags ?? []) {
    if (!isFlagName(flag.name)) continue; // a flag this console has no weight for yet
    const when = [flag.since && `since ${day(flag.since)}`, flag.dueDate && `due ${day(flag.dueDate)}`].filter(Boolean).join(", ");
    found.push({
      rule: "complianceFlags",
      points: rules.complianceFlags.points[flag.name],
      text: `${label("complianceFlag", flag.name)}${when ? ` ${when}` : ""}`,
      evidence: evidence("company", `company.complianceFlags.${flag.name}`, { active: true, since: flag.since, dueDate: flag.dueDate }),
    });
  }

  const owners = facts.beneficialOwners;
  const ownersEvidence = () =>
    owners!.fromGraph
      ? evidence("graph", "graph.nodes[flags.isUbo]", { count: owners!.count, highestPercent: owners!.highestPercent })
      : evidence("ultimateBeneficialOwners", "ultimateBeneficialOwners", { count: owners!.count, highestPercent: owners!.highestPercent });
  if (owners && owners.count === 0)
    found.push({
      rule: "noBeneficialOwner",
      points: rules.noBeneficialOwner.points,
      text: "No beneficial owner identified",
      evidence: ownersEvidence(),
    });
  else if (owners && (owners.highestPercent === null || owners.highestPercent < rules.noOwnerAtThreshold.percent))
    found.push({
      rule: "noOwnerAtThreshold",
      points: rules.noOwnerAtThreshold.points,
      text: `No beneficial owner holds ${rules.noOwnerAtThreshold.percent} % or more (${
        owners.highestPercent === null ? "no share stated" : `highest stated: ${owners.highestPercent} %`
      })`,
      evidence: ownersEvidence(),
    });

  const graph = facts.graph;
  const graphEvidence = () =>
    evidence("graph", "graph", { nodes: graph!.nodes, depth: graph!.depth, cycle: graph!.cycle, unexpanded: graph!.unexpanded.length });
  if (graph?.uboProxies.length)
    found.push({
      rule: "uboProxy",
      points: rules.uboProxy.points,
      text: `Stand-in beneficial owner in the ownership graph: ${someNames(graph.uboProxies)}`,
      evidence: graphEvidence(),
    });
  if (graph && graph.depth > rules.deepOwnership.layers)
    found.push({
      rule: "deepOwnership",
      points: rules.deepOwnership.points,
      text: `Ownership runs ${plural(graph.depth, "layer")} deep, more than ${rules.deepOwnership.layers}`,
      evidence: graphEvidence(),
    });
  if (graph?.cycle.length)
    found.push({
      rule: "ownershipCycle",
      points: rules.ownershipCycle.points,
      text: `Circular ownership through ${graph.cycle.join(" and ")}`,
      evidence: graphEvidence(),
    });

  const inListed = facts.parties.filter((p) => listed.has(p.country));
  if (inListed.length) {
    const first = inListed[0]!;
    const described = inListed.map((p) => `${p.name} (${roleWords[p.role]}, ${tieWords[p.tie]} ${countryWords(p.country)})`);
    found.push({
      rule: "partyInListedCountry",
      points: rules.partyInListedCountry.points,
      text: `Owner or officer in a listed country: ${someNames(described)}`,
      evidence: evidence(partySection[first.role], first.field, first.country),
    });
  }

  const incorporation = facts.company?.incorporation;
  const incorporated = incorporation
    ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(incorporation.date) ? `${incorporation.date}T00:00:00Z` : incorporation.date)
    : undefined;
  if (incorporation && incorporated && !Number.isNaN(incorporated.getTime())) {
    const months = monthsBetween(incorporated, at);
    if (months < rules.youngCompany.months)
      found.push({
        rule: "youngCompany",
        points: rules.youngCompany.points,
        text: `Incorporated on ${day(incorporation.date)}, ${months <= 0 ? "less than a month" : plural(months, "month")} before this rating`,
        evidence: evidence("company", incorporation.field, incorporation.date),
      });
  }

  const status = facts.company?.status;
  const statusEvidence = () => evidence("company", "company.status", status);
  const insolvent =
    status &&
    (status.status === "UNDER_INSOLVENCY_PROCEEDING" || status.insolvencyStartDate !== null || status.closureReason === "BANKRUPTCY");
  const statusWords = status?.status
    ? `Status: ${label("companyStatus", status.status)}${status.closureReason ? ` (${label("closureReason", status.closureReason)})` : ""}`
    : "Not active in the register";
  if (
    status &&
    status.status !== "UNDER_INSOLVENCY_PROCEEDING" &&
    (status.active === false || (status.status !== null && status.status !== "ACTIVE" && status.status !== "UNKNOWN"))
  )
    found.push({ rule: "notActive", points: rules.notActive.points, text: statusWords, evidence: statusEvidence() });
  if (status && insolvent)
    found.push({
      rule: "insolvency",
      points: rules.insolvency.points,
      text:
        status.status === "UNDER_INSOLVENCY_PROCEEDING" || status.insolvencyStartDate
          ? `Under insolvency proceeding${status.insolvencyStartDate ? ` since ${day(status.insolvencyStartDate)}` : ""}`
          : `Closed by ${label("closureReason", "BANKRUPTCY").toLowerCase()}`,
      evidence: statusEvidence(),
    });

  const windowMs = rules.recentOwnershipChange.days * 86_400_000;
  const recent = (["ultimateBeneficialOwners", "legalRepresentatives"] as const)
    .map((group) => ({ group, change: facts.changes[group] }))
    .filter((c): c is { group: typeof c.group; change: PeopleChange } => {
      const when = c.change ? new Date(c.change.at).getTime() : NaN;
      return !Number.isNaN(when) && at.getTime() - when <= windowMs;
    })
    .sort((a, b) => (a.change.at > b.change.at ? -1 : a.change.at < b.change.at ? 1 : 0));
  if (recent.length)
    found.push({
      rule: "recentOwnershipChange",
      points: rules.recentOwnershipChange.points,
      text: recent.map((r) => changeWords(r.group, r.change)).join("; "),
      evidence: {
        field: recent[0]!.group,
        value: { added: recent[0]!.change.added, removed: recent[0]!.change.removed },
        asOf: recent[0]!.change.source?.asOf ?? null,
        requestId: recent[0]!.change.source?.requestId ?? null,
      },
    });

  const legalForm = facts.company?.legalForm;
  const listedForms = new Set(model.legalForms.map((f) => f.toLowerCase()));
  const matchedForm = legalForm?.find((name) => listedForms.has(name.toLowerCase()));
  if (legalForm && matchedForm)
    found.push({
      rule: "listedLegalForm",
      points: rules.listedLegalForm.points,
      text: `Legal form ${matchedForm}, a listed legal form`,
      evidence: evidence("company", "company.legalForm", legalForm),
    });

  if (graph?.unexpanded.length)
    found.push({
      rule: "graphIncomplete",
      points: rules.graphIncomplete.points,
      text: `${plural(graph.unexpanded.length, "company", "companies")} in the ownership graph not expanded (stopped at the spend cap: ${someNames(graph.unexpanded)}): the rating may be too low`,
      evidence: graphEvidence(),
    });
  return found;
}

/** The rating `model` gives a company with `facts`: score, rating, the reasons (sentences with their evidence), and whether it is incomplete. */
const order = new Map(riskRuleOrder.map((rule, i) => [rule, i]));

export function evaluateRisk(model: RiskModel, facts: RiskFacts): RiskEvaluation {
  const reasons = findings(model, facts)
    .filter((f) => f.points > 0)
    .map((f, i) => ({ f, i }))
    .sort((a, b) => b.f.points - a.f.points || order.get(a.f.rule)! - order.get(b.f.rule)! || a.i - b.i)
    .map(({ f }): RiskReason => ({
      rule: f.rule,
      points: f.points,
      sentence: `${f.text}${sourceWords(f.evidence)}: +${f.points}.`,
      evidence: f.evidence,
    }));
  const score = reasons.reduce((sum, r) => sum + r.points, 0);
  return { score, rating: ratingForScore(score, model.thresholds), reasons, incomplete: Boolean(facts.graph?.unexpanded.length) };
}
