/**
 * What a new version of the risk model changes, in words, for the admin who approves it: each rule's points and
 * parameter before → after, each compliance flag's weight, the countries and legal forms added or removed, the
 * thresholds. Pure.
 */
import { countryWords } from "@/lib/registry/countries.shared";
import { label } from "@/lib/vocabulary/words.shared";
import { modelPublicationSchema } from "./model-publication.shared";
import type { RiskModel, RiskRuleId } from "./risk-model.shared";

const whole = (n: number) => n.toLocaleString("en");

/** Each number of each rule that differs, as "<rule>: <number> before → after". */
function ruleLines(before: RiskModel["rules"], after: RiskModel["rules"]): string[] {
  const lines: string[] = [];
  for (const rule of Object.keys(after) as RiskRuleId[]) {
    const ruleLabel = label("riskRule", rule);
    if (rule === "complianceFlags") {
      const from = before.complianceFlags.points;
      const to = after.complianceFlags.points;
      for (const flag of Object.keys(to) as (keyof typeof to)[]) {
        if (from[flag] !== to[flag]) {
          lines.push(`${ruleLabel}, ${label("complianceFlag", flag)}: points ${whole(from[flag])} → ${whole(to[flag])}`);
        }
      }
      continue;
    }
    const from = before[rule] as Record<string, number>;
    const to = after[rule] as Record<string, number>;
    for (const parameter of Object.keys(to)) {
      if (from[parameter] !== to[parameter]) {
        const name = label("riskParameter", parameter).toLowerCase();
        lines.push(`${ruleLabel}: ${name} ${whole(from[parameter]!)} → ${whole(to[parameter]!)}`);
      }
    }
  }
  return lines;
}

/** "added A, B; removed C" for a list, or undefined when it is the same set. */
function listChange(before: readonly string[], after: readonly string[], show: (item: string) => string, same = (s: string) => s) {
  const had = new Set(before.map(same));
  const has = new Set(after.map(same));
  const added = after.filter((item) => !had.has(same(item)));
  const removed = before.filter((item) => !has.has(same(item)));
  const parts = [
    ...(added.length ? [`added ${added.map(show).join(", ")}`] : []),
    ...(removed.length ? [`removed ${removed.map(show).join(", ")}`] : []),
  ];
  return parts.length ? parts.join("; ") : undefined;
}

/** Every difference between `before` and `after`, one line each; empty when the two models are the same. */
export function modelChangeLines(before: RiskModel, after: RiskModel): string[] {
  const lines = ruleLines(before.rules, after.rules);
  const countries = listChange(before.highRiskCountries, after.highRiskCountries, countryWords);
  if (countries) lines.push(`High-risk countries: ${countries}`);
  const forms = listChange(
    before.legalForms,
    after.legalForms,
    (form) => `“${form}”`,
    (form) => form.toLowerCase(),
  );
  if (forms) lines.push(`Legal forms: ${forms}`);
  for (const level of ["medium", "high"] as const) {
    if (before.thresholds[level] !== after.thresholds[level]) {
      lines.push(
        `Threshold for ${label("riskRating", level)}: ${whole(before.thresholds[level])} → ${whole(after.thresholds[level])} points`,
      );
    }
  }
  return lines;
}

/**
 * A pending risk model publication (its details) in words for the approver: the version it was edited from, then
 * each rule, list and threshold it changes against `before`, that version as the caller read it.
 */
export function modelPublicationLines(details: Record<string, unknown>, before: RiskModel | undefined): string[] {
  const publication = modelPublicationSchema.safeParse(details);
  if (!publication.success) return ["Its model cannot be read: approving it publishes nothing."];
  const { model, baseVersion } = publication.data;
  const base = `Edited from ${baseVersion === null ? "the default model" : `version ${baseVersion}`}`;
  if (!before) return [`${base} (no longer stored: compare under Technical details)`];
  const changes = modelChangeLines(before, model);
  return [`${base}; ${changes.length ? "it changes:" : "it changes nothing in the rules, lists or thresholds."}`, ...changes];
}
