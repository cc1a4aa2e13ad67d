// Individuals: names in the country's conventions, birth data, nationality, residence.
import type { Person } from "../../lib/registry/schemas.shared";
import { generateAddress } from "./address";
import type { CountryProfile } from "./profile-types";
import type { Rng } from "./random";
import { unicodeSamples, type SpecialCompanyId } from "./special-ids";

export interface PersonName {
  gender: "Male" | "Female";
  first: string;
  last: string;
  full: string;
}

export function personName(rng: Rng, profile: CountryProfile, special?: SpecialCompanyId): PersonName {
  const gender = rng.chance(0.55) ? "Male" : "Female";
  const names = profile.people;
  let first = rng.pick(gender === "Male" ? names.male : names.female);
  let last = rng.pick(names.last);
  if (gender === "Female" && names.feminine) last = names.feminine(last);
  if (special === "UNICODE") {
    first = `${unicodeSamples.personFirst} ${first}`;
    last = `${unicodeSamples.personLast}`;
  }
  if (special === "LONG_NAMES")
    last = `${last}-${"Wolfeschlegelsteinhausenbergerdorff".repeat(6)} von und zu ${profile.cities.map((c) => c.name).join("-")}`;
  const full = names.fullName ? names.fullName(first, last) : `${first} ${last}`;
  return { gender, first, last, full };
}

const pad2 = (n: number) => String(n).padStart(2, "0");

export interface PersonOptions {
  name?: PersonName;
  minBirthYear?: number;
  maxBirthYear?: number;
  /** Fewer fields (the SPARSE shape): name only. */
  sparse?: boolean;
}

export function generatePerson(rng: Rng, profile: CountryProfile, options: PersonOptions = {}, special?: SpecialCompanyId): Person {
  const name = options.name ?? personName(rng, profile, special);
  if (options.sparse) return { name: { fullName: name.full } };
  const year = rng.int(options.minBirthYear ?? 1945, options.maxBirthYear ?? 1995);
  const month = rng.int(1, 12);
  const birthCity = rng.pick(profile.cities);
  const foreign = rng.chance(0.1);
  const person: Person = {
    gender: name.gender,
    name: { fullName: name.full, firstName: name.first, lastName: name.last },
    birthDate: { day: rng.int(1, 28), month, year },
    birthAddress: { city: birthCity.name, ...(birthCity.postal ? { postalCode: birthCity.postal.replace(/#/g, "0") } : {}) },
    nationality: foreign ? rng.pick(["FR", "DE", "GB", "IT", "NL", "US", "CH", "ES"]) : profile.code,
    residenceAddress: generateAddress(rng, profile, rng.pick(profile.cities)),
  };
  if (rng.chance(0.3)) person.identifiers = { registerPersonId: `${profile.code}-P${rng.digits(8)}`, birthDate: `${year}-${pad2(month)}` };
  return person;
}
