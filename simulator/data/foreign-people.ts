// People living abroad, for FOREIGN_OWNERS: in another registry country (named and housed by that country's
// profile), or in one of the high-risk countries, which have no profile here and so one fixed resident each.
import { isRegistryCountry } from "../../lib/registry/countries.shared";
import type { Address, Person } from "../../lib/registry/schemas.shared";
import { generateAddress } from "./address";
import { getProfile } from "./country-profiles";
import { personName, type PersonName } from "./people";
import type { Rng } from "./random";
import { highRiskCountries } from "./special-ids";

type HighRiskCountry = (typeof highRiskCountries)[keyof typeof highRiskCountries];

const highRiskResidents: Record<HighRiskCountry, { name: PersonName; address: Address }> = {
  IR: {
    name: { gender: "Male", first: "Reza", last: "Karimi", full: "Reza Karimi" },
    address: { addressLine1: "No. 27, Vali-e Asr Avenue", city: "Tehran", postalCode: "1516743611", countryCode: "IR" },
  },
  MM: {
    name: { gender: "Female", first: "Thandar", last: "Hlaing", full: "Thandar Hlaing" },
    address: { addressLine1: "No. 112, Bogyoke Aung San Road", city: "Yangon", postalCode: "11141", countryCode: "MM" },
  },
};

const isHighRisk = (country: string): country is HighRiskCountry => country in highRiskResidents;

/** A name from `country`: its profile's names, or the fixed resident of a high-risk country. */
export function nameFrom(rng: Rng, country: string): PersonName {
  if (isHighRisk(country)) return highRiskResidents[country].name;
  return personName(rng, getProfile(isRegistryCountry(country) ? country : "GB"));
}

/** An address in `country`: one of its profile's cities, or the fixed address of a high-risk country. */
export function residenceIn(rng: Rng, country: string): Address {
  if (isHighRisk(country)) return { ...highRiskResidents[country].address };
  const profile = getProfile(isRegistryCountry(country) ? country : "GB");
  return generateAddress(rng, profile, rng.pick(profile.cities));
}

/** A person of `country` who lives there. */
export function residentOf(rng: Rng, country: string): Person {
  const name = nameFrom(rng, country);
  return {
    gender: name.gender,
    name: { fullName: name.full, firstName: name.first, lastName: name.last },
    birthDate: { day: rng.int(1, 28), month: rng.int(1, 12), year: rng.int(1955, 1990) },
    nationality: country,
    residenceAddress: residenceIn(rng, country),
  };
}
