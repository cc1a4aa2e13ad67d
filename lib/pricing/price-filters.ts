import "server-only";
/**
 * The price list's filters as they live in the URL, shared by /pricing and its CSV export, so a filtered view is
 * a link and its download holds the same rows.
 *
 *   ?country=FR&country=DE or ?country=FR,DE   only these countries
 *   ?datapoint=shareholders                     only this datapoint
 *   ?compare=FR&compare=DE or ?compare=FR,DE    two countries side by side (the country filter then does not apply)
 */
import { isRegistryCountry, registryCountries, type RegistryCountry } from "@/lib/registry/countries.shared";
import { datapointNames, type DatapointName } from "@/lib/registry/schemas.shared";

export type PriceFilters = {
  /** Empty: every country. */
  countries: RegistryCountry[];
  datapoint: DatapointName | undefined;
  compare: [RegistryCountry, RegistryCountry] | undefined;
};

/** The filters, and what was wrong with the URL's values (each ignored, in a sentence). */
export type ParsedPriceFilters = { filters: PriceFilters; problems: string[] };

type ParamsLike = URLSearchParams | Record<string, string | string[] | undefined>;

/** Every value of `key`, repeated or comma-separated, trimmed, empty ones dropped. */
function values(params: ParamsLike, key: string): string[] {
  const raw = params instanceof URLSearchParams ? params.getAll(key) : [params[key] ?? []].flat();
  return raw
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
}

const isDatapoint = (value: string): value is DatapointName => (datapointNames as readonly string[]).includes(value);

/** Shown in a sentence: never longer than a code, so a pasted essay does not fill the page. */
const quoted = (value: string) => `"${value.length > 24 ? `${value.slice(0, 24)}…` : value}"`;

function countriesOf(given: string[], problems: string[]): RegistryCountry[] {
  const countries: RegistryCountry[] = [];
  for (const value of given) {
    const code = value.toUpperCase();
    if (isRegistryCountry(code)) {
      if (!countries.includes(code)) countries.push(code);
    } else problems.push(`${quoted(value)} is not one of the ${registryCountries.length} countries the registry prices: it was left out.`);
  }
  return countries;
}

export function parsePriceFilters(params: ParamsLike): ParsedPriceFilters {
  const problems: string[] = [];
  const countries = countriesOf(values(params, "country"), problems);

  const datapoints = values(params, "datapoint");
  const datapoint = datapoints.find(isDatapoint);
  for (const value of datapoints.filter((d) => d !== datapoint)) {
    problems.push(
      isDatapoint(value)
        ? `Only one datapoint can be filtered at a time: ${quoted(value)} was left out.`
        : `${quoted(value)} is not a datapoint the registry prices: it was left out.`,
    );
  }

  const given = values(params, "compare");
  const pair = countriesOf(given, problems);
  let compare: PriceFilters["compare"];
  if (pair.length === 2) compare = [pair[0]!, pair[1]!];
  else if (given.length > 0) problems.push("Pick two different countries to compare side by side.");

  return { filters: { countries, datapoint, compare }, problems };
}

/** The countries whose prices the view needs, in the registry's order (the compared pair in the order given). */
export function countriesToRead(filters: PriceFilters): RegistryCountry[] {
  if (filters.compare) return filters.compare;
  return filters.countries.length ? registryCountries.filter((c) => filters.countries.includes(c)) : [...registryCountries];
}

/** The filters as a query string (without "?"), e.g. for the export link. */
export function priceFilterQuery(filters: PriceFilters): string {
  const params = new URLSearchParams();
  if (filters.compare) params.set("compare", filters.compare.join(","));
  else if (filters.countries.length) params.set("country", filters.countries.join(","));
  if (filters.datapoint) params.set("datapoint", filters.datapoint);
  return params.toString();
}

/** The datapoints a view shows: the one filtered (even when no price list names it), else all the matrix has. */
export function datapointsShown(all: readonly string[], filters: PriceFilters): string[] {
  return filters.datapoint ? [filters.datapoint] : [...all];
}
