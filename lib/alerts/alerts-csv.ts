import "server-only";
import type { InboxRow } from "./inbox-page";
import { alertOutcomeLabels, alertStateLabels, categoryLabel } from "./labels.shared";

/** The inbox's columns as CSV. Pure (the row mapping of the export). */
export const alertsCsvHeader = [
  "alert id",
  "state",
  "outcome",
  "categories",
  "test",
  "monitor deactivated",
  "country",
  "company id",
  "company name",
  "monitor id",
  "assignee",
  "due at",
  "last notified at",
  "notifications",
];

/** One alert as the cells of its line, its words as the inbox shows them; a resolved alert has no due date. */
export function alertCsvCells(row: InboxRow): string[] {
  return [
    String(row.id),
    alertStateLabels[row.state],
    row.outcome ? alertOutcomeLabels[row.outcome] : "",
    row.categories.map(categoryLabel).join(", "),
    row.isTest ? "yes" : "no",
    row.deactivation ? "yes" : "no",
    row.countryCode,
    row.companyId,
    row.companyName ?? "",
    row.monitorId,
    row.assignee?.email ?? "",
    row.state === "resolved" ? "" : row.dueAt.toISOString(),
    row.lastNotifiedAt.toISOString(),
    String(row.notificationCount),
  ];
}
