"use client";

// First: zod's schemas must be built without its eval probe under the console's CSP (see there).
import "@/lib/security/browser-zod.shared";
import { useId, useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import type { ActionResult } from "@/lib/forms/action-result";
import { accountSettingsDraft, accountSettingsPatch, type AccountSettingsDraft } from "@/lib/billing/account-settings-draft.shared";
import type { AccountBillingConfig, AccountBillingConfigPatch } from "@/lib/registry/schemas.shared";
import { accountSettingsGroups } from "./account-settings-groups";
import { SettingLabel } from "./high-usage-setting";
import { TierRowsEditor } from "./tier-rows-editor";
import { WindowInput } from "./window-input";
import { errorText } from "@/lib/vocabulary/words.shared";

export type SaveAccountSettings = (patch: AccountBillingConfigPatch) => Promise<ActionResult<{ changed: string[] }>>;

type Props = {
  config: AccountBillingConfig;
  save: SaveAccountSettings;
  onSaved: (changed: string[]) => void;
  onCancel: () => void;
};

/**
 * The account's billing notification settings, editable in the vendor's terms. Checked in the browser with the
 * contract's schema (nothing is sent while a field is wrong); saving sends only the fields that changed. Loaded
 * only when someone opens it.
 */
export function AccountSettingsForm({ config, save, onSaved, onCancel }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<AccountSettingsDraft>(() => accountSettingsDraft(config));
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; fieldErrors?: Record<string, string[]> }>();
  const [pending, startTransition] = useTransition();

  const checked = accountSettingsPatch(config, draft);
  const fieldErrors = { ...(attempted ? checked.fieldErrors : undefined), ...refusal?.fieldErrors };
  const change = (next: (d: AccountSettingsDraft) => AccountSettingsDraft) => (setDraft(next), setRefusal(undefined));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (!checked.patch) return setRefusal({ message: "Correct the highlighted fields: nothing was sent." });
    if (!checked.changed.length) return setRefusal({ message: "Nothing changed: nothing was sent." });
    const patch = checked.patch;
    startTransition(async () => {
      const result = await save(patch);
      if (result.ok) return onSaved(result.data.changed);
      setRefusal({ message: result.registry ? errorText(result.code, result.error) : result.error, fieldErrors: result.fieldErrors });
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Account notification settings" className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        {accountSettingsGroups.map((group) => (
          <fieldset key={group.title} className="space-y-3 rounded-md border p-4">
            <legend className="px-1 font-medium">{group.title}</legend>
            <p className="text-xs text-muted-foreground">{group.description}</p>
            {group.toggles.map(({ field, label }) => (
              <div key={field} className="flex items-center justify-between gap-4">
                <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
                  <SettingLabel label={label} field={field} />
                </label>
                <Switch
                  id={`${id}-${field}`}
                  checked={draft.toggles[field]}
                  onCheckedChange={(on) => change((d) => ({ ...d, toggles: { ...d.toggles, [field]: on } }))}
                />
              </div>
            ))}
            {group.window && (
              <Field label={group.window.label} field={group.window.field} errors={fieldErrors[group.window.field]}>
                <WindowInput
                  label={`${group.title}: ${group.window.label}`}
                  entry={draft.windows[group.window.field]}
                  invalid={Boolean(fieldErrors[group.window.field])}
                  onChange={(entry) => change((d) => ({ ...d, windows: { ...d.windows, [group.window!.field]: entry } }))}
                />
              </Field>
            )}
            {group.tiers && (
              <Field label={group.tiers.label} field={group.tiers.field}>
                <TierRowsEditor
                  label={group.tiers.label}
                  rows={draft.tiers[group.tiers.field]}
                  max={group.tiers.max}
                  names={group.tiers.names}
                  path={group.tiers.field}
                  fieldErrors={fieldErrors}
                  onChange={(rows) => change((d) => ({ ...d, tiers: { ...d.tiers, [group.tiers!.field]: rows } }))}
                />
              </Field>
            )}
          </fieldset>
        ))}
      </div>
      <FormError message={refusal?.message} />
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save changes"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A group of inputs under the setting's label (with its vendor field name) and its messages. */
function Field({ label, field, errors, children }: { label: string; field: string; errors?: string[]; children: React.ReactNode }) {
  return (
    <div className="space-y-1" role="group" aria-label={label}>
      <p className="text-sm font-medium">
        <SettingLabel label={label} field={field} />
      </p>
      {children}
      {errors && <p className="text-sm text-destructive">{errors.join(" ")}</p>}
    </div>
  );
}
