import "server-only";
import { cache } from "react";
import type { Registry } from "@/lib/connections/registry-for";
import type { WorkspaceBillingView } from "@/lib/registry/schemas.shared";
import { readVendorEndpoint, type VendorRead } from "@/lib/registry/vendor-endpoint";

/** A workspace's resolved high-usage view (the account's settings and the raw override), vendor-documented. */
export function readWorkspaceBillingView(registry: Registry, workspaceId: string): Promise<VendorRead<WorkspaceBillingView>> {
  return readVendorEndpoint(
    "GET /v2/billing/notifications/workspaces/{workspaceId}/config",
    registry.client.workspaceBillingView(workspaceId),
  );
}

/**
 * The same read, once per server render: /billing's override panels and its spend charts both need every
 * workspace's view. Server actions use the uncached read above, so a change is never followed by a stale view.
 */
export const workspaceBillingViewForRender = cache(readWorkspaceBillingView);
