/** The search as it lives in the URL (`/search?country=DE&q=…&transliterate=1`), so a search is a link. */
import { isRegistryCountry, type RegistryCountry } from "@/lib/registry/countries.shared";

/** The registry's minimum query length (lib/registry/schemas.shared.ts `searchMinQueryLength`; a test keeps them equal). */
export const minQueryLength = 2;

export type SearchState = { country: RegistryCountry | undefined; query: string; transliterate: boolean };

type ParamsLike = URLSearchParams | Record<string, string | string[] | undefined>;

function get(params: ParamsLike, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

export function parseSearchState(params: ParamsLike): SearchState {
  const country = get(params, "country")?.toUpperCase();
  const transliterate = get(params, "transliterate");
  return {
    country: isRegistryCountry(country) ? country : undefined,
    query: get(params, "q") ?? "",
    transliterate: transliterate === "1" || transliterate === "true",
  };
}

export function searchParamsOf(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.country) params.set("country", state.country);
  if (state.query) params.set("q", state.query);
  if (state.transliterate) params.set("transliterate", "1");
  return params;
}

export function searchHref(state: SearchState): string {
  const query = searchParamsOf(state).toString();
  return query ? `/search?${query}` : "/search";
}

/** Why the search cannot run yet, or undefined when it can. */
export function searchProblem(state: SearchState): string | undefined {
  if (!state.country) return "Choose a country.";
  if (state.query.trim().length < minQueryLength) return `Type at least ${minQueryLength} characters.`;
  return undefined;
}

/** The stream route's URL for a runnable search. */
export function streamUrl(state: SearchState & { country: RegistryCountry }): string {
  const params = new URLSearchParams({ country: state.country, query: state.query.trim() });
  if (state.transliterate) params.set("transliterate", "true");
  return `/api/search/stream?${params}`;
}

export function companyHref(countryCode: string, id: string): string {
  return `/companies/${countryCode}/${encodeURIComponent(id)}`;
}

/** The cookie/localStorage key remembering the last country chosen. */
export const lastCountryKey = "registry-desk-search-country";
