import "server-only";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { auditLog, type AuditRow } from "@/db/schema";

export const auditPageSize = 50;

export type AuditFilter = { actor?: string; action?: string; page: number };

/** The page's filters (who acted, which action) as conditions on `audit_log`; its export reads the same. */
export function auditConditions(filter: Omit<AuditFilter, "page">): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(eq(auditLog.actorEmail, filter.actor));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAudit(filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number; pages: number }> {
  const where = auditConditions(filter);
  const [rows, [totals]] = await Promise.all([
    db()
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(auditPageSize)
      .offset((filter.page - 1) * auditPageSize),
    db().select({ total: count() }).from(auditLog).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { rows, total, pages: Math.max(1, Math.ceil(total / auditPageSize)) };
}

/** Actor emails seen in the log, for the filter. */
export async function auditActors(): Promise<string[]> {
  const rows = await db().selectDistinct({ email: auditLog.actorEmail }).from(auditLog).orderBy(auditLog.actorEmail).limit(500);
  return rows.map((r) => r.email);
}
