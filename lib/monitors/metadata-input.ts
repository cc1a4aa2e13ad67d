/**
 * The monitor metadata form: key/value rows checked the same way in the browser and in the server action
 * (start-monitor-input.ts). Client-safe and zod-free, so the pages that offer the form ship no schema library.
 */
import { caseReferenceProblem } from "@/lib/forms/case-reference";
import { metadataLimits, metadataWarnings } from "@/lib/registry/metadata-limits";

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
