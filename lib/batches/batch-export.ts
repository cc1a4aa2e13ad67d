import "server-only";
/**
 * A batch's result as CSV cells: each row as given, how it was matched and what became of it, in words. Written by
 * the console's one CSV writer (lib/csv), which guards every cell against spreadsheet formulas. Pure.
 */
import type { BatchRowRecord } from "@/db/schema";
import { label } from "@/lib/vocabulary/words.shared";

/** The first five columns are the import's own, so the result (or those columns) imports as it is. */
export const batchResultCsvHeader = [
  "name",
  "country",
  "registration number",
  "case reference",
  "owner",
  "row",
  "problems",
  "match",
  "match reason",
  "match score",
  "company id",
  "company name",
  "outcome",
  "outcome reason",
  "request id",
] as const;

export function batchResultCells(row: BatchRowRecord): string[] {
  return [
    row.input.name ?? "",
    row.countryCode,
    row.input.number ?? "",
    row.input.caseReference ?? "",
    row.input.owner ?? "",
    String(row.rowNumber),
    row.problems.join(" "),
    label("batchMatchState", row.matchState),
    row.matchReason ?? "",
    row.matchScore === null ? "" : `${Math.round(row.matchScore * 100)}%`,
    row.companyId ?? "",
    row.companyName ?? "",
    label("batchRowOutcome", row.outcome),
    row.outcomeReason ?? "",
    row.requestId ?? "",
  ];
}
