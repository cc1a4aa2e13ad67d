/**
 * A workspace's high-usage settings as the registry would apply them, before and after a change: what the confirm
 * dialog of the override editor shows, and what the draft's backtest runs on. Unlike effectiveHighUsage it also
 * works when the account's settings cannot be read (a registry without the vendor's config endpoints): an
 * inherited value is then unknown, though where it comes from is not.
 */
import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";
import {
  effectiveHighUsage,
  type EffectiveHighUsage,
  type HighUsageSettings,
  type HighUsageTier,
  type SettingSource,
} from "./effective-settings.shared";

export type HighUsageField = keyof EffectiveHighUsage;
export const highUsageFields = ["enabled", "emailEnabled", "webhookEnabled", "periodMinutes", "tiers"] as const satisfies HighUsageField[];

/** The override's field for each setting. */
export const overrideFieldOf = {
  enabled: "highUsageEnabled",
  emailEnabled: "highUsageEmailEnabled",
  webhookEnabled: "highUsageWebhookEnabled",
  periodMinutes: "highUsagePeriodMinutes",
  tiers: "highUsageTiers",
} as const satisfies Record<HighUsageField, keyof HighUsageSettings>;

/** A setting's source, and its value unless it is inherited from an account whose settings cannot be read. */
export type ResolvedSetting<F extends HighUsageField> = { source: SettingSource; value?: EffectiveHighUsage[F]["value"] };
export type ResolvedHighUsage = { [F in HighUsageField]: ResolvedSetting<F> };

export function resolvedHighUsage(account: AccountBillingConfig | undefined, settings: HighUsageSettings | null): ResolvedHighUsage {
  if (account) return effectiveHighUsage(account, settings);
  const set = <F extends HighUsageField>(field: F, value: EffectiveHighUsage[F]["value"] | null | undefined): ResolvedSetting<F> =>
    value === null || value === undefined ? { source: "account" } : { source: "workspace", value };
  return {
    enabled: set("enabled", settings?.highUsageEnabled),
    emailEnabled: set("emailEnabled", settings?.highUsageEmailEnabled),
    webhookEnabled: set("webhookEnabled", settings?.highUsageWebhookEnabled),
    periodMinutes: set("periodMinutes", settings?.highUsagePeriodMinutes),
    tiers: set(
      "tiers",
      settings?.highUsageTiers?.map(({ tier, cents }) => ({ tier, cents })),
    ),
  };
}

/** One setting before and after; `before` is undefined when the current override cannot be read. */
export type ComparisonRow = {
  field: HighUsageField;
  before?: ResolvedSetting<HighUsageField>;
  after: ResolvedSetting<HighUsageField>;
  /** Undefined when the current override cannot be read. */
  changed?: boolean;
};

// Both inherited from an account whose settings cannot be read: the same unknown value, so unchanged.
const sameSetting = (a: ResolvedSetting<HighUsageField>, b: ResolvedSetting<HighUsageField>) =>
  a.source === b.source && JSON.stringify(a.value) === JSON.stringify(b.value);

/**
 * Each setting before and after saving `after` over `before` (null: no override; "unreadable": this registry does
 * not show the current override), with the account's values filled in for inherited fields when they are known.
 */
export function overrideComparison(
  account: AccountBillingConfig | undefined,
  before: HighUsageSettings | null | "unreadable",
  after: HighUsageSettings,
): ComparisonRow[] {
  const was = before === "unreadable" ? undefined : resolvedHighUsage(account, before);
  const will = resolvedHighUsage(account, after);
  return highUsageFields.map((field) => {
    const [before, after] = [was?.[field], will[field]];
    return { field, before, after, changed: before && !sameSetting(before, after) };
  });
}

/** What the backtest of a draft runs on: its effective switch, window and tiers, when all three are known. */
export function backtestSettings(
  resolved: ResolvedHighUsage,
): { enabled: boolean; periodMinutes: number; tiers: HighUsageTier[] } | undefined {
  const { enabled, periodMinutes, tiers } = resolved;
  if (enabled.value === undefined || periodMinutes.value === undefined || tiers.value === undefined) return undefined;
  return { enabled: enabled.value, periodMinutes: periodMinutes.value, tiers: tiers.value };
}
