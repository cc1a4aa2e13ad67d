import "server-only";
/**
 * The portfolio's columns as CSV, headers in words, values in words (the vocabulary's labels), times in ISO UTC.
 * Pure (the row mapping of the export; the lines go through the one CSV writer).
 */
import { label } from "@/lib/vocabulary/words.shared";
import type { PortfolioRow } from "./portfolio-list";
import { reviewDueFromToday } from "@/lib/reviews/review-dates.shared";

export const portfolioCsvHeader = [
  "company",
  "country",
  "company number",
  "risk rating",
  "score",
  "rating pinned by hand",
  "rating incomplete",
  "top reasons",
  "last review",
  "last reviewed by",
  "last review outcome",
  "next review due",
  "review due",
  "monitored",
  "open alerts",
  "compliance flags",
  "case references",
  "owner",
  "customer",
];

const yesNo = (value: boolean) => (value ? "yes" : "no");

/** One entry as the cells of its line; what is not known yet is an empty cell ("not rated yet" for the rating). */
export function portfolioCsvCells(row: PortfolioRow, now: Date): string[] {
  return [
    row.companyName ?? "",
    row.countryCode,
    row.companyId,
    row.rating ? label("riskRating", row.rating) : "not rated yet",
    row.score === null ? "" : String(row.score),
    yesNo(row.pinned),
    yesNo(row.incomplete),
    row.topReasons.join(" | "),
    row.lastReview?.at.toISOString() ?? "",
    row.lastReview?.by ?? "",
    row.lastReview ? label("reviewOutcome", row.lastReview.outcome) : "",
    row.nextReviewDue?.toISOString() ?? "",
    reviewDueFromToday(row.nextReviewDue, now).text,
    yesNo(row.monitored),
    String(row.openAlerts),
    row.activeFlags.map((flag) => label("complianceFlag", flag)).join(" | "),
    row.caseReferences.join(" | "),
    row.owner?.email ?? "",
    yesNo(row.customer),
  ];
}
