import "server-only";
import type { RegistryClient } from "@/lib/registry/client";
import type { RegistryCountry } from "@/lib/registry/countries.shared";
import type { SearchResult } from "@/lib/registry/schemas.shared";

/**
 * The company page's header: the search result with exactly this id (search is free), so that a shared link
 * shows the same header as a click from the results. `undefined` when the search does not return it.
 */
export async function companyHeader(client: RegistryClient, countryCode: RegistryCountry, id: string): Promise<SearchResult | undefined> {
  const results = await client.search({ country: countryCode, query: id });
  const normalize = (s: string) => s.replace(/\s+/g, " ").trim().toUpperCase();
  return results.find((r) => normalize(r.id) === normalize(id));
}
