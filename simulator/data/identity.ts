// The identity of a company: what search results, graph nodes and the full company share, cheap to
// compute so that searches and 2,000-node graphs can derive thousands of them.
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import type { Address } from "../../lib/registry/schemas.shared";
import { cityNamed, generateAddress } from "./address";
import { getProfile, romanizeFor, romanizeWordFor } from "./country-profiles";
import { canonicalId, type FormFamily } from "./identifiers";
import { personName, type PersonName } from "./people";
import type { City, CountryProfile, EntityKind, LegalFormDef, SectorWord } from "./profile-types";
import { createRng, type Rng } from "./random";
import { asSpecialCompanyId, longSamples, riskSpecialIds, specialFamily, unicodeSamples, type SpecialCompanyId } from "./special-ids";
import { addDays, referenceDate } from "./values";

export interface CompanyCore {
  country: RegistryCountry;
  /** Canonical id (see identifiers.ts), or the special id itself. */
  id: string;
  special?: SpecialCompanyId;
  profile: CountryProfile;
  form: LegalFormDef;
  entityKind: EntityKind;
  legalName: string;
  legalNameInEnglish?: string;
  /** Latin transliterations (native-script countries only). */
  transliterations?: string[];
  sector: SectorWord;
  city: City;
  incorporationDate: string;
  /** The person behind a sole entrepreneur. */
  owner?: PersonName;
}

export interface CompanyIdentity extends CompanyCore {
  address: Address;
}

/** A stream for one aspect of one company: `${country}:${id}:${aspect}`. */
export function companyRng(country: RegistryCountry, id: string, aspect: string): Rng {
  return createRng(country, id, aspect);
}

const familyKind: Record<FormFamily, EntityKind> = {
  capital: "company",
  jointStock: "company",
  partnership: "company",
  cooperative: "company",
  sole: "sole_entrepreneur",
  nonProfit: "non_profit",
};

function chooseForm(rng: Rng, profile: CountryProfile, family: FormFamily | undefined): LegalFormDef {
  const candidates = family ? profile.legalForms.filter((f) => f.family === family) : profile.legalForms;
  const fallback =
    family === "jointStock"
      ? profile.legalForms.filter((f) => f.family === "jointStock" || f.family === "capital")
      : profile.legalForms.filter((f) => f.family === "capital");
  const pool = candidates.length ? candidates : fallback.length ? fallback : profile.legalForms;
  return rng.weighted(
    pool,
    pool.map((f) => f.weight),
  );
}

const associationWords: Record<string, string> = {
  fr: "Association",
  de: "Verein",
  en: "Foundation",
  it: "Associazione",
  es: "Asociación",
  nl: "Stichting",
  cs: "Spolek",
  el: "Σωματείο",
  bg: "Сдружение",
  ru: "",
  zh: "",
};

function localLegalName(
  profile: CountryProfile,
  form: LegalFormDef,
  root: string,
  sector: SectorWord,
  city: City,
  owner?: PersonName,
): string {
  if (form.family === "sole" && owner) {
    if (profile.language === "zh") return `${city.name}${sector.local}${owner.full}`;
    if (profile.language === "ru" || profile.language === "bg") return `${form.abbreviation} «${owner.full}»`.trim();
    return form.abbreviation ? `${owner.full} ${form.abbreviation}` : `${owner.full} ${sector.local}`;
  }
  if (form.family === "nonProfit" && profile.language !== "zh" && profile.language !== "ru") {
    const word = associationWords[profile.language] ?? "Foundation";
    return [word, root, sector.local, form.abbreviation].filter(Boolean).join(" ");
  }
  if (profile.legalName) return profile.legalName(root, sector.local, form, city);
  return [root, sector.local, form.abbreviation || (form.family === "cooperative" ? form.localName : "")].filter(Boolean).join(" ");
}

