"use client";

// First: zod's schemas must be built without its eval probe under the console's CSP (see there).
import "@/lib/security/browser-zod.shared";
import { Fragment, useId, useMemo, useState } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import type { HighUsageSettings } from "@/lib/billing/effective-settings.shared";
import { describeWindow } from "@/lib/billing/high-usage-window.shared";
import { backtestSettings, overrideComparison, resolvedHighUsage, type ComparisonRow } from "@/lib/billing/override-comparison.shared";
import { draftFor, overridePatch, overrideToggles, type OverrideDraft, type OverridePatch } from "@/lib/billing/override-draft.shared";
import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";
import { BacktestPanel, type BacktestDraft } from "./backtest-panel";
import { highUsageSettings, SettingLabel } from "./high-usage-setting";
import { OverrideConfirmDialog } from "./override-confirm-dialog";
import { TierRowsEditor } from "./tier-rows-editor";
import { TriStateSelect } from "./tri-state-select";
import { WindowInput } from "./window-input";

type Props = {
  workspace: { id: string; name: string };
  /** The account's settings the workspace inherits from; undefined when the registry does not show them. */
  account?: AccountBillingConfig;
  /** The current override: null when there is none, "unreadable" when the registry does not show it. */
  current: HighUsageSettings | null | "unreadable";
  /** Called with the confirmed override: the panel shows it at once and sends it. */
  onSubmit: (patch: OverridePatch) => void;
  onCancel: () => void;
};

const toggleSettings = {
  highUsageEnabled: highUsageSettings.enabled,
  highUsageEmailEnabled: highUsageSettings.emailEnabled,
  highUsageWebhookEnabled: highUsageSettings.webhookEnabled,
} as const;

/**
 * The override of one workspace: each setting inherited or set here (toggles on/off, the window with a unit, 1 to 5
 * tiers), checked in the browser with the contract's schema (nothing is sent while a field is wrong), then confirmed
 * with the effective values before and after, then handed to the panel to save as a whole. Loaded only when someone
 * opens it.
 */
export function OverrideEditor({ workspace, account, current, onSubmit, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<OverrideDraft>(() => draftFor(current === "unreadable" ? null : current, account));
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState<{ patch: OverridePatch; rows: ComparisonRow[] }>();
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();

  const checked = overridePatch(draft);
  const fieldErrors = { ...(attempted ? checked.fieldErrors : undefined), ...refusal?.fieldErrors };
  const change = (next: Partial<OverrideDraft>) => (setDraft((d) => ({ ...d, ...next })), setRefusal(undefined));

  const backtest = checked.patch && backtestSettings(resolvedHighUsage(account, checked.patch));

  function review(event: React.FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!checked.patch) return setRefusal({ message: "Correct the highlighted fields: nothing was sent." });
    setConfirming({ patch: checked.patch, rows: overrideComparison(account, current, checked.patch) });
  }

  function confirm() {
    const patch = confirming!.patch;
    setConfirming(undefined);
    onSubmit(patch);
  }

  const errorsOf = (field: string) => fieldErrors[field];
  const window = draft.highUsagePeriodMinutes;
  const tiers = draft.highUsageTiers;

  return (
    <form onSubmit={review} noValidate aria-label={`High-usage override of ${workspace.name}`} className="space-y-4 rounded-md border p-4">
      <div className="grid grid-cols-1 items-start gap-x-6 gap-y-4 sm:grid-cols-[14rem_1fr]">
        {overrideToggles.map((toggle) => (
          <Fragment key={toggle}>
            <label htmlFor={`${id}-${toggle}`} className="text-sm font-medium">
              <SettingLabel {...toggleSettings[toggle]} />
            </label>
            <TriStateSelect
              id={`${id}-${toggle}`}
              className="w-fit max-w-full"
              value={draft[toggle]}
              accountValue={account?.[toggle]}
              onChange={(value) => change({ [toggle]: value })}
            />
          </Fragment>
        ))}

        <label htmlFor={`${id}-window`} className="text-sm font-medium">
          <SettingLabel {...highUsageSettings.periodMinutes} />
        </label>
        <div className="space-y-2">
          <NativeSelect
            id={`${id}-window`}
            className="w-fit max-w-full"
            value={window.inherit ? "inherit" : "set"}
            onChange={(e) => change({ highUsagePeriodMinutes: { ...window, inherit: e.target.value === "inherit" } })}
          >
            <option value="inherit">Inherit from the account{account ? ` (${describeWindow(account.highUsagePeriodMinutes)})` : ""}</option>
            <option value="set">Set for this workspace</option>
          </NativeSelect>
          {!window.inherit && (
            <WindowInput
              label="Rolling window"
              entry={window.entry}
              invalid={Boolean(errorsOf("highUsagePeriodMinutes"))}
              describedBy={errorsOf("highUsagePeriodMinutes") ? `${id}-window-errors` : `${id}-window-hint`}
              onChange={(entry) => change({ highUsagePeriodMinutes: { ...window, entry } })}
            />
          )}
          {errorsOf("highUsagePeriodMinutes") ? (
            <p id={`${id}-window-errors`} className="text-sm text-destructive">
              {errorsOf("highUsagePeriodMinutes")!.join(" ")}
            </p>
          ) : (
            !window.inherit && (
              <p id={`${id}-window-hint`} className="text-xs text-muted-foreground">
                From 5 minutes to 30 days (43,200 minutes): spend is summed over this rolling window.
              </p>
            )
          )}
        </div>

        <label htmlFor={`${id}-tiers`} className="text-sm font-medium">
          <SettingLabel {...highUsageSettings.tiers} />
        </label>
        <div className="space-y-2">
          <NativeSelect
            id={`${id}-tiers`}
            className="w-fit max-w-full"
            value={tiers.inherit ? "inherit" : "set"}
            onChange={(e) => change({ highUsageTiers: { ...tiers, inherit: e.target.value === "inherit" } })}
          >
            <option value="inherit">Inherit from the account</option>
            <option value="set">Set for this workspace</option>
          </NativeSelect>
          {!tiers.inherit && (
            <TierRowsEditor
              label="Tiers"
              rows={tiers.rows}
              max={5}
              path="highUsageTiers"
              fieldErrors={fieldErrors}
              onChange={(rows) => change({ highUsageTiers: { ...tiers, rows } })}
            />
          )}
          {tiers.inherit && fieldErrors.highUsageTiers && (
            <p className="text-sm text-destructive">{fieldErrors.highUsageTiers.join(" ")}</p>
          )}
        </div>
      </div>

      {backtest ? (
        <DraftBacktest workspaceId={workspace.id} settings={JSON.stringify(backtest)} />
      ) : (
        <p className="text-sm text-muted-foreground">
          {checked.patch
            ? "The backtest needs the account's settings for what this draft inherits, and this registry does not show them."
            : "The backtest runs once every field is valid."}
        </p>
      )}

      <FormError message={refusal?.message} />
      <div className="flex gap-2">
        <Button type="submit">Review and save</Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      <OverrideConfirmDialog
        workspaceName={workspace.name}
        rows={confirming?.rows}
        onConfirm={confirm}
        onCancel={() => setConfirming(undefined)}
      />
    </form>
  );
}

/** The backtest of the draft, given as JSON so the panel gets a new draft only when the effective settings change. */
function DraftBacktest({ workspaceId, settings }: { workspaceId: string; settings: string }) {
  const draft = useMemo(() => JSON.parse(settings) as BacktestDraft, [settings]);
  return <BacktestPanel workspaceId={workspaceId} draft={draft} />;
}
