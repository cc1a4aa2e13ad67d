import type { AccountTierList, AccountToggle, AccountWindow } from "@/lib/billing/account-settings-draft.shared";
import { billingTierNames } from "@/lib/registry/schemas.shared";

/**
 * The account's billing notification settings in the vendor's own terms (its group names from the OpenAPI's
 * descriptions, its field names shown beside each setting), in the order of the vendor's resolved config.
 * Imports the contract's schemas: for server components and the lazily loaded form only.
 */
export type AccountSettingsGroup = {
  title: string;
  description: string;
  toggles: { field: AccountToggle; label: string }[];
  window?: { field: AccountWindow; label: string };
  tiers?: { field: AccountTierList; label: string; max: number; names?: readonly string[] };
};

/** The vendor's three toggles of each notification kind: the master toggle, then the two routes. */
const routes = (master: AccountToggle, email: AccountToggle, webhook: AccountToggle) => [
  { field: master, label: "Master toggle" },
  { field: email, label: "Route via email" },
  { field: webhook, label: "Route via webhook" },
];

export const accountSettingsGroups: AccountSettingsGroup[] = [
  {
    title: "Low-balance notifications",
    description: "Each tier fires once when the account balance drops to or below its threshold.",
    toggles: routes("lowBalanceEnabled", "lowBalanceEmailEnabled", "lowBalanceWebhookEnabled"),
    tiers: { field: "lowBalanceTiers", label: "Low-balance tiers", max: 3, names: billingTierNames },
  },
  {
    title: "Global high-usage notifications (account aggregate)",
    description: "Fires when the spend of all workspaces together over the rolling window meets or exceeds a tier.",
    toggles: routes("globalHighUsageEnabled", "globalHighUsageEmailEnabled", "globalHighUsageWebhookEnabled"),
    window: { field: "globalHighUsagePeriodMinutes", label: "Rolling window" },
    tiers: { field: "globalHighUsageTiers", label: "Global high-usage tiers", max: 5 },
  },
  {
    title: "Per-workspace high-usage notifications (defaults)",
    description:
      "Applied to each workspace on its own: fires when one workspace's spend over its window meets or exceeds a tier. A workspace override can change any of these for one workspace.",
    toggles: routes("highUsageEnabled", "highUsageEmailEnabled", "highUsageWebhookEnabled"),
    window: { field: "highUsagePeriodMinutes", label: "Rolling window" },
    tiers: { field: "highUsageTiers", label: "Per-workspace high-usage tiers", max: 5 },
  },
  {
    title: "Auto-topup notifications",
    description: "Outcome notifications (succeeded, failed) of an automatic top-up; the top-up itself is set elsewhere.",
    toggles: routes("autoTopupNotificationsEnabled", "autoTopupEmailEnabled", "autoTopupWebhookEnabled"),
  },
];
