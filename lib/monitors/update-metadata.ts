import "server-only";
import { db } from "@/db/client";
import { monitors } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { isRegistryCountry } from "@/lib/registry/countries.shared";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { Monitor } from "@/lib/registry/schemas.shared";
import { caseReferenceKey } from "./metadata-input.shared";
import { monitorRecordKey, monitorRecordOf } from "./monitor-records";

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
    const mirrored = { caseReference, metadata: monitor.metadata ?? metadata, datapointNotices: monitor.datapointNotices ?? [] };
    await tx
      .insert(monitors)
      .values({
        ...monitorRecordOf(connection.id, monitor),
        companyName: monitor.companyName ?? current.companyName ?? null,
        ...mirrored,
      })
      .onConflictDoUpdate({ target: monitorRecordKey, set: mirrored });
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
