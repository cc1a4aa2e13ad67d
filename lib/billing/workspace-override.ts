import "server-only";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { HighUsageOverride } from "@/lib/registry/schemas.shared";
import type { HighUsageSettings } from "./effective-settings.shared";
import type { OverridePatch } from "./override-draft.shared";
import { readWorkspaceBillingView } from "./workspace-view";

/** What the audit row says of an override the registry does not show (no GET of the workspace view). */
const unreadableOverride = "unreadable: this registry does not offer GET /v2/billing/notifications/workspaces/{workspaceId}/config";

/** The five settings of an override, null for each one inherited. */
type OverrideSettings = { [K in keyof HighUsageSettings]-?: NonNullable<HighUsageSettings[K]> | null };

function settingsOf(override: HighUsageSettings): OverrideSettings {
  return {
    highUsageEnabled: override.highUsageEnabled ?? null,
    highUsageEmailEnabled: override.highUsageEmailEnabled ?? null,
    highUsageWebhookEnabled: override.highUsageWebhookEnabled ?? null,
    highUsagePeriodMinutes: override.highUsagePeriodMinutes ?? null,
    highUsageTiers: override.highUsageTiers?.map(({ tier, cents }) => ({ tier, cents })) ?? null,
  };
}

/** The workspace's override before a change, for the audit row: its settings, null when it has none. */
async function overrideBefore(registry: Registry, workspaceId: string) {
  const read = await readWorkspaceBillingView(registry, workspaceId);
  if (read.error) throw new RegistryError(read.error);
  if (!read.value) return unreadableOverride;
  return read.value.workspaceOverride ? settingsOf(read.value.workspaceOverride) : null;
}

/**
 * Sets a workspace's high-usage override to `patch` as a whole: the fields it sets are named, every other field is
 * left out so it inherits from the account (a PATCH keeps nothing from earlier ones, and null is not sent, since
 * the spec's body types are plain booleans and numbers). Audited with the override before and after.
 * Registry refusals (an unknown workspace's 404 among them) are thrown as RegistryError for the seam to map.
 */
export async function saveWorkspaceOverride(
  user: SessionUser,
  registry: Registry,
  workspaceId: string,
  patch: OverridePatch,
): Promise<HighUsageOverride> {
  const before = await overrideBefore(registry, workspaceId);
  const named = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== null && value !== undefined));
  const saved = await registry.client.patchHighUsage(workspaceId, named);
  await audit(user, "billing.override_saved", workspaceId, {
    connectionId: registry.connection.id,
    workspaceId,
    before,
    after: settingsOf(saved),
  });
  return saved;
}

/** Removes a workspace's override (DELETE), so every setting inherits from the account again. Audited with what it was. */
export async function removeWorkspaceOverride(user: SessionUser, registry: Registry, workspaceId: string): Promise<void> {
  const before = await overrideBefore(registry, workspaceId);
  await registry.client.deleteHighUsage(workspaceId);
  await audit(user, "billing.override_removed", workspaceId, { connectionId: registry.connection.id, workspaceId, before });
}
