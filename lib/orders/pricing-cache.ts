import "server-only";
import type { RegistryClient } from "@/lib/registry/client";
import type { PricingResponse } from "@/lib/registry/schemas";

/** Prices change rarely; an order still runs against the registry's own quote and the caps. */
const pricingTtlMs = 10 * 60_000;

const cache = ((
  globalThis as { registryDeskPricing?: Map<string, { at: number; pricing: Promise<PricingResponse> }> }
).registryDeskPricing ??= new Map());

/** `GET /v2/pricing` for one country through one connection, kept for 10 minutes per connection and country. */
export function cachedPricing(connectionId: string, client: RegistryClient, countryCode: string): Promise<PricingResponse> {
  const key = `${connectionId}:${countryCode}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < pricingTtlMs) return hit.pricing;
  const pricing = client.pricing(countryCode);
  cache.set(key, { at: Date.now(), pricing });
  pricing.catch(() => cache.delete(key)); // an error is not kept
  return pricing;
}
