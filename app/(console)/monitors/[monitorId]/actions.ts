"use server";

import { z } from "zod";
import { registryAction } from "@/lib/registry-seam/registry-action";
import { metadataRecord } from "@/lib/monitors/metadata-input.shared";
import { metadataEntriesSchema } from "@/lib/monitors/start-monitor-input";
import { stopMonitor } from "@/lib/monitors/stop-monitor";
import { requestTestNotification } from "@/lib/monitors/test-notification";
import { updateMonitorMetadata } from "@/lib/monitors/update-metadata";
import { changeCategories } from "@/lib/registry/schemas.shared";

const monitorId = z.string().min(1);

export const updateMetadataAction = registryAction(
  "manageMonitors",
  z.object({ monitorId, metadata: metadataEntriesSchema }),
  async (input, { user, registry }) => {
    const monitor = await updateMonitorMetadata(user, await registry(), input.monitorId, metadataRecord(input.metadata));
    return { ok: true, data: { monitorId: monitor.id } };
  },
);

export const sendTestNotificationAction = registryAction(
  "manageMonitors",
  z.object({
    monitorId,
    categories: z.array(z.enum(changeCategories)).min(1, { error: "Pick at least one change category." }),
    deactivation: z.boolean(),
  }),
  async (input, { user, registry }) => {
    const { testRequestId } = await requestTestNotification(user, await registry(), input.monitorId, input);
    return { ok: true, data: { testRequestId } };
  },
);

export const stopMonitorAction = registryAction("manageMonitors", z.object({ monitorId }), async (input, { user, registry }) => {
  await stopMonitor(user, await registry(), input.monitorId);
  return { ok: true, data: undefined };
});
