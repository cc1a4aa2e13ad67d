import "server-only";
import { mapBounded } from "@/lib/async/map-bounded";
import type { Registry } from "@/lib/connections/registry-for";
import type { RegistryCountry } from "@/lib/registry/countries.shared";
import { settle } from "@/lib/registry/settle";
import { priceMatrix, type PriceMatrix } from "./price-matrix";
import { cachedCatalog, cachedPricing } from "./pricing-cache";

/** Pricing reads in flight at once: 40 countries in a few rounds, without a burst the registry would rate-limit. */
export const pricingReadConcurrency = 6;

/**
 * The price matrix of `countries` through the registry's connection: `GET /v2/pricing` per country (at most
 * `pricingReadConcurrency` at once) and `GET /v2/catalog`, each from the 10-minute cache. A country's refusal
 * stays in its row and a catalog refusal only drops the beta marks; anything else that is not a RegistryError throws.
 */
export async function readPriceMatrix(registry: Registry, countries: readonly RegistryCountry[]): Promise<PriceMatrix> {
  const { connection, client } = registry;
  const [catalog, pricings] = await Promise.all([
    settle(cachedCatalog(connection.id, client)),
    mapBounded(countries, pricingReadConcurrency, (country) => settle(cachedPricing(connection.id, client, country))),
  ]);
  return priceMatrix(countries, pricings, catalog);
}
