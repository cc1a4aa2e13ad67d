import "server-only";
import type { Registry } from "@/lib/connections/registry-for";
import { listedWorkspaces, type WorkspaceSummary } from "@/lib/registry/schemas.shared";
import { readVendorEndpoint, type VendorRead } from "@/lib/registry/vendor-endpoint";

/** Per-workspace reads (settings view, spend) in flight at once, so an account with many workspaces does not flood the registry. */
export const workspaceReadsAtOnce = 6;

/** The account's workspaces (GET /v2/workspaces, vendor-documented), default first, then by name. */
export async function billingWorkspaces(registry: Registry): Promise<VendorRead<WorkspaceSummary[]>> {
  const read = await readVendorEndpoint("GET /v2/workspaces", registry.client.listWorkspaces());
  if (!read.value) return read;
  const sorted = [...listedWorkspaces(read.value)].sort(
    (a, b) => Number(Boolean(b.isDefault)) - Number(Boolean(a.isDefault)) || a.name.localeCompare(b.name),
  );
  return { value: sorted };
}
