/**
 * A risk alert is filed under a monitor id of its own, `risk:<country>:<company id>` (no registry monitor has one
 * like it), so it groups and triages as a monitor's alert does.
 */
const prefix = "risk:";

export const riskMonitorId = (countryCode: string, companyId: string) => `${prefix}${countryCode}:${companyId}`;

/** Whether an alert's monitor id is a risk alert's (no registry monitor behind it: nothing to re-retrieve or open). */
export const isRiskMonitorId = (monitorId: string) => monitorId.startsWith(prefix);

/** Why a risk alert offers no "See what changed": no notification named categories to order again. */
export const riskAlertHasNoReretrieval =
  "A risk alert comes from the company's rating, not from a monitor: there is nothing to order again. Its reasons are in the timeline, and the company file has the data they name.";
