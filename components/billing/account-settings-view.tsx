import type { AccountBillingConfig } from "@/lib/registry/schemas.shared";
import { describeWindow } from "@/lib/billing/high-usage-window.shared";
import { accountSettingsGroups } from "./account-settings-groups";
import { TierList } from "./credit-cents-amount";
import { onOff, SettingLabel } from "./high-usage-setting";

/** The account's billing notification settings, read-only, grouped and named as the vendor names them. */
export function AccountSettingsView({ config }: { config: AccountBillingConfig }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {accountSettingsGroups.map((group) => (
        <section key={group.title} aria-label={group.title} className="space-y-2 rounded-md border p-4">
          <h3 className="font-medium">{group.title}</h3>
          <p className="text-xs text-muted-foreground">{group.description}</p>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
            {group.toggles.map(({ field, label }) => (
              <Setting key={field} label={label} field={field}>
                {onOff(config[field])}
              </Setting>
            ))}
            {group.window && (
              <Setting label={group.window.label} field={group.window.field}>
                {describeWindow(config[group.window.field])}
              </Setting>
            )}
            {group.tiers && (
              <Setting label={group.tiers.label} field={group.tiers.field}>
                <TierList tiers={config[group.tiers.field]} />
              </Setting>
            )}
          </dl>
        </section>
      ))}
    </div>
  );
}

function Setting({ label, field, children }: { label: string; field: string; children: React.ReactNode }) {
  return (
    <div className="contents" data-setting={field}>
      <dt className="font-medium">
        <SettingLabel label={label} field={field} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
