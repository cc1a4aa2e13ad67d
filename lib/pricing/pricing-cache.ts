import "server-only";
import type { RegistryClient } from "@/lib/registry/client";
import type { CatalogResponse, PricingResponse } from "@/lib/registry/schemas.shared";

/** Prices change rarely; an order still runs against the registry's own quote and the caps. */
export const pricingTtlMs = 10 * 60_000;

type Entry = { at: number; answer: Promise<unknown> };

const cache = ((globalThis as { registryDeskPricing?: Map<string, Entry> }).registryDeskPricing ??= new Map());

/** The answer kept under `key` while it is younger than the TTL, else a new read; an error is not kept. */
function cached<T>(key: string, read: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < pricingTtlMs) return hit.answer as Promise<T>;
  const answer = read();
  cache.set(key, { at: Date.now(), answer });
  answer.catch(() => cache.delete(key));
  return answer;
}

/** `GET /v2/pricing` for one country through one connection, kept for 10 minutes per connection and country. */
export function cachedPricing(connectionId: string, client: RegistryClient, countryCode: string): Promise<PricingResponse> {
  return cached(`${connectionId}:pricing:${countryCode}`, () => client.pricing(countryCode));
}

/** `GET /v2/catalog` through one connection (its beta marks sit beside the prices), kept as long as the prices. */
export function cachedCatalog(connectionId: string, client: RegistryClient): Promise<CatalogResponse> {
  return cached(`${connectionId}:catalog`, () => client.catalog());
}
