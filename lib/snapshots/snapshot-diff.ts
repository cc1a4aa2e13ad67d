import "server-only";
/**
 * The field-level difference between two snapshots of one company, as a flat list of typed changes. Pure.
 * jsondiffpatch does the diffing; this module only tells it how to recognise list items and which
 * fields to skip, then reads its delta (https://github.com/benjamine/jsondiffpatch/blob/master/docs/deltas.md).
 */
import { create, type Delta } from "jsondiffpatch";

export type SnapshotChange = {
  /** The response section: `company`, `shareholders`, `ultimateBeneficialOwners`, `graph`… */
  section: string;
  kind: "added" | "removed" | "changed";
  /** From the section down to the field; a list item reads as its label (a person's name, a node id). */
  path: string[];
  /** Which places of `path` are list items' labels rather than field names (absent when none is). */
  listItems?: number[];
  before?: unknown;
  after?: unknown;
};

/**
 * Fields that differ between two retrievals of an unchanged company, so are never compared:
 * - `url`, `pdfUrl`, `downloadUrl`, `blobName`, `estimatedDeliverySeconds`: a document's signed link and delivery,
 *   new on every request;
 * - `observedAt`: when the registry read a compliance flag (the time of retrieval, not a change of the company);
 * - `continuation`: an unexpanded graph node's cost, which drops once the company is paid for;
 * - `mermaidDiagram`: drawn from the nodes and edges, which are compared themselves.
 * The `request` record (metadata, version, data status) is no section, so it is never compared either; nor is
 * the graph's `metadata` (what this request spent and fetched), skipped below by its place.
 */
const volatileFields = new Set([
  "url",
  "pdfUrl",
  "downloadUrl",
  "blobName",
  "estimatedDeliverySeconds",
  "observedAt",
  "continuation",
  "mermaidDiagram",
]);

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => typeof value === "object" && value !== null && !Array.isArray(value);

function personName(item: Item): string | undefined {
  const holder = isItem(item.individual) ? item.individual : item;
  const name = holder.name;
  if (typeof name === "string") return name;
  if (isItem(name))
    return typeof name.fullName === "string" ? name.fullName : [name.firstName, name.lastName].filter(Boolean).join(" ") || undefined;
  return undefined;
}

function birthDate(item: Item): string {
  const holder = isItem(item.individual) ? item.individual : item;
  const date = holder.birthDate;
  if (isItem(date)) return [date.year, date.month, date.day].map((part) => part ?? "?").join("-");
  return typeof date === "string" ? date : "";
}

function companyName(item: Item): string | undefined {
  const company = isItem(item.company) ? item.company : undefined;
  if (!company) return undefined;
  return [company.countryCode, company.id, company.legalName].filter((part) => typeof part === "string" && part).join(" ") || undefined;
}

/**
 * How a list item is recognised in both snapshots, so a moved item is no change and an edited one is edited, not
 * removed and added: the registry's `entityId` (people and holdings), a graph node's or edge's id, a document's or
 * establishment's id; else a person's name and birth date, or a company's country, id and name; else its whole
 * content (an item with no identity is either there or not).
 */
export function listItemKey(item: object): string {
  const record = item as Item;
  for (const field of ["entityId", "nodeId", "id"] as const) {
    const value = record[field];
    if (typeof value === "string" && value) return `${field}:${value}`;
  }
  const person = personName(record);
  if (person) return `person:${person.trim().toLowerCase()}|${birthDate(record)}`;
  const company = companyName(record);
  if (company) return `company:${company.toLowerCase()}`;
  return `content:${JSON.stringify(record)}`;
}

/** How a list item is named in a change's path. */
export function listItemLabel(item: unknown, index: number): string {
  if (!isItem(item)) return `#${index + 1}`;
  return (
    personName(item) ??
    companyName(item) ??
    ["name", "nodeId", "id", "code"].map((f) => item[f]).find((v): v is string => typeof v === "string") ??
    `#${index + 1}`
  );
}

