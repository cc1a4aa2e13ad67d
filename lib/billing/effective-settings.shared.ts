import type { AccountBillingConfig, HighUsageOverride } from "@/lib/registry/schemas.shared";

/** Where an effective high-usage value comes from: the account's settings, or this workspace's override. */
export type SettingSource = "account" | "workspace";
export type Effective<T> = { value: T; source: SettingSource };
export type HighUsageTier = { tier: string; cents: number };
/** The five high-usage fields a workspace override sets (null or absent: inherit), as stored or as a PATCH sends them. */
export type HighUsageSettings = Partial<
  Pick<
    HighUsageOverride,
    "highUsageEnabled" | "highUsageEmailEnabled" | "highUsageWebhookEnabled" | "highUsagePeriodMinutes" | "highUsageTiers"
  >
>;

export type EffectiveHighUsage = {
  enabled: Effective<boolean>;
  emailEnabled: Effective<boolean>;
  webhookEnabled: Effective<boolean>;
  periodMinutes: Effective<number>;
  tiers: Effective<HighUsageTier[]>;
};

function pick<T>(override: T | null | undefined, account: T): Effective<T> {
  return override === null || override === undefined ? { value: account, source: "account" } : { value: override, source: "workspace" };
}

/**
 * A workspace's high-usage settings as the registry applies them: each field the override sets, and every other
 * field inherited from the account's per-workspace defaults (`highUsage*` of the resolved account settings).
 */
export function effectiveHighUsage(account: AccountBillingConfig, override: HighUsageSettings | null | undefined): EffectiveHighUsage {
  return {
    enabled: pick(override?.highUsageEnabled, account.highUsageEnabled),
    emailEnabled: pick(override?.highUsageEmailEnabled, account.highUsageEmailEnabled),
    webhookEnabled: pick(override?.highUsageWebhookEnabled, account.highUsageWebhookEnabled),
    periodMinutes: pick(override?.highUsagePeriodMinutes, account.highUsagePeriodMinutes),
    tiers: pick(
      override?.highUsageTiers?.map(({ tier, cents }) => ({ tier, cents })),
      account.highUsageTiers.map(({ tier, cents }) => ({ tier, cents })),
    ),
  };
}
