import "server-only";
import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { containsText } from "@/db/contains-pattern";
import { alerts, auditLog, companyRequests, type AuditRow } from "@/db/schema";
import type { AuditFilters } from "./audit-filters";

export const auditPageSize = 50;

export type AuditFilter = AuditFilters & { page: number };

/** The start of a UTC day, as a time. */
const startOfDay = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;

// The tables under the names the subqueries give them.
const [r, a] = [alias(companyRequests, "r"), alias(alerts, "a")];

/** The stored requests a row is about: its target, or the request its details name (an order's audit row). */
const rowRequests = (condition: SQL) => sql`exists (select 1 from ${companyRequests} ${r}
  where (${r.requestId} = ${auditLog.target} or ${r.requestId} = ${auditLog.details}->>'requestId') and ${condition})`;

/**
 * The page's filters as conditions on `audit_log`; its export reads the same. A company matches by any part of its
 * name or number in the row (its target, its details) or in the request or alert the row is about; a case reference
 * by the row's details or the request it is about; a target by any part of it. Any case, every character as itself.
 */
export function auditConditions(filter: AuditFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actor) conditions.push(eq(auditLog.actorEmail, filter.actor));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.from) conditions.push(sql`${auditLog.at} >= ${startOfDay(filter.from)}`);
  if (filter.to) conditions.push(sql`${auditLog.at} < ${startOfDay(filter.to)} + interval '1 day'`);
  if (filter.company) {
    const part = filter.company;
    conditions.push(
      or(
        containsText(auditLog.target, part),
        containsText(sql`${auditLog.details}->>'companyId'`, part),
        containsText(sql`${auditLog.details}->>'companyName'`, part),
        rowRequests(sql`(${containsText(r.companyName, part)} or ${containsText(r.companyId, part)})`),
        sql`exists (select 1 from ${alerts} ${a} where ${auditLog.target} = 'alert ' || ${a.id}
          and (${containsText(a.companyName, part)} or ${containsText(a.companyId, part)}))`,
      ),
    );
  }
  if (filter.caseReference) {
    const part = filter.caseReference;
    conditions.push(
      or(
        containsText(sql`${auditLog.details}->>'caseReference'`, part),
        rowRequests(containsText(sql`${r.filings}->>'caseReference'`, part)),
      ),
    );
  }
  if (filter.target) conditions.push(containsText(auditLog.target, filter.target));
  const set = conditions.filter((condition): condition is SQL => condition !== undefined);
  return set.length ? and(...set) : undefined;
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
