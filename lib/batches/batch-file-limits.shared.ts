/**
 * The limits of a customer list and the names of its columns, as the import page quotes them, with no
 * dependency (the page's form checks a file's size before sending it). batch-csv.ts reads the file.
 */

export const batchFileLimits = {
  maxBytes: 2 * 1024 * 1024,
  maxRows: 5_000,
} as const;

export type BatchColumn = "name" | "country" | "number" | "caseReference" | "owner";

/** The header names the page lists, one per column. */
export const batchColumnNames: Record<BatchColumn, string> = {
  name: "name",
  country: "country",
  number: "registration number",
  caseReference: "case reference",
  owner: "owner",
};

/** The file's size in words when it is over the limit, else undefined (the page checks before reading it). */
export function fileTooLarge(bytes: number): string | undefined {
  return bytes > batchFileLimits.maxBytes
    ? `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; a list takes at most ${batchFileLimits.maxBytes / 1024 / 1024} MB.`
    : undefined;
}
