// The countries the registry accepts for pricing, monitors and company requests (spec order).
// Search results may carry other codes (any ISO 3166-1 alpha-2, US-<state>, TEST): those are plain strings.

export const registryCountries = [
  "AT",
  "BE",
  "BG",
  "CH",
  "CN",
  "CZ",
  "CY",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GB",
  "GG",
  "GR",
  "HK",
  "HR",
  "HU",
  "IE",
  "IS",
  "IT",
  "JE",
  "LI",
  "LU",
  "LV",
  "MC",
  "MT",
  "MU",
  "NL",
  "NO",
  "PL",
  "PT",
  "RO",
  "RU",
  "SE",
  "SG",
  "SI",
  "SK",
  "VG",
] as const;

export type RegistryCountry = (typeof registryCountries)[number];

export const countryNames: Record<RegistryCountry, string> = {
  AT: "Austria",
  BE: "Belgium",
  BG: "Bulgaria",
  CH: "Switzerland",
  CN: "China",
  CZ: "Czechia",
  CY: "Cyprus",
  DE: "Germany",
  DK: "Denmark",
  EE: "Estonia",
  ES: "Spain",
  FI: "Finland",
  FR: "France",
  GB: "United Kingdom",
  GG: "Guernsey",
  GR: "Greece",
  HK: "Hong Kong",
  HR: "Croatia",
  HU: "Hungary",
  IE: "Ireland",
  IS: "Iceland",
  IT: "Italy",
  JE: "Jersey",
  LI: "Liechtenstein",
  LU: "Luxembourg",
  LV: "Latvia",
  MC: "Monaco",
  MT: "Malta",
  MU: "Mauritius",
  NL: "Netherlands",
  NO: "Norway",
  PL: "Poland",
  PT: "Portugal",
  RO: "Romania",
  RU: "Russia",
  SE: "Sweden",
  SG: "Singapore",
  SI: "Slovenia",
  SK: "Slovakia",
  VG: "British Virgin Islands",
};

const countrySet: ReadonlySet<string> = new Set(registryCountries);

export function isRegistryCountry(x: unknown): x is RegistryCountry {
  return typeof x === "string" && countrySet.has(x);
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/**
 * A two-letter country code in words: the registry's own name for its countries, any other ISO 3166-1 code by its
 * English name ("IR" → "Iran"), or undefined for a code that names no country.
 */
export function countryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  if (isRegistryCountry(upper)) return countryNames[upper];
  if (!/^[A-Z]{2}$/.test(upper) || upper === "ZZ") return undefined; // ZZ is ICU's "Unknown Region"
  try {
    return regionNames.of(upper);
  } catch {
    return undefined;
  }
}

/** A country as a person reads it: "Iran (IR)", or the code alone when it names no country. */
export function countryWords(code: string): string {
  const name = countryName(code);
  return name ? `${name} (${code})` : code;
}
