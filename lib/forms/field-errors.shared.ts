import type { z } from "zod";

/**
 * zod's issues as field messages keyed by their dotted path ("highUsageTiers.1.cents"; "form" for the input as a
 * whole): the one shape server actions return and forms show, so a form checking in the browser with the same
 * schema puts each message where the server would.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) (fieldErrors[issue.path.join(".") || "form"] ??= []).push(issue.message);
  return fieldErrors;
}

/** Several checks' field messages as one, each field's messages in order. */
export function mergeFieldErrors(...maps: Record<string, string[]>[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const map of maps) for (const [path, messages] of Object.entries(map)) (merged[path] ??= []).push(...messages);
  return merged;
}
