import type { RegistryCountry } from "../lib/registry/countries.shared";
import { romanizeFor } from "./data/country-profiles";

/** The user-facing strings `transliterate=true` romanizes: names, addresses, people, activity descriptions. */
const userFacingKeys = new Set([
  "legalName",
  "companyLegalName",
  "commercialNames",
  "fullName",
  "firstName",
  "lastName",
  "name",
  "addressLine1",
  "addressLine2",
  "city",
  "region",
  "activityDescription",
  "localName",
]);

/**
 * A copy of a response with its user-facing strings romanized (native-script countries only; Latin
 * text passes unchanged). Identifiers, codes and the request record's ids are left as they are.
 */
export function transliterated<T>(value: T, country: RegistryCountry, key = ""): T {
  if (typeof value === "string") return (userFacingKeys.has(key) ? romanizeFor(country, value) : value) as T;
  if (Array.isArray(value)) return value.map((item) => transliterated(item, country, key)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, transliterated(v, country, k)])) as T;
  }
  return value;
}
