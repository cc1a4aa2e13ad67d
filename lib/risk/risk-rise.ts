import "server-only";
/**
 * Whether a new rating is a rise in a company's risk, the kind that opens a risk alert. A company's first order arrives
 * a datapoint at a time, and each delivery is rated: on its profile alone the company may rate low, then medium once
 * its owners arrive. That is the first knowledge of its owners, not a change in them, no more a rise than a first
 * rating is. So the new rating is compared with the previous one counting only the reasons whose evidence comes from
 * sections the previous rating already had; a section delivered since adds its points to the rating, not to the rise.
 * Pure.
 */
import type { RiskReason } from "@/db/schema";
import type { RiskEvaluation } from "./evaluate-risk";
import type { FactSection, RiskFacts } from "./risk-facts";
import { ratingForScore, ratingRose, type RiskModel, type RiskRating } from "./risk-model.shared";

const factSections: readonly string[] = [
  "company",
  "ultimateBeneficialOwners",
  "legalRepresentatives",
  "shareholders",
  "graph",
] satisfies readonly FactSection[];

/** The section a reason's evidence was read from ("company.complianceFlags.liquidated" → "company"), if one the facts know. */
function sectionOf(reason: RiskReason): FactSection | undefined {
  const section = reason.evidence?.field.split(/[.[]/)[0];
  return section !== undefined && factSections.includes(section) ? (section as FactSection) : undefined;
}

/**
 * Whether `result` is a rise from the `previous` rating: its rating higher than the previous one on the sections the
 * previous rating knew (`sources` of its facts; null when its facts are not known: every reason counts). None before:
 * no rise.
 */
export function riskRose(
  previous: { rating: RiskRating; sources: RiskFacts["sources"] | null } | null,
  result: Pick<RiskEvaluation, "rating" | "reasons">,
  thresholds: RiskModel["thresholds"],
): boolean {
  if (!previous || !ratingRose(previous.rating, result.rating)) return false;
  const known = previous.sources;
  if (!known) return true;
  const knownScore = result.reasons
    .filter((reason) => {
      const section = sectionOf(reason);
      return section === undefined || known[section] !== undefined;
    })
    .reduce((sum, reason) => sum + reason.points, 0);
  return ratingRose(previous.rating, ratingForScore(knownScore, thresholds));
}
