/**
 * The account's billing notification settings as a form (GET/PATCH /v2/billing/notifications/config, in the
 * vendor's field names), and the PATCH that sends only what the person changed, checked with the contract's schema
 * in the browser and again by the server action. Under the console's Content-Security-Policy a
 * browser module must import lib/security/browser-zod before this one (see there).
 */
import { fieldErrorsOf, mergeFieldErrors } from "@/lib/forms/field-errors.shared";
import { accountBillingConfigPatchSchema, type AccountBillingConfig, type AccountBillingConfigPatch } from "@/lib/registry/schemas.shared";
import type { HighUsageTier } from "./effective-settings.shared";
import { windowEntryFor, windowMinutes, type WindowEntry } from "./high-usage-window.shared";
import { tierRowsFor, tiersFromRows, type TierRow } from "./tier-rows.shared";

export const accountToggles = [
  "lowBalanceEnabled",
  "lowBalanceEmailEnabled",
  "lowBalanceWebhookEnabled",
  "globalHighUsageEnabled",
  "globalHighUsageEmailEnabled",
  "globalHighUsageWebhookEnabled",
  "highUsageEnabled",
  "highUsageEmailEnabled",
  "highUsageWebhookEnabled",
  "autoTopupNotificationsEnabled",
  "autoTopupEmailEnabled",
  "autoTopupWebhookEnabled",
] as const;
export const accountWindows = ["globalHighUsagePeriodMinutes", "highUsagePeriodMinutes"] as const;
export const accountTierLists = ["lowBalanceTiers", "globalHighUsageTiers", "highUsageTiers"] as const;

export type AccountToggle = (typeof accountToggles)[number];
export type AccountWindow = (typeof accountWindows)[number];
export type AccountTierList = (typeof accountTierLists)[number];
export type AccountSettingsField = AccountToggle | AccountWindow | AccountTierList;

export type AccountSettingsDraft = {
  toggles: Record<AccountToggle, boolean>;
  windows: Record<AccountWindow, WindowEntry>;
  tiers: Record<AccountTierList, TierRow[]>;
};

const fromEntries = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

const plainTiers = (tiers: readonly HighUsageTier[]) => tiers.map(({ tier, cents }) => ({ tier, cents }));

export function accountSettingsDraft(config: AccountBillingConfig): AccountSettingsDraft {
  return {
    toggles: fromEntries(accountToggles, (field) => config[field]),
    windows: fromEntries(accountWindows, (field) => windowEntryFor(config[field])),
    tiers: fromEntries(accountTierLists, (field) => tierRowsFor(config[field])),
  };
}

/**
 * The PATCH for what differs from `current` (an omitted field keeps its value at the registry, so a setting
 * someone else changed meanwhile is not overwritten), or each wrong field's message (then nothing may be sent).
 * `changed` lists the fields sent; empty when nothing changed.
 */
export function accountSettingsPatch(
  current: AccountBillingConfig,
  draft: AccountSettingsDraft,
):
  | { patch: AccountBillingConfigPatch; changed: AccountSettingsField[]; fieldErrors?: undefined }
  | { patch?: undefined; changed?: undefined; fieldErrors: Record<string, string[]> } {
  const body: Record<string, unknown> = {};
  const problems: Record<string, string[]>[] = [];
  for (const field of accountToggles) if (draft.toggles[field] !== current[field]) body[field] = draft.toggles[field];
  for (const field of accountWindows) {
    const window = windowMinutes(draft.windows[field]);
    if (window.problem) problems.push({ [field]: [window.problem] });
    else if (window.minutes !== current[field]) body[field] = window.minutes;
  }
  for (const field of accountTierLists) {
    const read = tiersFromRows(draft.tiers[field], field);
    problems.push(read.fieldErrors);
    if (JSON.stringify(read.tiers) !== JSON.stringify(plainTiers(current[field]))) body[field] = read.tiers;
  }
  const parsed = accountBillingConfigPatchSchema.safeParse(body);
  if (!parsed.success) problems.push(fieldErrorsOf(parsed.error.issues));
  const fieldErrors = mergeFieldErrors(...problems);
  if (!parsed.success || Object.keys(fieldErrors).length) return { fieldErrors };
  return { patch: parsed.data, changed: Object.keys(body) as AccountSettingsField[] };
}
