import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import type { AccountBillingConfig, AccountBillingConfigPatch } from "@/lib/registry/schemas.shared";

const pick = (config: AccountBillingConfig, fields: string[]) =>
  Object.fromEntries(fields.map((field) => [field, config[field as keyof AccountBillingConfig] ?? null]));

/**
 * Changes the account's billing notification settings (PATCH /v2/billing/notifications/config, vendor-documented):
 * only the fields in `patch` are sent, so the others keep their values at the registry. Audited with each changed
 * field's value before and after. Returns the fields sent; an empty patch sends nothing. Registry refusals are
 * thrown as RegistryError for the seam to map.
 */
export async function changeAccountSettings(user: SessionUser, registry: Registry, patch: AccountBillingConfigPatch): Promise<string[]> {
  const fields = Object.keys(patch).filter((field) => patch[field as keyof AccountBillingConfigPatch] !== undefined);
  if (!fields.length) return [];
  const before = await registry.client.accountBillingConfig();
  const after = await registry.client.patchAccountBillingConfig(patch);
  await audit(user, "billing.account_config_changed", registry.connection.name, {
    connectionId: registry.connection.id,
    fields,
    before: pick(before, fields),
    after: pick(after, fields),
  });
  return fields;
}