function englishLegalName(
  profile: CountryProfile,
  form: LegalFormDef,
  root: string,
  sector: SectorWord,
  city: City,
  owner?: PersonName,
): string {
  const romanRoot = romanizeWordFor(profile.code, root);
  if (form.family === "sole" && owner)
    return `${romanizeFor(profile.code, owner.full)} ${form.abbreviation ? "(sole trader)" : sector.english}`;
  if (form.family === "nonProfit") return `${romanRoot} ${sector.english} ${form.englishSuffix || "Association"}`.trim();
  if (profile.englishName) return profile.englishName(romanRoot, sector, form, romanizeWordFor(profile.code, city.name));
  return `${romanRoot} ${sector.english} ${form.englishSuffix}`.trim();
}

function specialNames(special: SpecialCompanyId | undefined, legalName: string): string {
  if (special === "UNICODE") return unicodeSamples.legalName;
  if (special === "LONG_NAMES") return longSamples.legalName;
  return legalName;
}

/** How many days before the reference date (and so, once moved, before the clock's today) YOUNG was incorporated. */
export const youngAgeDays = { min: 85, max: 95 } as const;

function incorporation(rng: Rng, special?: SpecialCompanyId): string {
  if (special === "YOUNG") return addDays(referenceDate, -rng.int(youngAgeDays.min, youngAgeDays.max));
  // The other risk ids are long established, so that their dated flags and filings follow their incorporation.
  if (special && riskSpecialIds.has(special))
    return `${rng.int(1990, 2012)}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
  const year = rng.weighted([rng.int(1950, 1989), rng.int(1990, 2009), rng.int(2010, 2024)], [15, 35, 50]);
  return `${year}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
}

/** What the ownership structure needs of a company: canonical id, legal name, kind (no romanization). */
export type CompanyBasics = Omit<CompanyCore, "legalNameInEnglish" | "transliterations"> & { root: string };

/** `generated`: the id comes from the country's own generator, so it is canonical already (saves parsing). */
export function companyBasics(country: RegistryCountry, rawId: string, options: { generated?: boolean } = {}): CompanyBasics {
  const special = asSpecialCompanyId(rawId);
  const id = special ?? (options.generated ? rawId : canonicalId(country, rawId));
  const profile = getProfile(country);
  const rng = companyRng(country, id, "identity");
  const form = chooseForm(rng, profile, specialFamily(special) ?? profile.identifier.family?.(id));
  const city = cityNamed(profile, profile.identifier.city?.(id)) ?? rng.pick(profile.cities);
  const root = rng.pick(profile.roots);
  const sector = rng.pick(profile.sectors);
  const owner = form.family === "sole" ? personName(rng.fork("owner"), profile, special) : undefined;
  const legalName = specialNames(special, localLegalName(profile, form, root, sector, city, owner));
  return {
    country,
    id,
    special,
    profile,
    form,
    entityKind: familyKind[form.family],
    legalName,
    root,
    sector,
    city,
    incorporationDate: incorporation(rng, special),
    owner,
  };
}

/** Names (with English name and transliterations), legal form and kind of `(country, id)`, without the address. */
export function companyCore(country: RegistryCountry, rawId: string): CompanyCore {
  const basics = companyBasics(country, rawId);
  const { profile, form, root, sector, city, owner, special, legalName } = basics;
  const native = profile.romanization !== undefined;
  const english =
    profile.language === "en" && !native ? undefined : specialNames(special, englishLegalName(profile, form, root, sector, city, owner));
  return {
    country,
    id: basics.id,
    special,
    profile,
    form,
    entityKind: basics.entityKind,
    legalName,
    legalNameInEnglish: english,
    transliterations: native ? [romanizeFor(country, legalName)] : undefined,
    sector,
    city,
    incorporationDate: basics.incorporationDate,
    owner,
  };
}

/** The identity of `(country, id)` with its legal address: the same input always gives the same identity. */
export function companyIdentity(country: RegistryCountry, rawId: string): CompanyIdentity {
  const core = companyCore(country, rawId);
  const address = generateAddress(companyRng(country, core.id, "address"), core.profile, core.city);
  if (core.special === "UNICODE") Object.assign(address, { addressLine1: unicodeSamples.street, city: unicodeSamples.city });
  if (core.special === "LONG_NAMES") address.addressLine1 = longSamples.street;
  return { ...core, address };
}
