import "server-only";
/**
 * A snapshot change in words (lib/vocabulary/words.shared.ts): each field of its path by its label, a list item (a person, a
 * node) by its own name, and a value as "field: value" pairs rather than JSON. A field this console has no words for
 * stays as sent, marked ("someNewField (not known to this console)"): the API is additive. Pure.
 */
import { datapointLabels, orderableDatapoints, type OrderableDatapoint } from "@/lib/pricing/quote.shared";
import { markedLabel, type Kind } from "@/lib/vocabulary/words.shared";
import { listItemLabel, type SnapshotChange } from "./snapshot-diff";

/** Fields whose keys are names of another kind: a company's identifiers (hrb, lei…), its compliance flags. */
const keysOf: Readonly<Record<string, Kind>> = { identifiers: "identifierKind", complianceFlags: "complianceFlag" };

/** One field's name in words; `parent` is the field it sits in, which may say what kind of name it is. */
export const fieldWords = (key: string, parent?: string): string => markedLabel((parent && keysOf[parent]) || "snapshotField", key);

/** A response section in words: its datapoint's label. */
export function sectionLabel(section: string): string {
  if ((orderableDatapoints as readonly string[]).includes(section)) return datapointLabels[section as OrderableDatapoint];
  if (section === "companyRelationships") return "Company relationships";
  return section;
}

/** A change's place, from its section down: fields in words, list items by their own labels. Empty for a whole section. */
export function pathWords(change: Pick<SnapshotChange, "path" | "listItems">): string[] {
  let parent: string | undefined;
  return change.path.map((part, index) => {
    if (change.listItems?.includes(index)) return part;
    const text = fieldWords(part, parent);
    parent = part;
    return text;
  });
}

/** The field a change's values sit in (the last field of its path that is no list item), if any. */
export function lastField(change: Pick<SnapshotChange, "path" | "listItems">): string | undefined {
  for (let index = change.path.length - 1; index >= 0; index--) if (!change.listItems?.includes(index)) return change.path[index];
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function scalar(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** The leaves of a value, each with the fields leading to it in words. */
function leaves(value: unknown, fields: string[], parent: string | undefined): { fields: string[]; text: string }[] {
  if (isRecord(value)) return Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...fields, fieldWords(key, parent)], key));
  if (Array.isArray(value)) {
    if (value.some((item) => isRecord(item) || Array.isArray(item)))
      return value.flatMap((item, index) => leaves(item, [...fields, listItemLabel(item, index)], parent));
    return [{ fields, text: value.length ? value.map(scalar).join(", ") : "none" }];
  }
  return [{ fields, text: scalar(value) }];
}

/**
 * A value as one line of words: text, numbers and yes/no as they are; a record (a person, a holding, an address) as
 * "Field › Inner field: value" pairs joined with "; ".
 */
export function valueWords(value: unknown, field?: string): string {
  const found = leaves(value, [], field);
  if (found.length === 0) return "—";
  return found.map(({ fields, text }) => (fields.length ? `${fields.join(" › ")}: ${text}` : text)).join("; ");
}

/** Whether a value is a record or list: its words then leave out its shape, which Technical details shows as sent. */
export const isStructured = (value: unknown): boolean => typeof value === "object" && value !== null;
