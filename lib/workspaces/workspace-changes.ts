import "server-only";
import type { z } from "zod";
import { audit } from "@/lib/audit/audit";
import { registryFailure, type ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { readVendorEndpoint } from "@/lib/registry/vendor-endpoint";
import { listedWorkspaces, type WorkspaceSummary } from "@/lib/registry/schemas.shared";
import type { workspaceCreateBodySchema } from "@/lib/registry/workspace-body-schemas.shared";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { errorText } from "@/lib/vocabulary/words.shared";

/**
 * Creates a workspace (POST /v2/workspaces, vendor-documented) with UBO access off. The create body takes no
 * `uboEnabled` and the registry's default is on, so the new workspace is switched off at once (PATCH) and read back:
 * UBO access is turned on only through the dual-controlled request, with a legal basis. Audited as `workspace.created`
 * with its name, legal name, id and UBO state under the connection, so the console can list it later where the
 * registry offers no list. A workspace the registry leaves with UBO access on is deleted again (audited as
 * `workspace.deleted`), and the refusal says so in the registry's words; if even that fails, the refusal says the
 * workspace has UBO access on. A taken name (the registry's 409) comes back on the name field, in the registry's words,
 * and nothing is audited; other refusals of the create itself are thrown as RegistryError for the action's seam to map.
 */
export async function createWorkspace(
  user: SessionUser,
  registry: Registry,
  body: z.infer<typeof workspaceCreateBodySchema>,
): Promise<ActionResult<{ name: string }>> {
  let created;
  try {
    created = await registry.client.createWorkspace(body);
  } catch (error) {
    if (error instanceof RegistryError && error.status === 409) {
      return { ...registryFailure(error), fieldErrors: { name: [error.message] } };
    }
    throw error;
  }
  const { name } = created;
  const whyStillOn = await turnUboOff(registry, name);
  await audit(user, "workspace.created", name, {
    connectionId: registry.connection.id,
    workspaceId: created.id,
    name,
    legalName: body.legalName,
    uboEnabled: whyStillOn !== undefined,
    ...(whyStillOn !== undefined && { uboOffRefused: whyStillOn }),
  });
  if (whyStillOn === undefined) return { ok: true, data: { name } };

  const stillOn = `The registry created workspace ${name} but did not turn its UBO access off (${whyStillOn})`;
  try {
    await registry.client.deleteWorkspace(name);
  } catch (error) {
    return {
      ok: false,
      code: "ubo_left_on",
      error: `${stillOn}, and deleting it again failed (${registryWords(error)}). Workspace ${name} has UBO access on without approval: ask for it to be turned off at once.`,
    };
  }
  await audit(user, "workspace.deleted", name, {
    connectionId: registry.connection.id,
    name,
    workspaceId: created.id,
    legalName: body.legalName,
    reason: `Deleted on creation: the registry did not turn its UBO access off (${whyStillOn}).`,
  });
  return { ok: false, code: "ubo_not_off", error: `${stillOn}, so it was deleted again: no workspace was created.` };
}

/**
 * Turns a new workspace's UBO access off (PATCH with `uboEnabled: false` only) and reads it back, from the PATCH's
 * answer or else the list: undefined once it is off, otherwise why not, in the registry's words. A PATCH the registry
 * accepted counts as done where it gives no way to read the switch back (no `uboEnabled` in the answer, no list).
 */
async function turnUboOff(registry: Registry, name: string): Promise<string | undefined> {
  try {
    const saved = await registry.client.patchWorkspace(name, { uboEnabled: false });
    const listed = saved.uboEnabled === undefined ? await listedWorkspace(registry, name) : undefined;
    const after = saved.uboEnabled ?? (typeof listed === "object" ? listed.uboEnabled : undefined);
    return after === true ? "it still answers with UBO access on" : undefined;
  } catch (error) {
    return registryWords(error);
  }
}

/** A registry refusal as `code: message`; anything else is thrown on. */
function registryWords(error: unknown): string {
  if (error instanceof RegistryError) return errorText(error.code, error.message);
  throw error;
}

/**
 * The workspace `name` as GET /v2/workspaces lists it before a change: `unknown` when the list lacks it, `unlisted`
 * when this registry offers no list (so nothing can be read back). Other refusals are thrown as RegistryError.
 */
export async function listedWorkspace(registry: Registry, name: string): Promise<WorkspaceSummary | "unknown" | "unlisted"> {
  const read = await readVendorEndpoint("GET /v2/workspaces", registry.client.listWorkspaces());
  if (read.error) throw new RegistryError(read.error);
  if (!read.value) return "unlisted";
  return listedWorkspaces(read.value).find((w) => w.name === name) ?? "unknown";
}

/** What an audit row says of a value before a change the registry does not let us read back. */
export const unreadableBefore = "unreadable: this registry does not offer GET /v2/workspaces";

/**
 * Sets a workspace's legal name (PATCH /v2/workspaces/{name}, the spec's endpoint, addressed by name). Only the
 * legal name is sent: UBO access is left as it is (changing it needs dual control). A name the registry's list
 * lacks is refused and nothing is sent (a PATCH must not be what creates a workspace). Audited with before and after.
 */
export async function changeLegalName(
  user: SessionUser,
  registry: Registry,
  name: string,
  legalName: string,
): Promise<ActionResult<undefined>> {
  const listed = await listedWorkspace(registry, name);
  if (listed === "unknown") {
    return { ok: false, code: "not_found", error: `This registry lists no workspace named ${name}: nothing was sent.` };
  }
  const before = listed === "unlisted" ? unreadableBefore : (listed.legalName ?? null);
  const saved = await registry.client.patchWorkspace(name, { legalName });
  await audit(user, "workspace.legal_name_changed", name, {
    connectionId: registry.connection.id,
    name,
    before,
    after: saved.legalName ?? legalName,
  });
  return { ok: true, data: undefined };
}
