import type { AccountBillingConfig, HighUsageOverride } from "../lib/registry/schemas.shared";

/**
 * The account's billing notification settings on a fresh simulator (all amounts in credit cents). The vendor makes
 * new accounts opt in; the sandbox starts with low-balance, per-workspace high-usage and auto-top-up notifications
 * on so they can be seen at once, and the account-wide (global) high-usage notifications off.
 */
export function defaultBillingConfig(): AccountBillingConfig {
  return {
    lowBalanceEnabled: true,
    lowBalanceEmailEnabled: true,
    lowBalanceWebhookEnabled: true,
    // 20 %, 5 % and 0 % of the default wallet of 10,000 credits.
    lowBalanceTiers: [
      { tier: "warning", cents: 200_000 },
      { tier: "critical", cents: 50_000 },
      { tier: "depleted", cents: 0 },
    ],
    globalHighUsageEnabled: false,
    globalHighUsageEmailEnabled: true,
    globalHighUsageWebhookEnabled: true,
    globalHighUsagePeriodMinutes: 1440,
    globalHighUsageTiers: [
      { tier: "warning", cents: 500_000 },
      { tier: "critical", cents: 2_000_000 },
    ],
    highUsageEnabled: true,
    highUsageEmailEnabled: true,
    highUsageWebhookEnabled: true,
    highUsagePeriodMinutes: 60,
    highUsageTiers: [
      { tier: "warning", cents: 50_000 },
      { tier: "critical", cents: 200_000 },
    ],
    autoTopupNotificationsEnabled: true,
    autoTopupEmailEnabled: true,
    autoTopupWebhookEnabled: true,
  };
}

export type HighUsageRule = {
  enabled: boolean;
  emailEnabled: boolean;
  webhookEnabled: boolean;
  periodMinutes: number;
  tiers: { tier: string; cents: number }[];
};

/** A workspace's high-usage rule: each field its override sets, every other (null or absent) from the account. */
export function workspaceHighUsage(config: AccountBillingConfig, override: HighUsageOverride | undefined): HighUsageRule {
  return {
    enabled: override?.highUsageEnabled ?? config.highUsageEnabled,
    emailEnabled: override?.highUsageEmailEnabled ?? config.highUsageEmailEnabled,
    webhookEnabled: override?.highUsageWebhookEnabled ?? config.highUsageWebhookEnabled,
    periodMinutes: override?.highUsagePeriodMinutes ?? config.highUsagePeriodMinutes,
    tiers: override?.highUsageTiers ?? config.highUsageTiers,
  };
}

/** The account-wide rule: the spend of every workspace together over the global window. */
export function globalHighUsage(config: AccountBillingConfig): HighUsageRule {
  return {
    enabled: config.globalHighUsageEnabled,
    emailEnabled: config.globalHighUsageEmailEnabled,
    webhookEnabled: config.globalHighUsageWebhookEnabled,
    periodMinutes: config.globalHighUsagePeriodMinutes,
    tiers: config.globalHighUsageTiers,
  };
}
