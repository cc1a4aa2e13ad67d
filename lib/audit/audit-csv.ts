import type { AuditRow } from "@/db/schema";
import { csvHeaderLine, csvLine } from "@/lib/csv/csv-writer";

export const auditCsvHeader = ["time_utc", "actor", "action", "target", "details"];

type AuditCsvRow = Pick<AuditRow, "at" | "actorEmail" | "action" | "target" | "details">;

export function auditCsvLine(row: AuditCsvRow): string {
  return csvLine([row.at.toISOString(), row.actorEmail, row.action, row.target ?? "", JSON.stringify(row.details)]);
}

/** The audit log as CSV, through the one CSV writer (every cell quoted, spreadsheet formulas defused). */
export function auditCsv(rows: readonly AuditCsvRow[]): string {
  return csvHeaderLine(auditCsvHeader) + rows.map(auditCsvLine).join("");
}
