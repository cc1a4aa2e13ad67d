import { AccountSettingsEditing } from "@/components/billing/account-settings-editing";
import { AccountSettingsView } from "@/components/billing/account-settings-view";
import { RegistryProblem } from "@/components/connections/registry-problem";
import { readVendorEndpoint } from "@/lib/registry/vendor-endpoint";
import type { Registry } from "@/lib/connections/registry-for";
import { saveAccountSettingsAction } from "./account-settings-actions";

/** The account's low-balance, high-usage and auto-topup notification settings, in the vendor's terms; editable with manageBilling. */
export async function AccountSettingsSection({ registry, canManage }: { registry: Registry; canManage: boolean }) {
  const read = await readVendorEndpoint("GET /v2/billing/notifications/config", registry.client.accountBillingConfig());
  return (
    <section aria-labelledby="account-settings-heading" className="space-y-3">
      <div>
        <h2 id="account-settings-heading" className="text-lg font-semibold">
          Account notification settings
        </h2>
        <p className="text-sm text-muted-foreground">
          As the registry resolves them (its defaults merged in), in its own names. Thresholds are in credits.
        </p>
      </div>
      {read.missing && <p className="text-sm text-muted-foreground">{read.missing}</p>}
      {read.error && <RegistryProblem what="Reading the account's notification settings" error={read.error} />}
      {read.value &&
        (canManage ? (
          <AccountSettingsEditing config={read.value} save={saveAccountSettingsAction}>
            <AccountSettingsView config={read.value} />
          </AccountSettingsEditing>
        ) : (
          <AccountSettingsView config={read.value} />
        ))}
    </section>
  );
}
