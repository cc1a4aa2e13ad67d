import "server-only";
import type { AuditRow } from "@/db/schema";

export const auditCsvHeader = ["time_utc", "actor", "action", "target", "details"];

type AuditCsvRow = Pick<AuditRow, "at" | "actorEmail" | "action" | "target" | "details">;

/** One audit row as the cells of its line (the details as JSON). Pure. */
export function auditCsvCells(row: AuditCsvRow): string[] {
  return [row.at.toISOString(), row.actorEmail, row.action, row.target ?? "", JSON.stringify(row.details)];
}
