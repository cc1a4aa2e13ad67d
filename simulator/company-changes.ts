import { createHash } from "node:crypto";
import { changeCategories, type ChangeCategory } from "../lib/registry/schemas.shared";

/**
 * What a monitor reports when a field of a company moves. Keys are `company.<field>` for the fields of the
 * `company` section and the section name for every other section; anything not named here is `other`.
 */
const categoryByField: Record<string, ChangeCategory> = {
  "company.status": "status",
  "company.complianceFlags": "status",
  "company.legalAddress": "address",
  "company.capital": "financial",
  "company.statutoryFilings": "financial",
  shareholders: "ownership",
  ultimateBeneficialOwners: "ownership",
  graph: "ownership",
  legalRepresentatives: "legalRepresentatives",
};

export function categoryOfField(key: string): ChangeCategory {
  return categoryByField[key] ?? "other";
}

/** The categories of the changed field keys, once each, in the spec's order. */
export function categoriesOfFields(keys: Iterable<string>): ChangeCategory[] {
  const found = new Set([...keys].map(categoryOfField));
  return changeCategories.filter((c) => found.has(c));
}

// Object keys sorted, so the same value written in another key order is not a change.
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** The digest of a field a company does not have. */
export const absentDigest = "absent";

function digest(value: unknown): string {
  if (value === undefined) return absentDigest;
  return createHash("sha256")
    .update(JSON.stringify(sortedKeys(value)))
    .digest("base64url")
    .slice(0, 22);
}

/** Every field key of a company's sections with a digest of its value (sections as `companyData` returns them). */
export function fieldDigests(sections: Record<string, unknown>): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const [section, value] of Object.entries(sections)) {
    if (section === "company" && value && typeof value === "object" && !Array.isArray(value)) {
      for (const [field, fieldValue] of Object.entries(value)) digests[`company.${field}`] = digest(fieldValue);
    } else {
      digests[section] = digest(value);
    }
  }
  return digests;
}

/** The field keys whose digest differs between two `fieldDigests` (a field only one side has counts). */
export function changedFields(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => (before[key] ?? absentDigest) !== (after[key] ?? absentDigest));
}
