/**
 * The case reference: one limit, and one message, for every form, action and import that takes one (orders, fast
 * mode, monitors, "See what changed", the monitors CSV import, the calendar's filter). It travels to the registry as
 * a metadata value, which the registry cuts past 500 characters, so that is the limit, counted in characters (Unicode
 * code points, as the registry counts them), not bytes. Zod-free.
 */
import { metadataLimits } from "@/lib/registry/metadata-limits.shared";

export const caseReferenceMax = metadataLimits.maxValueLength;

/** Why this case reference cannot be taken (it is too long), or undefined. */
export function caseReferenceProblem(caseReference: string): string | undefined {
  const length = Array.from(caseReference).length;
  return length > caseReferenceMax ? `A case reference is at most ${caseReferenceMax} characters; this one has ${length}.` : undefined;
}
