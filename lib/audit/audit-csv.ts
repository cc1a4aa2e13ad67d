import type { AuditRow } from "@/db/schema";

function cell(value: string): string {
  // Quote every cell; a leading = + - @ is prefixed so spreadsheets do not run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const auditCsvHeader = ["time_utc", "actor", "action", "target", "details"];

export function auditCsvLine(row: Pick<AuditRow, "at" | "actorEmail" | "action" | "target" | "details">): string {
  return [row.at.toISOString(), row.actorEmail, row.action, row.target ?? "", JSON.stringify(row.details)].map(cell).join(",") + "\r\n";
}
