import "server-only";
import type { RequestListRow } from "./list-requests";
import { requestPurposeLabels } from "./origins";

/** The requests list's columns as CSV. Pure (the row mapping of the export). */
export const requestsCsvHeader = [
  "request id",
  "country",
  "company id",
  "company name",
  "status",
  "datapoints final",
  "datapoints total",
  "charged credits",
  "version",
  "origin",
  "ordered by",
  "created at",
  "updated at",
  "purpose",
  "follow-up of",
  "case reference",
];

/**
 * One request as the cells of its line (its purpose in words, and the request it follows up); a value the
 * registry has not reported is an empty cell, never a guess.
 */
export function requestCsvCells(row: RequestListRow): string[] {
  return [
    row.requestId,
    row.countryCode ?? "",
    row.companyId ?? "",
    row.companyName ?? "",
    row.complete ? "complete" : "in progress",
    String(row.datapoints.final),
    String(row.datapoints.total),
    row.charged === undefined ? "" : String(row.charged),
    String(row.version),
    row.origin,
    row.orderedBy ?? "",
    row.createdAt,
    row.updatedAt,
    row.purpose ? requestPurposeLabels[row.purpose] : "",
    row.parentRequestId ?? "",
    row.caseReference ?? "",
  ];
}
