/**
 * Per-country hints for the search box: how each register writes the number a company can be found by,
 * with an example the registry accepts (number-hints.test.ts checks each example against the
 * simulator's parsers). Plain strings, no zod.
 */
import type { RegistryCountry } from "@/lib/registry/countries.shared";

export type NumberHint = { format: string; example: string };

export const numberHints: Record<RegistryCountry, NumberHint> = {
  AT: { format: "Firmenbuchnummer: digits and a check letter (an FN prefix is fine)", example: "123456a" },
  BE: { format: "Enterprise number: 10 digits starting with 0 or 1 (a BE prefix or the 9-digit form also work)", example: "0425.258.688" },
  BG: { format: "UIC (ЕИК): 9 digits with a check digit", example: "242291436" },
  CH: { format: "UID: CHE and 9 digits (without dots, or with a MWST/TVA/IVA suffix, also works)", example: "CHE-122.381.188" },
  CN: { format: "Unified Social Credit Code: 18 characters", example: "91510100RPRQEGHL8G" },
  CZ: { format: "IČO: 8 digits with a check digit", example: "62596837" },
  CY: { format: "Registrar number: HE and digits", example: "HE123456" },
  DE: {
    format: "Register court, register (HRB, HRA, VR, PR, GnR) and number, e.g. München HRB 228960",
    example: "Berlin (Charlottenburg) HRB 12345",
  },
  DK: { format: "CVR: 8 digits", example: "51686233" },
  EE: { format: "Registry code: 8 digits", example: "16543200" },
  ES: { format: "CIF/NIF: a letter, 7 digits and a control character", example: "B12345674" },
  FI: { format: "Business ID (Y-tunnus): 7 digits, a hyphen and a check digit", example: "1572860-0" },
  FR: { format: "SIREN: 9 digits (a SIRET or an FR VAT number is reduced to it)", example: "443061841" },
  GB: { format: "Company number: 8 digits, or SC, NI, OC, SO or NC and 6 digits (shorter numbers are zero-padded)", example: "01234567" },
  GG: { format: "Registry number: 5 digits", example: "34572" },
  GR: { format: "GEMI number: 12 digits ending in 000", example: "123456701000" },
  HK: { format: "Business registration number: 8 digits", example: "61918918" },
  HR: { format: "MBS: 9 digits", example: "080123456" },
  HU: { format: "Cégjegyzékszám: court, form and serial", example: "01-09-123456" },
  IE: { format: "CRO number: 6 digits", example: "555133" },
  IS: { format: "Kennitala: 10 digits", example: "5808162079" },
  IT: { format: "Codice fiscale: 11 digits (or a REA number, chamber and serial)", example: "68563390373" },
  JE: { format: "Registry number: 5 or 6 digits", example: "83011" },
  LI: { format: "FL number", example: "FL-0002.123.456-7" },
  LU: { format: "RCS number: B and digits (A for sole traders, F for associations)", example: "B123456" },
  LV: { format: "Registration number: 11 digits", example: "50003790865" },
  MC: { format: "RCI: year, S (company) or P (individual), serial", example: "05S04321" },
  MT: { format: "MBR number: C, P or V and digits", example: "C12345" },
  MU: { format: "File number: one letter and 2 to 6 digits", example: "C12345" },
  NL: { format: "KvK number: 8 digits", example: "54172706" },
  NO: { format: "Organisasjonsnummer: 9 digits", example: "822496210" },
  PL: { format: "KRS: 10 digits (leading zeros may be left out)", example: "0000123456" },
  PT: { format: "NIPC: 9 digits with a check digit", example: "504678051" },
  RO: { format: "CUI: 8 digits with a check digit", example: "47377644" },
  RU: { format: "OGRN: 13 digits", example: "1027700132195" },
  SE: { format: "Organisationsnummer: 6 digits, a hyphen and 4 digits", example: "556036-0793" },
  SG: { format: "UEN: year, 5 digits and a letter", example: "201912345K" },
  SI: { format: "Matična številka: 10 digits ending in 000", example: "5123456000" },
  SK: { format: "IČO: 8 digits with a check digit", example: "56578148" },
  VG: { format: "BVI company number: 6 or 7 digits", example: "1675748" },
};

/** The line under the search box: a company name, or the country's number format with an example. */
export function numberHint(country: RegistryCountry): string {
  const hint = numberHints[country];
  return `A company name, or its number. ${hint.format}. Example: ${hint.example}`;
}
