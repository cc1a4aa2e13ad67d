import "server-only";
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { alerts, monitors, users } from "@/db/schema";
import type { Monitor } from "@/lib/registry/schemas.shared";

/** The console's own record of a monitor, as pages show it beside the registry's. */
export type MonitorRecord = {
  monitorId: string;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  caseReference: string | null;
  /** Null when the monitor was started outside this console. */
  startedByEmail: string | null;
  startedAt: Date;
  metadata: Record<string, string>;
  lastCheck: { at: Date; fetchStatus: string; errorMessage: string | null } | undefined;
  deactivation: { at: Date; reason: string | null } | undefined;
  stopped: { at: Date; byEmail: string | null } | undefined;
  /** Its open (new or in review) real alert, if any. */
  openAlertId: number | undefined;
};

/** A record's key: the target of the upserts that write one. */
export const monitorRecordKey = [monitors.connectionId, monitors.monitorId];

/** What every write of a record starts with: its key, and the company the monitor watches as the registry names it. */
export const monitorRecordOf = (connectionId: string, monitor: Pick<Monitor, "id" | "countryCode" | "companyId">) => ({
  connectionId,
  monitorId: monitor.id,
  countryCode: monitor.countryCode,
  companyId: monitor.companyId,
});

type RecordRow = {
  monitor_id: string;
  country_code: string;
  company_id: string;
  company_name: string | null;
  case_reference: string | null;
  started_by_email: string | null;
  started_at: Date;
  metadata: Record<string, string>;
  last_check_at: Date | null;
  last_fetch_status: string | null;
  last_error_message: string | null;
  deactivated_at: Date | null;
  deactivation_reason: string | null;
  stopped_at: Date | null;
  stopped_by_email: string | null;
  open_alert_id: string | null;
};

const toRecord = (row: RecordRow): MonitorRecord => ({
  monitorId: row.monitor_id,
  countryCode: row.country_code,
  companyId: row.company_id,
  companyName: row.company_name,
  caseReference: row.case_reference,
  startedByEmail: row.started_by_email,
  startedAt: new Date(row.started_at),
  metadata: row.metadata,
  lastCheck:
    row.last_check_at && row.last_fetch_status
      ? { at: new Date(row.last_check_at), fetchStatus: row.last_fetch_status, errorMessage: row.last_error_message }
      : undefined,
  deactivation: row.deactivated_at ? { at: new Date(row.deactivated_at), reason: row.deactivation_reason } : undefined,
  stopped: row.stopped_at ? { at: new Date(row.stopped_at), byEmail: row.stopped_by_email } : undefined,
  openAlertId: row.open_alert_id === null ? undefined : Number(row.open_alert_id),
});

/** The records of these monitors of one connection, by monitor id (a monitor this console never saw has none). */
export async function monitorRecords(connectionId: string, monitorIds: readonly string[]): Promise<Map<string, MonitorRecord>> {
  if (monitorIds.length === 0) return new Map();
  const [a, m, u] = [alias(alerts, "a"), alias(monitors, "m"), alias(users, "u")];
  const rows = await db().execute<RecordRow>(sql`
    select ${m.monitorId}, ${m.countryCode}, ${m.companyId}, ${m.companyName}, ${m.caseReference}, ${m.startedByEmail}, ${m.startedAt},
      ${m.metadata}, ${m.lastCheckAt}, ${m.lastFetchStatus}, ${m.lastErrorMessage}, ${m.deactivatedAt}, ${m.deactivationReason},
      ${m.stoppedAt}, ${u.email} as stopped_by_email,
      (select ${a.id} from ${alerts} ${a} where ${a.connectionId} = ${m.connectionId} and ${a.monitorId} = ${m.monitorId}
        and ${a.state} <> 'resolved' and not ${a.isTest} order by ${a.id} desc limit 1) as open_alert_id
    from ${monitors} ${m} left join ${users} ${u} on ${u.id} = ${m.stoppedBy}
    where ${m.connectionId} = ${connectionId}
      and ${m.monitorId} in (${sql.join(
        monitorIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return new Map(rows.rows.map((row) => [row.monitor_id, toRecord(row)]));
}

export async function monitorRecord(connectionId: string, monitorId: string): Promise<MonitorRecord | undefined> {
  return (await monitorRecords(connectionId, [monitorId])).get(monitorId);
}

/**
 * Monitors of this connection the registry no longer checks: deactivated by a final notification, or stopped
 * here. Newest first. The registry may leave them out of its list, so the console shows them from its record.
 */
export async function inactiveMonitorRecords(connectionId: string, limit = 20): Promise<MonitorRecord[]> {
  const found = await db()
    .select({ monitorId: monitors.monitorId })
    .from(monitors)
    .where(and(eq(monitors.connectionId, connectionId), or(isNotNull(monitors.deactivatedAt), isNotNull(monitors.stoppedAt))))
    .orderBy(desc(sql`greatest(${monitors.deactivatedAt}, ${monitors.stoppedAt})`))
    .limit(limit);
  const records = await monitorRecords(
    connectionId,
    found.map((r) => r.monitorId),
  );
  return found.flatMap((r) => records.get(r.monitorId) ?? []);
}

/** The record of the monitor watching this company on this connection (not stopped here), if any. */
export async function companyMonitorRecord(
  connectionId: string,
  countryCode: string,
  companyId: string,
): Promise<MonitorRecord | undefined> {
  const [found] = await db()
    .select({ monitorId: monitors.monitorId })
    .from(monitors)
    .where(
      and(
        eq(monitors.connectionId, connectionId),
        eq(monitors.countryCode, countryCode),
        eq(monitors.companyId, companyId),
        isNull(monitors.stoppedAt),
      ),
    )
    .orderBy(desc(monitors.startedAt))
    .limit(1);
  const monitorId = found?.monitorId;
  return monitorId === undefined ? undefined : monitorRecord(connectionId, monitorId);
}

/**
 * Records what the console read of a monitor: its newest check (when one was read) and its name. A monitor started
 * outside this console gets its record now, with no one named as its starter.
 */
export async function recordMonitorSeen(
  connectionId: string,
  monitor: Monitor,
  lastCheck: { at: string; fetchStatus: string; errorMessage: string | null } | undefined,
): Promise<void> {
  const startedAt = monitor.createdAt && !Number.isNaN(Date.parse(monitor.createdAt)) ? monitor.createdAt : new Date().toISOString();
  // What the registry said this time replaces the record; what it left out (no name, no check read) is kept.
  const read = {
    ...(monitor.metadata !== undefined && { metadata: monitor.metadata }),
    ...(monitor.datapointNotices !== undefined && { datapointNotices: monitor.datapointNotices }),
    ...(lastCheck && {
      lastCheckAt: sql`${lastCheck.at}::timestamptz`,
      lastFetchStatus: lastCheck.fetchStatus,
      lastErrorMessage: lastCheck.errorMessage,
    }),
  };
  await db()
    .insert(monitors)
    .values({
      ...monitorRecordOf(connectionId, monitor),
      companyName: monitor.companyName ?? null,
      startedAt: sql`${startedAt}::timestamptz`,
      ...read,
    })
    .onConflictDoUpdate({
      target: monitorRecordKey,
      set: { companyName: sql`coalesce(${monitor.companyName ?? null}, ${monitors.companyName})`, ...read },
    });
}
