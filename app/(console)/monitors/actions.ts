"use server";

import { registryAction } from "@/lib/registry-seam/registry-action";
import { metadataRecord } from "@/lib/monitors/metadata-input.shared";
import {
  startMonitorForRequestInputSchema,
  startMonitorInputSchema,
  updateMonitorForRequestInputSchema,
} from "@/lib/monitors/start-monitor-input";
import { monitorableCompany, startMonitorFromForm } from "@/lib/monitors/start-monitor";
import { updateMonitorMetadata } from "@/lib/monitors/update-metadata";

/** From the company page: monitors the company through the session's active connection. */
export const startMonitorAction = registryAction("manageMonitors", startMonitorInputSchema, async (input, { user, registry }) => ({
  ok: true,
  data: await startMonitorFromForm(user, await registry(), { countryCode: input.countryCode, companyId: input.companyId }, input.metadata),
}));

/** From a dossier: monitors the request's company through the request's own connection (its webhooks arrive there). */
export const startMonitorForRequestAction = registryAction(
  "manageMonitors",
  startMonitorForRequestInputSchema,
  async (input, { user, registry, followed }) => {
    const company = monitorableCompany(followed);
    if (!company) return { ok: false, code: "invalid_input", error: "This request does not name a company the registry can monitor yet." };
    return { ok: true, data: await startMonitorFromForm(user, await registry(), company, input.metadata) };
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
