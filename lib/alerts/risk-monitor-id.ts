/**
 * A risk alert is filed under a monitor id of its own, `risk:<country>:<company id>` (no registry monitor has one
 * like it), so it groups and triages as a monitor's alert does. Safe to import from client components.
 */
const prefix = "risk:";

export const riskMonitorId = (countryCode: string, companyId: string) => `${prefix}${countryCode}:${companyId}`;

/** Whether an alert's monitor id is a risk alert's (no registry monitor behind it: nothing to re-retrieve or open). */
export const isRiskMonitorId = (monitorId: string) => monitorId.startsWith(prefix);
