import "server-only";
import type { Registry } from "@/lib/connections/registry-for";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { settle } from "@/lib/registry/settle";
import { mergeBillingEvents, type MergedBillingEvent } from "./merge-billing-events";
import { storedBillingEvents } from "./stored-billing-events";

/** How many events each source is asked for (the registry allows 1 to 200). */
export const recentEventsPerSource = 100;

/**
 * The recent billing events of the registry (`GET /v2/billing/notifications/recent`) merged with those the webhook
 * route stored for this connection. When the registry refuses, its error comes back beside the stored events,
 * which still show.
 */
export async function recentBillingEvents(
  registry: Registry,
): Promise<{ events: MergedBillingEvent[]; registryError?: RegistryErrorInfo }> {
  const [fromRegistry, stored] = await Promise.all([
    settle(registry.client.recentBillingEvents({ limit: recentEventsPerSource })),
    storedBillingEvents(registry.connection.id, recentEventsPerSource),
  ]);
  return { events: mergeBillingEvents(fromRegistry.value ?? [], stored), registryError: fromRegistry.error };
}
