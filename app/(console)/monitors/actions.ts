"use server";

import { registryAction } from "@/lib/registry-seam/registry-action";
import { isRegistryCountry } from "@/lib/registry/countries.shared";
import { caseReferenceKey, metadataRecord } from "@/lib/monitors/metadata-input.shared";
import {
  startMonitorForRequestInputSchema,
  startMonitorInputSchema,
  updateMonitorForRequestInputSchema,
} from "@/lib/monitors/start-monitor-input";
import { startMonitor } from "@/lib/monitors/start-monitor";
import { updateMonitorMetadata } from "@/lib/monitors/update-metadata";

/** From the company page: monitors the company through the session's active connection. */
export const startMonitorAction = registryAction("manageMonitors", startMonitorInputSchema, async (input, { user, registry }) => {
  const metadata = metadataRecord(input.metadata);
  const { monitor, alreadyMonitored } = await startMonitor(user, await registry(), {
    countryCode: input.countryCode,
    companyId: input.companyId,
    metadata,
    caseReference: metadata[caseReferenceKey] ?? null,
  });
  return { ok: true, data: { monitorId: monitor.id, alreadyMonitored, datapointNotices: monitor.datapointNotices ?? [] } };
});

/** From a dossier: monitors the request's company through the request's own connection (its webhooks arrive there). */
export const startMonitorForRequestAction = registryAction(
  "manageMonitors",
  startMonitorForRequestInputSchema,
  async (input, { user, registry, followed }) => {
    const { countryCode, companyId } = followed;
    if (!countryCode || !isRegistryCountry(countryCode) || !companyId) {
      return { ok: false, code: "invalid_input", error: "This request does not name a company the registry can monitor yet." };
    }
    const metadata = metadataRecord(input.metadata);
    const { monitor, alreadyMonitored } = await startMonitor(user, await registry(), {
      countryCode,
      companyId,
      metadata,
      caseReference: metadata[caseReferenceKey] ?? null,
    });
    return { ok: true, data: { monitorId: monitor.id, alreadyMonitored, datapointNotices: monitor.datapointNotices ?? [] } };
  },
  { followUp: (input) => input.requestId },
);

/** From a dossier: edits the metadata of the monitor watching its company, on the request's own connection (where it was started). */
export const updateMonitorForRequestAction = registryAction(
  "manageMonitors",
  updateMonitorForRequestInputSchema,
  async (input, { user, registry }) => {
    const monitor = await updateMonitorMetadata(user, await registry(), input.monitorId, metadataRecord(input.metadata));
    return { ok: true, data: { monitorId: monitor.id } };
  },
  { followUp: (input) => input.requestId },
);
