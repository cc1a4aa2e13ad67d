import "server-only";
import type { Registry } from "@/lib/connections/registry-for";
import type { WorkspaceBillingView } from "@/lib/registry/schemas";
import { readVendorEndpoint, type VendorRead } from "./vendor-endpoint";

/** A workspace's resolved high-usage view (the account's settings and the raw override), vendor-documented. */
export function readWorkspaceBillingView(registry: Registry, workspaceId: string): Promise<VendorRead<WorkspaceBillingView>> {
  return readVendorEndpoint(
    "GET /v2/billing/notifications/workspaces/{workspaceId}/config",
    registry.client.workspaceBillingView(workspaceId),
  );
}
