import "server-only";
/**
 * The details an audit row (or a change waiting for approval) keeps, in words: each detail's name from the
 * vocabulary (`detailKey`, the spend caps, billing and vault fields), its value as a person reads it (credits in
 * credits, datapoints and codes by their labels, yes and no). A name the vocabulary does not know yet is spelled out
 * from its parts ("previousVersion" → "Previous version"), never shown as the key. Pure.
 */
import { credits } from "./units.shared";
import { label, words, type Kind } from "./words.shared";

/** One detail in words; `key` is its name as stored, for Technical details and for React keys. */
export type DetailLine = { key: string; label: string; value: string };

/** The kinds whose keys name a detail, looked up in this order. */
const nameKinds: readonly Kind[] = ["detailKey", "cap", "billingField", "vaultField"];

/** Details counted in credits. */
const creditDetails = new Set([
  "quotedTotal",
  "quotedPrice",
  "estimatedCost",
  "fromCredits",
  "toCredits",
  "maxBudget",
  "profileMaxBudget",
  "graphMaxBudget",
]);

/** Details whose values are names the vocabulary has words for. */
const valueKinds: Readonly<Record<string, Kind>> = {
  dataPoints: "datapoint",
  blockedDatapoints: "datapoint",
  documents: "documentType",
  mode: "requestMode",
  code: "errorCode",
  outcome: "orderOutcome",
  action: "auditAction",
  role: "role",
  reviewOutcome: "reviewOutcome",
  riskRating: "riskRating",
};

/** A name spelled out from its parts: "previousWebhookSecret" → "Previous webhook secret", "source_key" → "Source key". */
export function spelledOut(key: string): string {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : key;
}

/** A detail's name in words. */
export function detailLabel(key: string): string {
  for (const kind of nameKinds) {
    const found = words(kind, key);
    if (found.known) return found.label;
  }
  return spelledOut(key);
}

/** A detail's value in words: lists joined, nested details as "name: value" pairs, nothing as "none". */
export function detailValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return creditDetails.has(key) ? credits(value) : value.toLocaleString("en");
  if (typeof value === "string") return valueKinds[key] ? label(valueKinds[key], value) : value;
  if (Array.isArray(value)) return value.length ? value.map((item) => detailValue(key, item)).join(", ") : "none";
  if (typeof value === "object") {
    const pairs = Object.entries(value as Record<string, unknown>);
    return pairs.length ? pairs.map(([inner, v]) => `${detailLabel(inner)}: ${detailValue(inner, v)}`).join("; ") : "none";
  }
  return String(value);
}

/** Every detail in words, in the order stored. */
export const detailLines = (details: Record<string, unknown>): DetailLine[] =>
  Object.entries(details).map(([key, value]) => ({ key, label: detailLabel(key), value: detailValue(key, value) }));
