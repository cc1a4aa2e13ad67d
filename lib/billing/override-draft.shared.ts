/**
 * The override editor's draft (tri-state toggles, a window with its unit, tier rows) and the PATCH it sends, checked
 * with the contract's own schema so the browser and the server action refuse the same input with the same words.
 * Under the console's Content-Security-Policy a browser module must import
 * lib/security/browser-zod before this one (see there).
 */
import type { z } from "zod";
import { fieldErrorsOf, mergeFieldErrors } from "@/lib/forms/field-errors.shared";
import { highUsagePatchBodySchema, type AccountBillingConfig } from "@/lib/registry/schemas.shared";
import type { HighUsageSettings } from "./effective-settings.shared";
import { windowEntryFor, windowMinutes, type WindowEntry } from "./high-usage-window.shared";
import { tierRowsFor, tiersFromRows, type TierRow } from "./tier-rows.shared";

/** A toggle of a workspace override: inherit the account's value, or set it on or off for this workspace. */
export type TriState = "inherit" | "on" | "off";

export const overrideToggles = ["highUsageEnabled", "highUsageEmailEnabled", "highUsageWebhookEnabled"] as const;
export type OverrideToggle = (typeof overrideToggles)[number];

/** Keyed by the vendor's field names, so a field message (from the browser or the server) lands on its field. */
export type OverrideDraft = Record<OverrideToggle, TriState> & {
  highUsagePeriodMinutes: { inherit: boolean; entry: WindowEntry };
  highUsageTiers: { inherit: boolean; rows: TierRow[] };
};

/** What PATCH sends: each set field named, each inherited field left out (the spec: omitted means inherit). */
export type OverridePatch = z.output<typeof highUsagePatchBodySchema>;

const triState = (value: boolean | null | undefined): TriState => (value === true ? "on" : value === false ? "off" : "inherit");

/**
 * The draft for a workspace's current override (null: none). An inherited window or tier list starts from the
 * account's value when it is known, so choosing "set for this workspace" begins from what applies today.
 */
export function draftFor(override: HighUsageSettings | null | undefined, account: AccountBillingConfig | undefined): OverrideDraft {
  const minutes = override?.highUsagePeriodMinutes ?? account?.highUsagePeriodMinutes;
  const tiers = override?.highUsageTiers ?? account?.highUsageTiers ?? [];
  return {
    highUsageEnabled: triState(override?.highUsageEnabled),
    highUsageEmailEnabled: triState(override?.highUsageEmailEnabled),
    highUsageWebhookEnabled: triState(override?.highUsageWebhookEnabled),
    highUsagePeriodMinutes: {
      inherit: override?.highUsagePeriodMinutes == null,
      entry: minutes === undefined ? { amount: "", unit: "hours" } : windowEntryFor(minutes),
    },
    highUsageTiers: {
      inherit: override?.highUsageTiers == null,
      rows: tiers.length ? tierRowsFor(tiers) : [{ tier: "warning", credits: "" }],
    },
  };
}

/** The PATCH body for the draft, or the message for each field that is wrong (then nothing may be sent). */
export function overridePatch(
  draft: OverrideDraft,
): { patch: OverridePatch; fieldErrors?: undefined } | { patch?: undefined; fieldErrors: Record<string, string[]> } {
  const body: Record<string, unknown> = {};
  const problems: Record<string, string[]>[] = [];
  for (const toggle of overrideToggles) if (draft[toggle] !== "inherit") body[toggle] = draft[toggle] === "on";
  if (!draft.highUsagePeriodMinutes.inherit) {
    const window = windowMinutes(draft.highUsagePeriodMinutes.entry);
    if (window.problem) problems.push({ highUsagePeriodMinutes: [window.problem] });
    else body.highUsagePeriodMinutes = window.minutes;
  }
  if (!draft.highUsageTiers.inherit) {
    const read = tiersFromRows(draft.highUsageTiers.rows, "highUsageTiers");
    problems.push(read.fieldErrors);
    body.highUsageTiers = read.tiers;
  }
  const parsed = highUsagePatchBodySchema.safeParse(body);
  if (!parsed.success) problems.push(fieldErrorsOf(parsed.error.issues));
  const fieldErrors = mergeFieldErrors(...problems);
  return parsed.success && Object.keys(fieldErrors).length === 0 ? { patch: parsed.data } : { fieldErrors };
}
