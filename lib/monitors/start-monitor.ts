import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { isRegistryCountry, type RegistryCountry } from "@/lib/registry/countries.shared";
import type { DatapointNotice, Monitor } from "@/lib/registry/schemas.shared";
import type { StoredRequest } from "@/lib/requests/stored-request";
import { caseReferenceKey, metadataRecord, type MetadataEntry } from "./metadata-input.shared";

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
    await tx.execute(sql`
      insert into monitors (connection_id, monitor_id, country_code, company_id, company_name, case_reference, started_by,
        started_by_email, metadata, datapoint_notices)
      values (${connection.id}, ${monitor.id}, ${monitor.countryCode}, ${monitor.companyId}, ${monitor.companyName ?? null},
        ${input.caseReference}, ${user.id}, ${user.email}, ${JSON.stringify(monitor.metadata ?? {})}::jsonb,
        ${JSON.stringify(monitor.datapointNotices ?? [])}::jsonb)
      on conflict (connection_id, monitor_id) do update set
        company_name = coalesce(excluded.company_name, monitors.company_name),
        case_reference = coalesce(excluded.case_reference, monitors.case_reference),
        metadata = excluded.metadata,
        datapoint_notices = excluded.datapoint_notices,
        -- a monitor stopped here and started again is this user's new start
        started_by = case when monitors.stopped_at is null then coalesce(monitors.started_by, excluded.started_by) else excluded.started_by end,
        started_by_email = case when monitors.stopped_at is null then coalesce(monitors.started_by_email, excluded.started_by_email) else excluded.started_by_email end,
        started_at = case when monitors.stopped_at is null then monitors.started_at else now() end,
        stopped_at = null,
        stopped_by = null`);
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
