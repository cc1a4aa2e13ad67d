import "server-only";
import { mapBounded } from "@/lib/async/map-bounded";
import type { Registry } from "@/lib/connections/registry-for";
import type { RegistryCountry } from "@/lib/registry/countries.shared";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { monitorListDefaultFirst, type Monitor } from "@/lib/registry/schemas.shared";
import { monitorHealth, type MonitorHealth } from "./health";
import { monitorRecords, recordMonitorSeen, type MonitorRecord } from "./monitor-records";

export type MonitorListQuery = { companyId?: string; countryCode?: RegistryCountry; after?: string; first?: number };

export type LastCheck = { at: Date; fetchStatus: string; errorMessage: string | null };

export type MonitorListRow = {
  monitor: Monitor;
  /** The console's record (read after this page recorded what it learnt). */
  record: MonitorRecord | undefined;
  /** The newest check: read now, or else as last recorded. */
  lastCheck: LastCheck | undefined;
  /** Reading this monitor's log failed: the registry's words, shown on its row only. */
  checkError: RegistryErrorInfo | undefined;
  health: MonitorHealth;
};

export type MonitorListPage = { rows: MonitorListRow[]; total: number; hasNextPage: boolean; nextCursor: string | undefined };

/** Log reads in flight at once for one page (each is one free call to the registry). */
const logReadConcurrency = 4;

/** The newest entry of a monitor's log (`first: 1`), or the registry's refusal. */
async function readLastCheck(registry: Registry, monitor: Monitor): Promise<{ check?: LastCheck; error?: RegistryErrorInfo }> {
  try {
    const { logs } = await registry.client.monitorLogs(monitor.id, { first: 1 });
    const newest = logs[0];
    return {
      check: newest && { at: new Date(newest.createdAt), fetchStatus: newest.fetchStatus, errorMessage: newest.errorMessage ?? null },
    };
  } catch (error) {
    if (error instanceof RegistryError) return { error: error.toInfo() };
    throw error;
  }
}

/**
 * One page of the connection's monitors from `GET /v2/monitors`, each with its newest check (read with bounded
 * concurrency, and recorded into the console's record), the console's record and its health at `now`. A failure
 * reading one monitor's log shows on its row; the list call's own refusal is thrown as RegistryError.
 */
export async function listMonitorsPage(registry: Registry, query: MonitorListQuery, now: Date): Promise<MonitorListPage> {
  const listed = await registry.client.listMonitors({ ...query, first: query.first ?? monitorListDefaultFirst });
  const checks = await mapBounded(listed.monitors, logReadConcurrency, async (monitor) => {
    const read = await readLastCheck(registry, monitor);
    await recordMonitorSeen(
      registry.connection.id,
      monitor,
      read.check && { at: read.check.at.toISOString(), fetchStatus: read.check.fetchStatus, errorMessage: read.check.errorMessage },
    );
    return read;
  });
  const records = await monitorRecords(
    registry.connection.id,
    listed.monitors.map((m) => m.id),
  );
  const rows = listed.monitors.map((monitor, index): MonitorListRow => {
    const record = records.get(monitor.id);
    const { check, error } = checks[index]!;
    const lastCheck = check ?? record?.lastCheck;
    const startedAt = monitor.createdAt ? new Date(monitor.createdAt) : record?.startedAt;
    return {
      monitor,
      record,
      lastCheck,
      checkError: error,
      health: monitorHealth({ startedAt, lastCheck, deactivation: record?.deactivation }, now),
    };
  });
  return { rows, total: listed.total, hasNextPage: listed.hasNextPage, nextCursor: listed.nextCursor ?? undefined };
}
