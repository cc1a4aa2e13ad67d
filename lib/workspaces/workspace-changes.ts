import "server-only";
import type { z } from "zod";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { readVendorEndpoint } from "@/lib/billing/vendor-endpoint";
import { listedWorkspaces, type WorkspaceSummary } from "@/lib/registry/schemas";
import type { workspaceCreateBodySchema } from "@/lib/registry/workspace-body-schemas";
import { RegistryError } from "@/lib/registry/registry-error";

/**
 * Creates a workspace (POST /v2/workspaces, vendor-documented), audited with its name, legal name and id under
 * the connection, so the console can list it later where the registry offers no list. Registry refusals (the
 * 409 of a taken name among them) are thrown as RegistryError for the action's seam to map.
 */
export async function createWorkspace(
  user: SessionUser,
  registry: Registry,
  body: z.infer<typeof workspaceCreateBodySchema>,
): Promise<WorkspaceSummary> {
  const created = await registry.client.createWorkspace(body);
  await audit(user, "workspace.created", created.name, {
    connectionId: registry.connection.id,
    workspaceId: created.id,
    name: created.name,
    legalName: body.legalName,
  });
  return created;
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
 * lacks is `unknown` and nothing is sent (a PATCH must not be what creates a workspace). Audited with before and after.
 */
export async function changeLegalName(
  user: SessionUser,
  registry: Registry,
  name: string,
  legalName: string,
): Promise<"changed" | "unknown"> {
  const listed = await listedWorkspace(registry, name);
  if (listed === "unknown") return "unknown";
  const before = listed === "unlisted" ? unreadableBefore : (listed.legalName ?? null);
  const saved = await registry.client.patchWorkspace(name, { legalName });
  await audit(user, "workspace.legal_name_changed", name, {
    connectionId: registry.connection.id,
    name,
    before,
    after: saved.legalName ?? legalName,
  });
  return "changed";
}