const differ = create({
  objectHash: (item) => listItemKey(item),
  arrays: { detectMove: true, includeValueOnMove: false },
  propertyFilter: (name, context) => !volatileFields.has(name) && !(name === "metadata" && context.childName === "graph"),
  cloneDiffValues: false,
});

const isArrayDelta = (delta: Delta) => isItem(delta) && (delta as { _t?: unknown })._t === "a";

function collect(
  section: string,
  at: { path: string[]; listItems: number[] },
  delta: Delta,
  before: unknown,
  after: unknown,
  into: SnapshotChange[],
): void {
  if (delta === undefined) return;
  const { path, listItems } = at;
  const place = { section, path, ...(listItems.length > 0 && { listItems }) };
  if (Array.isArray(delta)) {
    if (delta.length === 1) into.push({ ...place, kind: "added", after: delta[0] });
    else if (delta.length === 2) into.push({ ...place, kind: "changed", before: delta[0], after: delta[1] });
    else if (delta[2] === 0) into.push({ ...place, kind: "removed", before: delta[0] });
    // [_, index, 3] is a move (no change); [_, 0, 2] a text diff, which is not enabled.
    return;
  }
  const item = (label: string) => ({ path: [...path, label], listItems: [...listItems, path.length] });
  if (isArrayDelta(delta)) {
    const left = Array.isArray(before) ? before : [];
    const right = Array.isArray(after) ? after : [];
    for (const [key, child] of Object.entries(delta as Record<string, Delta>)) {
      if (key === "_t") continue;
      if (key.startsWith("_")) {
        const index = Number(key.slice(1));
        collect(section, item(listItemLabel(left[index], index)), child, left[index], undefined, into);
      } else {
        const index = Number(key);
        // An edited item's earlier self, wherever it stood (it may have moved too).
        const previous = Array.isArray(child)
          ? undefined
          : left.find((item) => isItem(item) && isItem(right[index]) && listItemKey(item) === listItemKey(right[index]));
        collect(section, item(listItemLabel(right[index], index)), child, previous, right[index], into);
      }
    }
    return;
  }
  const leftObject = isItem(before) ? before : {};
  const rightObject = isItem(after) ? after : {};
  for (const [key, child] of Object.entries(delta as Record<string, Delta>))
    collect(section, { path: [...path, key], listItems }, child, leftObject[key], rightObject[key], into);
}

/**
 * What changed from `before` to `after` in `sections` (a section missing on one side is all added or all
 * removed). Changes come section by section, in the order `sections` names them.
 */
export function diffSnapshots(before: unknown, after: unknown, sections: readonly string[]): SnapshotChange[] {
  const left = isItem(before) ? before : {};
  const right = isItem(after) ? after : {};
  const changes: SnapshotChange[] = [];
  for (const section of sections) {
    // Diffed under its name, so the fields skipped by their place (the graph's metadata) are found.
    const side = (snapshot: Item) => (snapshot[section] === undefined ? {} : { [section]: snapshot[section] });
    const delta = differ.diff(side(left), side(right));
    if (!isItem(delta)) continue;
    collect(section, { path: [], listItems: [] }, (delta as Record<string, Delta>)[section], left[section], right[section], changes);
  }
  return changes;
}

/**
 * Which of `sections` both snapshots hold, so they can be compared, and which only one does: a section missing
 * from one snapshot was not ordered (or not delivered) there, which says nothing about the company.
 */
export function comparableSections(
  before: unknown,
  after: unknown,
  sections: readonly string[],
): { compared: string[]; onlyBefore: string[]; onlyAfter: string[] } {
  const has = (snapshot: unknown, section: string) => isItem(snapshot) && snapshot[section] !== undefined && snapshot[section] !== null;
  return {
    compared: sections.filter((s) => has(before, s) && has(after, s)),
    onlyBefore: sections.filter((s) => has(before, s) && !has(after, s)),
    onlyAfter: sections.filter((s) => !has(before, s) && has(after, s)),
  };
}
