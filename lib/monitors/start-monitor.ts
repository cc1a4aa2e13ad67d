import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { monitors } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { isRegistryCountry, type RegistryCountry } from "@/lib/registry/countries.shared";
import type { DatapointNotice, Monitor } from "@/lib/registry/schemas.shared";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { caseReferenceKey, metadataRecord, type MetadataEntry } from "./metadata-input.shared";
import { monitorRecordKey, monitorRecordOf } from "./monitor-records";

export type StartMonitorInput = {
  countryCode: RegistryCountry;
  companyId: string;
  /** Sent as the monitor's metadata (the registry echoes it in every notification); validated by the caller. */
  metadata: Record<string, string>;
  caseReference: string | null;
};

/** What a start tells the page: which monitor, whether it already existed, and its blocked datapoints. */
export type StartedMonitorView = { monitorId: string; alreadyMonitored: boolean; datapointNotices: DatapointNotice[] };

export type StartedMonitor = {
  monitor: Monitor;
  /** The registry returned a monitor that already watched this company (its metadata now replaced). */
  alreadyMonitored: boolean;
};

/**
 * Starts monitoring a company through `registry` and mirrors it with who started it and why. The registry answers
 * a repeated start with the existing monitor, so the console first lists the company's monitors (a free read) to
 * say which it was. Audited either way. Registry refusals are thrown as RegistryError for the seam to map.
 */
export async function startMonitor(user: SessionUser, registry: Registry, input: StartMonitorInput): Promise<StartedMonitor> {
  const { client, connection } = registry;
  const existing = await client.listMonitors({ companyId: input.companyId, countryCode: input.countryCode, first: 50 });
  const monitor = await client.createMonitor({
    companyId: input.companyId,
    countryCode: input.countryCode,
    ...(Object.keys(input.metadata).length > 0 && { metadata: input.metadata }),
  });
  const alreadyMonitored = existing.monitors.some((m) => m.id === monitor.id);
  await db().transaction(async (tx) => {
    const row = {
      ...monitorRecordOf(connection.id, monitor),
      companyName: monitor.companyName ?? null,
      caseReference: input.caseReference,
      startedBy: user.id,
      startedByEmail: user.email,
      metadata: monitor.metadata ?? {},
      datapointNotices: monitor.datapointNotices ?? [],
    };
    // A monitor stopped here and started again is this user's new start.
    const running = sql`${monitors.stoppedAt} is null`;
    await tx
      .insert(monitors)
      .values(row)
      .onConflictDoUpdate({
        target: monitorRecordKey,
        set: {
          companyName: sql`coalesce(${row.companyName}, ${monitors.companyName})`,
          caseReference: sql`coalesce(${row.caseReference}, ${monitors.caseReference})`,
          metadata: row.metadata,
          datapointNotices: row.datapointNotices,
          startedBy: sql`case when ${running} then coalesce(${monitors.startedBy}, ${row.startedBy}) else ${row.startedBy} end`,
          startedByEmail: sql`case when ${running} then coalesce(${monitors.startedByEmail}, ${row.startedByEmail}) else ${row.startedByEmail} end`,
          startedAt: sql`case when ${running} then ${monitors.startedAt} else now() end`,
          stoppedAt: null,
          stoppedBy: null,
        },
      });
    await audit(
      user,
      "monitor.started",
      `${monitor.countryCode} ${monitor.companyId}`,
      {
        monitorId: monitor.id,
        connectionId: connection.id,
        alreadyMonitored,
        caseReference: input.caseReference,
        metadataKeys: Object.keys(input.metadata),
        blockedDatapoints: (monitor.datapointNotices ?? []).map((n) => n.datapoint),
      },
      tx,
    );
  });
  return { monitor, alreadyMonitored };
}

/**
 * Starts monitoring a company with the metadata entries of the monitor form (the case reference among them is also
 * kept beside the mirror), answered as the page shows it.
 */
export async function startMonitorFromForm(
  user: SessionUser,
  registry: Registry,
  company: { countryCode: RegistryCountry; companyId: string },
  entries: readonly MetadataEntry[],
): Promise<StartedMonitorView> {
  const metadata = metadataRecord(entries);
  const { monitor, alreadyMonitored } = await startMonitor(user, registry, {
    ...company,
    metadata,
    caseReference: metadata[caseReferenceKey] ?? null,
  });
  return { monitorId: monitor.id, alreadyMonitored, datapointNotices: monitor.datapointNotices ?? [] };
}

/** The company a stored request names, when it names one the registry can monitor. */
export function monitorableCompany({
  countryCode,
  companyId,
}: Pick<StoredRequest, "countryCode" | "companyId">): { countryCode: RegistryCountry; companyId: string } | undefined {
  return countryCode && isRegistryCountry(countryCode) && companyId ? { countryCode, companyId } : undefined;
}
