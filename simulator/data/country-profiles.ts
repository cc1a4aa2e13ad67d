// Per-country generation profiles for the 40 registry countries: identifier format (identifiers.ts),
// locale data (locale-rich.ts for the main countries, locale-compact.ts for the rest), ISO 20275 codes,
// native script and its romanization.
import { countryNames, registryCountries, type RegistryCountry } from "../../lib/registry/countries.shared";
import { identifierFormats } from "./identifiers";
import { compactLocales } from "./locale-compact";
import * as rich from "./locale-rich";
import type { CountryProfile, LegalFormDef, LegalFormInput, LocaleData } from "./profile-types";
import { hashString } from "./random";
import { romanize, romanizeHanWord } from "./transliteration";

const locales: Record<RegistryCountry, LocaleData> = {
  ...compactLocales,
  FR: rich.FR,
  DE: rich.DE,
  GB: rich.GB,
  CH: rich.CH,
  IT: rich.IT,
  MU: rich.MU,
  CZ: rich.CZ,
  CN: rich.CN,
  HK: rich.HK,
  RU: rich.RU,
  GR: rich.GR,
  BG: rich.BG,
  BE: rich.BE,
  NL: rich.NL,
  ES: rich.ES,
  LU: rich.LU,
};

/** Countries whose subsidiaries are disclosed as percentage intervals. */
export const subsidiaryRangeCountries: readonly RegistryCountry[] = ["FR", "BE", "DE", "GB"];
/** Countries whose names are written in a non-Latin script. */
export const nativeScriptCountries: readonly RegistryCountry[] = ["CN", "HK", "RU", "GR", "BG"];

const elfAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * ISO 20275 code: the real code where the table gives one, otherwise a stable 4-character code derived
 * from the country and the local name (the same form always gets the same code).
 */
export function elfCode(country: RegistryCountry, localName: string): string {
  let h = hashString(`elf:${country}:${localName}`);
  let code = "";
  for (let i = 0; i < 4; i++) {
    code += elfAlphabet.charAt(h % elfAlphabet.length);
    h = Math.floor(h / elfAlphabet.length);
  }
  return code;
}

function withElf(country: RegistryCountry, form: LegalFormInput): LegalFormDef {
  return { ...form, elf: form.elf ?? elfCode(country, form.localName) };
}

function buildProfile(code: RegistryCountry): CountryProfile {
  const locale = locales[code];
  return {
    ...locale,
    code,
    name: countryNames[code],
    identifier: identifierFormats[code],
    legalForms: locale.legalForms.map((form) => withElf(code, form)),
    subsidiaryRanges: subsidiaryRangeCountries.includes(code),
    graphCompanyCost: locale.graphCompanyCost ?? 1,
    accountingStandard: locale.accountingStandard ?? "IFRS",
    taxIdType: locale.taxIdType ?? "VAT",
  };
}

export const countryProfiles: Record<RegistryCountry, CountryProfile> = Object.fromEntries(
  registryCountries.map((code) => [code, buildProfile(code)]),
) as Record<RegistryCountry, CountryProfile>;

export function getProfile(country: RegistryCountry): CountryProfile {
  return countryProfiles[country];
}

/** Latin transliteration of `text` in the country's standard; the text itself for Latin-script countries. */
export function romanizeFor(country: RegistryCountry, text: string): string {
  const system = countryProfiles[country].romanization;
  return system ? romanize(text, system) : text;
}

/** A romanized single word (company name roots, city names: "Huaxing", "Beijing"). */
export function romanizeWordFor(country: RegistryCountry, text: string): string {
  const system = countryProfiles[country].romanization;
  if (!system) return text;
  if (system === "han-pinyin" || system === "han-cantonese") return romanizeHanWord(text, system);
  return romanize(text, system);
}
