import "server-only";
import { desc, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { auditLog, type AuditRow } from "@/db/schema";
import type { AuditAction } from "@/lib/audit/audit";

/** The audit actions that record an export (a CSV, an evidence pack, a calendar). */
export const exportActions = [
  "audit.exported",
  "monitors.exported",
  "pricing.exported",
  "requests.exported",
  "alerts.exported",
  "billing.events_exported",
  "calendar.exported",
  "evidence.exported",
] as const satisfies readonly AuditAction[];

/** The newest audit rows (optionally only of `actions`), without counting the whole log as the Audit page does. */
export async function recentAuditRows(limit: number, actions?: readonly AuditAction[]): Promise<AuditRow[]> {
  return db()
    .select()
    .from(auditLog)
    .where(actions ? inArray(auditLog.action, [...actions]) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
