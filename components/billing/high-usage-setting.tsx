import { describeWindow } from "@/lib/billing/high-usage-window.shared";
import { overrideFieldOf, type HighUsageField, type ResolvedSetting } from "@/lib/billing/override-comparison.shared";
import type { HighUsageTier } from "@/lib/billing/effective-settings.shared";
import { TierList } from "./credit-cents-amount";

/** The five high-usage settings of a workspace, with the vendor's field name of each. */
export const highUsageSettings: Record<HighUsageField, { label: string; field: string }> = {
  enabled: { label: "High-usage notifications", field: overrideFieldOf.enabled },
  emailEnabled: { label: "By email", field: overrideFieldOf.emailEnabled },
  webhookEnabled: { label: "By webhook", field: overrideFieldOf.webhookEnabled },
  periodMinutes: { label: "Rolling window", field: overrideFieldOf.periodMinutes },
  tiers: { label: "Tiers", field: overrideFieldOf.tiers },
};

export const onOff = (value: boolean) => (value ? "on" : "off");

/** A setting's value in words: on/off, the window with its unit, the tiers as money. */
export function SettingValue({ value }: { value: boolean | number | HighUsageTier[] }) {
  if (typeof value === "boolean") return <>{onOff(value)}</>;
  if (typeof value === "number") return <>{describeWindow(value)}</>;
  return <TierList tiers={value} />;
}

/**
 * Where a setting comes from and what it is, in words: "inherited from the account: on", "set for this
 * workspace: off"; an inherited value the registry does not show is said to be unknown.
 */
export function ResolvedSettingWords({ setting }: { setting: ResolvedSetting<HighUsageField> }) {
  const origin = setting.source === "workspace" ? "set for this workspace" : "inherited from the account";
  if (setting.value === undefined) return <>{origin} (the account&apos;s value cannot be read from this registry)</>;
  return (
    <>
      {origin}: <SettingValue value={setting.value} />
    </>
  );
}

/** A setting's label, in words; the vendor's field name rides along as `data-api-field` (never as page text). */
export function SettingLabel({ label, field }: { label: string; field: string }) {
  return (
    <span className="block" data-api-field={field}>
      {label}
    </span>
  );
}
