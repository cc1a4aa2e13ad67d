/**
 * The monitor metadata form: key/value rows checked the same way in the browser and in the server action
 * (start-monitor-input.ts). Zod-free, so the pages that offer the form ship no schema library.
 */
import { caseReferenceProblem } from "@/lib/forms/case-reference.shared";
import { metadataLimits, metadataWarnings } from "@/lib/registry/metadata-limits.shared";

export type MetadataEntry = { key: string; value: string };

/** The metadata key holding the case reference (mirrored as the monitor's case reference). */
export const caseReferenceKey = "caseReference";
/** The metadata key naming who asked for the monitor. */
export const requestedByKey = "requestedBy";

/** What the form starts with: the case reference (empty for the user to fill when none is known) and who asks. */
export function prefilledMetadata(caseReference: string | null | undefined, requestedBy: string): MetadataEntry[] {
  return [
    { key: caseReferenceKey, value: caseReference ?? "" },
    { key: requestedByKey, value: requestedBy },
  ];
}

/**
 * What is wrong with each row, by row index: an empty or repeated key, a key the API would skip (over 40
 * characters), a value it would cut (over 500), a case reference over its limit (said as every other place that
 * takes one says it). A flagged row is never sent: what the registry would store silently differs from what the
 * user typed.
 */
export function metadataRowProblems(entries: readonly MetadataEntry[]): Record<number, string[]> {
  const problems: Record<number, string[]> = {};
  const add = (index: number, message: string) => (problems[index] ??= []).push(message);
  const seen = new Set<string>();
  entries.forEach(({ key, value }, index) => {
    const trimmed = key.trim();
    if (!trimmed) add(index, "Enter a key, or remove this row.");
    else if (seen.has(trimmed)) add(index, `The key "${trimmed}" is already used above.`);
    seen.add(trimmed);
    const { skippedKeys, truncatedKeys } = metadataWarnings({ [trimmed]: value });
    if (skippedKeys.length) {
      add(index, `This key is over ${metadataLimits.maxKeyLength} characters: the registry would skip it. Shorten it.`);
    }
    const caseReferenceTooLong = trimmed === caseReferenceKey ? caseReferenceProblem(value) : undefined;
    if (caseReferenceTooLong) add(index, caseReferenceTooLong);
    else if (truncatedKeys.length) {
      add(index, `This value is over ${metadataLimits.maxValueLength} characters: the registry would cut it. Shorten it.`);
    }
  });
  return problems;
}

/** The form-wide problem: more keys than the registry accepts. */
export function metadataCountProblem(entries: readonly MetadataEntry[]): string | undefined {
  return entries.length > metadataLimits.maxKeys
    ? `Metadata can hold at most ${metadataLimits.maxKeys} keys; this has ${entries.length}. Remove ${entries.length - metadataLimits.maxKeys}.`
    : undefined;
}

/** Whether the rows can be sent as they are (the browser's check before calling the action, which checks again). */
export function metadataSendable(entries: readonly MetadataEntry[]): boolean {
  return !metadataCountProblem(entries) && Object.keys(metadataRowProblems(entries)).length === 0;
}

/** The rows as the registry's metadata object (keys trimmed). */
export function metadataRecord(entries: readonly MetadataEntry[]): Record<string, string> {
  return Object.fromEntries(entries.map(({ key, value }) => [key.trim(), value]));
}

/**
 * The form's shape: the two keys every monitor carries as labelled fields, and the free key/value rows below them.
 * Stored and sent as one metadata object (`fieldEntries`).
 */
export type MetadataFields = { caseReference: string; requestedBy: string; others: MetadataEntry[] };

/** The labelled fields, in the form's order, with the words the form shows for them. */
export const labelledFields = [
  { name: "caseReference", key: caseReferenceKey, label: "Case reference" },
  { name: "requestedBy", key: requestedByKey, label: "Requested by" },
] as const;

/** Splits metadata into the form's fields: the first row of each labelled key fills its field; the rest stay rows. */
export function metadataFields(entries: readonly MetadataEntry[]): MetadataFields {
  const fields: MetadataFields = { caseReference: "", requestedBy: "", others: [] };
  const filled = new Set<string>();
  for (const entry of entries) {
    const field = labelledFields.find((f) => f.key === entry.key.trim());
    if (field && !filled.has(field.key)) {
      filled.add(field.key);
      fields[field.name] = entry.value;
    } else fields.others.push(entry);
  }
  return fields;
}

/** The rows sent: each labelled field that is filled (a blank one is left out), then the free rows. */
export function fieldEntries(fields: MetadataFields): MetadataEntry[] {
  return [
    ...labelledFields.filter((f) => fields[f.name].trim() !== "").map((f) => ({ key: f.key, value: fields[f.name] })),
    ...fields.others,
  ];
}

/** Where each part of the form sits among the rows sent (to place the server's `metadata.<row>` errors). */
export function fieldEntryIndexes(fields: MetadataFields): { caseReference?: number; requestedBy?: number; others: number[] } {
  const sent = labelledFields.filter((f) => fields[f.name].trim() !== "");
  const at = (name: (typeof labelledFields)[number]["name"]) => {
    const index = sent.findIndex((f) => f.name === name);
    return index < 0 ? undefined : index;
  };
  return { caseReference: at("caseReference"), requestedBy: at("requestedBy"), others: fields.others.map((_, i) => sent.length + i) };
}

/** What is wrong with each labelled field and each free row (the rules of `metadataRowProblems`). */
export function metadataFieldProblems(fields: MetadataFields): {
  caseReference: string[];
  requestedBy: string[];
  others: Record<number, string[]>;
} {
  const rows = [...labelledFields.map((f) => ({ key: f.key, value: fields[f.name] })), ...fields.others];
  const problems = metadataRowProblems(rows);
  const others: Record<number, string[]> = {};
  fields.others.forEach((entry, index) => {
    const field = labelledFields.find((f) => f.key === entry.key.trim());
    const messages = (problems[labelledFields.length + index] ?? []).map((message) =>
      field && message.endsWith("is already used above.") ? `Use the "${field.label}" field above for this key.` : message,
    );
    if (messages.length) others[index] = messages;
  });
  return { caseReference: problems[0] ?? [], requestedBy: problems[1] ?? [], others };
}

/** Whether the form can be sent as it is (the browser's check before calling the action, which checks again). */
export function metadataFieldsSendable(fields: MetadataFields): boolean {
  const problems = metadataFieldProblems(fields);
  return (
    !metadataCountProblem(fieldEntries(fields)) &&
    problems.caseReference.length === 0 &&
    problems.requestedBy.length === 0 &&
    Object.keys(problems.others).length === 0
  );
}

/**
 * The monitor a company page or dossier offers to edit ("Edit monitor"): the active one watching the company, with its
 * stored metadata. None when no monitor watches it or the registry deactivated it (then a start makes a new monitor).
 */
export function editableMonitor(
  record: { monitorId: string; metadata: Record<string, string>; deactivation?: unknown } | undefined,
): { monitorId: string; metadata: MetadataEntry[] } | undefined {
  if (!record || record.deactivation) return undefined;
  return {
    monitorId: record.monitorId,
    metadata: Object.entries(record.metadata ?? {}).map(([key, value]) => ({ key, value: String(value) })),
  };
}
