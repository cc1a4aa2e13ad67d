import "server-only";
import { audit } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { billingWorkspaces } from "@/lib/billing/billing-workspaces";
import type { Registry } from "@/lib/connections/registry-for";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { replacesHeldCredentials, vaultEntryRows, versionRaced, type VaultEntryRow } from "./entry-view";
import type { StoreCredentialsInput, VaultPayload } from "./payload-schema";
import { withoutPayload } from "./without-payload";

/** What the action returns after a PUT: metadata only, never a value of the payload. */
export type StoredCredentials = { workspace: string; sourceKey: string; version: number; previousVersion: number; raced: boolean };

export const replacementNeedsDualControl =
  "This workspace already holds credentials for this source. Replacing them is a separate step: ask to replace them, giving a reason.";

/** The asked workspace's id from the workspace list, when the registry offers one. */
async function workspaceIdOf(registry: Registry, workspace: string): Promise<string | undefined> {
  const listed = await billingWorkspaces(registry);
  return listed.value?.find((w) => w.name === workspace)?.id;
}

/** The entry this workspace holds itself for `sourceKey` (not an inherited one), if any: metadata only. */
export async function heldCredentials(registry: Registry, workspace: string, sourceKey: string): Promise<VaultEntryRow | undefined> {
  const [workspaceId, entries] = await Promise.all([workspaceIdOf(registry, workspace), registry.client.listVault(workspace)]);
  const rows = vaultEntryRows(entries, workspaceId, new Date());
  return replacesHeldCredentials(rows, sourceKey) ? rows.find((row) => row.sourceKey === sourceKey) : undefined;
}

/**
 * The PUT itself: the payload goes to the registry and is dropped. A refusal comes back without any submitted value
 * in it (a registry may quote the field it refuses).
 */
export async function putCredentials(
  registry: Registry,
  { workspace, sourceKey, payload }: { workspace: string; sourceKey: string; payload: VaultPayload },
  previousVersion: number,
): Promise<ActionResult<StoredCredentials>> {
  let saved;
  try {
    saved = await registry.client.putVault(workspace, sourceKey, { payload });
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    const info = withoutPayload(error.toInfo(), payload);
    return { ok: false, code: info.code, error: info.message, registry: info };
  }
  return {
    ok: true,
    data: { workspace, sourceKey, version: saved.version, previousVersion, raced: versionRaced(previousVersion, saved.version) },
  };
}

/**
 * Stores credentials for a source on a workspace (PUT /v2/workspaces/{name}/vault/{sourceKey}). The payload goes to
 * the registry and is dropped: it is not kept, logged, audited or returned. Only credentials this workspace does not
 * hold yet can be stored here (an inherited entry is overridden); replacing held ones goes through dual control
 * (replace-credentials.ts). The audit row holds who, the workspace, the source and the new version.
 */
export async function storeCredentials(
  user: SessionUser,
  registry: Registry,
  input: StoreCredentialsInput,
): Promise<ActionResult<StoredCredentials>> {
  const { workspace, sourceKey } = input;
  if (await heldCredentials(registry, workspace, sourceKey)) {
    return { ok: false, code: "dual_control_required", error: replacementNeedsDualControl };
  }
  const stored = await putCredentials(registry, input, 0);
  if (stored.ok)
    await audit(user, "vault.credentials_stored", `${workspace}/${sourceKey}`, { workspace, sourceKey, version: stored.data.version });
  return stored;
}
