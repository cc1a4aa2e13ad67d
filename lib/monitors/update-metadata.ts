import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { isRegistryCountry } from "@/lib/registry/countries.shared";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { Monitor } from "@/lib/registry/schemas.shared";
import { caseReferenceKey } from "./metadata-input.shared";

/**
 * Replaces a monitor's metadata: the registry has no update call, so the console re-posts `POST /v2/monitors` for
 * the monitor's company, which returns the same monitor with the metadata replaced. Mirrored and audited with the
 * keys before and after. Registry refusals are thrown as RegistryError for the seam to map.
 */
export async function updateMonitorMetadata(
  user: SessionUser,
  registry: Registry,
  monitorId: string,
  metadata: Record<string, string>,
): Promise<Monitor> {
  const { client, connection } = registry;
  const current = await client.getMonitor(monitorId);
  const countryCode = current.countryCode;
  if (!isRegistryCountry(countryCode)) {
    throw new RegistryError({
      status: 400,
      code: "invalid_request",
      message: `This console cannot send monitor requests for ${countryCode}.`,
      details: [],
      retryable: false,
    });
  }
  const monitor = await client.createMonitor({ companyId: current.companyId, countryCode, metadata });
  const caseReference = metadata[caseReferenceKey] ?? null;
  await db().transaction(async (tx) => {
    // A monitor started elsewhere gets its record here, with no one named as its starter.
    await tx.execute(sql`
      insert into monitors (connection_id, monitor_id, country_code, company_id, company_name, case_reference, metadata, datapoint_notices)
      values (${connection.id}, ${monitor.id}, ${monitor.countryCode}, ${monitor.companyId}, ${monitor.companyName ?? current.companyName ?? null},
        ${caseReference}, ${JSON.stringify(monitor.metadata ?? metadata)}::jsonb, ${JSON.stringify(monitor.datapointNotices ?? [])}::jsonb)
      on conflict (connection_id, monitor_id) do update set
        case_reference = excluded.case_reference,
        metadata = excluded.metadata,
        datapoint_notices = excluded.datapoint_notices`);
    await audit(
      user,
      "monitor.metadata_updated",
      `${monitor.countryCode} ${monitor.companyId}`,
      {
        monitorId: monitor.id,
        connectionId: connection.id,
        keysBefore: Object.keys(current.metadata ?? {}),
        keysAfter: Object.keys(monitor.metadata ?? metadata),
        caseReference,
        // The registry answered with another monitor: the edited one was gone, so this started a new one.
        ...(monitor.id !== monitorId && { replacedMonitorId: monitorId }),
      },
      tx,
    );
  });
  return monitor;
}
