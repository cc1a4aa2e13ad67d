import "server-only";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/auth/role-action";
import type { SessionUser } from "@/lib/auth/require-role";
import { billingWorkspaces } from "@/lib/billing/billing-workspaces";
import type { Registry } from "@/lib/connections/registry-for";
import { RegistryError } from "@/lib/registry/registry-error";
import { replacesHeldCredentials, vaultEntryRows, versionRaced } from "./entry-view";
import type { StoreCredentialsInput } from "./payload-schema";
import { withoutPayload } from "./without-payload";

/** What the action returns after a PUT: metadata only, never a value of the payload. */
export type StoredCredentials = { workspace: string; sourceKey: string; version: number; previousVersion: number; raced: boolean };

export const replacementNeedsDualControl =
  "This workspace already holds credentials for this source. Replacing them needs a second admin's approval, which comes with dual control.";

/** The asked workspace's id from the workspace list, when the registry offers one. */
async function workspaceIdOf(registry: Registry, workspace: string): Promise<string | undefined> {
  const listed = await billingWorkspaces(registry);
  return listed.value?.find((w) => w.name === workspace)?.id;
}

/**
 * Stores credentials for a source on a workspace (PUT /v2/workspaces/{name}/vault/{sourceKey}). The payload goes to
 * the registry and is dropped: it is not kept, logged, audited or returned. Only credentials this workspace does not
 * hold yet can be stored here (an inherited entry is overridden); replacing held ones waits for dual control.
 * The audit row holds who, the workspace, the source and the new version.
 */
export async function storeCredentials(
  user: SessionUser,
  registry: Registry,
  { workspace, sourceKey, payload }: StoreCredentialsInput,
): Promise<ActionResult<StoredCredentials>> {
  const [workspaceId, entries] = await Promise.all([workspaceIdOf(registry, workspace), registry.client.listVault(workspace)]);
  const rows = vaultEntryRows(entries, workspaceId, new Date());
  if (replacesHeldCredentials(rows, sourceKey)) return { ok: false, code: "dual_control_required", error: replacementNeedsDualControl };
  const previousVersion = 0;
  let saved;
  try {
    saved = await registry.client.putVault(workspace, sourceKey, { payload });
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    const info = withoutPayload(error.toInfo(), payload);
    return { ok: false, code: info.code, error: info.message, registry: info };
  }
  await audit(user, "vault.credentials_stored", `${workspace}/${sourceKey}`, { workspace, sourceKey, version: saved.version });
  return {
    ok: true,
    data: { workspace, sourceKey, version: saved.version, previousVersion, raced: versionRaced(previousVersion, saved.version) },
  };
}
