import type { StoredMonitor } from "./state";

/** A `monitor.notification` payload, built the same way for real checks and test notifications. */
export function monitorNotification(monitor: StoredMonitor, categories: readonly string[], deactivated: boolean, at: Date) {
  return {
    type: "monitor.notification",
    monitorId: monitor.id,
    companyId: monitor.companyId,
    countryCode: monitor.countryCode,
    timestamp: at.toISOString(),
    changeCategories: [...categories],
    monitorHasBeenDeactivated: deactivated,
    ...(Object.keys(monitor.metadata).length > 0 && { metadata: monitor.metadata }),
  };
}
