// Shapes of the per-country generation data (see country-profiles.ts).
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import type { LegalForm } from "../../lib/registry/schemas.shared";
import type { FormFamily, IdentifierFormat } from "./identifiers";
import type { Rng } from "./random";
import type { Romanization } from "./transliteration";

export type Language = "fr" | "de" | "en" | "it" | "es" | "nl" | "cs" | "zh" | "ru" | "el" | "bg";
export type EntityKind = "company" | "sole_entrepreneur" | "non_profit";

/** How the entity is run; decides the roles of its people. */
export type Governance = "managers" | "president" | "board" | "twoTier" | "owner" | "partners" | "association";

export interface LegalFormDef {
  localName: string;
  abbreviation: string;
  english: string;
  /** Suffix used in the English name ("Ltd", "GmbH", "LLC"). */
  englishSuffix: string;
  standardized: NonNullable<LegalForm["standardized"]>;
  /** ISO 20275 ELF code. */
  elf: string;
  family: FormFamily;
  governance: Governance;
  weight: number;
}

/** A legal form as written in the locale tables; a missing ELF code is derived (see country-profiles.ts). */
export type LegalFormInput = Omit<LegalFormDef, "elf"> & { elf?: string };

export interface SectorWord {
  local: string;
  english: string;
}

export interface City {
  name: string;
  /** Postal code pattern: each "#" becomes a digit. */
  postal: string;
  region?: string;
  lat?: number;
  lon?: number;
}

export interface PeopleNames {
  male: readonly string[];
  female: readonly string[];
  last: readonly string[];
  /** The female form of a family name (Czech -ová, Russian -a, Greek -ou). */
  feminine?: (lastName: string) => string;
  /** Full name order and joining ("first last" by default). */
  fullName?: (first: string, last: string) => string;
}

export interface LocaleData {
  language: Language;
  currency: string;
  phoneCode: string;
  tld: string;
  /** The register issuing extracts and stating the data. */
  register: string;
  romanization?: Romanization;
  roots: readonly string[];
  sectors: readonly SectorWord[];
  /** Legal name from its parts; the default is "<root> <sector> <abbreviation>". */
  legalName?: (root: string, sector: string, form: LegalFormDef, city: City) => string;
  /** English name from its parts (root already romanized). */
  englishName?: (root: string, sector: SectorWord, form: LegalFormDef, cityEnglish: string) => string;
  cities: readonly City[];
  streets: readonly string[];
  /** Address line from a street and a number; the default is "<street> <number>". */
  addressLine?: (street: string, number: number, rng: Rng) => string;
  people: PeopleNames;
  legalForms: readonly LegalFormInput[];
  /** Subsidiary holdings disclosed as intervals (FR, BE, DE, GB). */
  subsidiaryRanges?: boolean;
  /** Credits per company fetched while building an ownership graph. */
  graphCompanyCost?: number;
  accountingStandard?: string;
  taxIdType?: string;
}

export interface CountryProfile extends Omit<LocaleData, "legalForms"> {
  legalForms: readonly LegalFormDef[];
  code: RegistryCountry;
  name: string;
  identifier: IdentifierFormat;
  subsidiaryRanges: boolean;
  graphCompanyCost: number;
  accountingStandard: string;
  taxIdType: string;
}
