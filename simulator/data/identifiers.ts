// Per-country company identifier formats: a generator, a normaliser to the canonical id, the key under
// which the id appears in `company.identifiers`, and hints the generator uses for coherence (the kind
// of legal form a German register or a Spanish CIF letter implies, the city of an Italian chamber).
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import * as check from "./check-digits";
import { canonicalGermanReference, germanCourts, parseGermanReference, type GermanRegister } from "./german-register";
import type { Rng } from "./random";

/** The family of legal form an identifier implies (when it implies one). */
export type FormFamily = "capital" | "jointStock" | "partnership" | "sole" | "nonProfit" | "cooperative";

export interface IdentifierFormat {
  /** Key of the canonical id in `company.identifiers`. */
  key: string;
  /** The canonical form, in words, with an example. */
  canonical: string;
  example: string;
  generate(rng: Rng, family?: FormFamily): string;
  /** The canonical id for any accepted spelling of the primary identifier; null when it is not one. */
  normalize(input: string): string | null;
  /** The legal-form family the id implies, if any. */
  family?(id: string): FormFamily | undefined;
  /** The city the id implies (register court, chamber of commerce, region code), if any. */
  city?(id: string): string | undefined;
}

const compact = (s: string) => s.replace(/[\s.\-/]/g, "").toUpperCase();
const nonZeroDigits = (rng: Rng, length: number) => String(rng.int(1, 9)) + rng.digits(length - 1);

/** Draws payloads until the check-digit function accepts one. */
function withCheck(rng: Rng, payloadLength: number, checkDigit: (payload: string) => number | null, prefix = ""): string {
  for (;;) {
    const rest = payloadLength - prefix.length;
    const payload = prefix + (prefix ? rng.digits(rest) : nonZeroDigits(rng, rest));
    const digit = checkDigit(payload);
    if (digit !== null && digit < 10) return payload + String(digit);
  }
}

function digitsFormat(
  key: string,
  length: number,
  checkDigit: ((payload: string) => number | null) | null,
  prefixes: string[] = [],
): IdentifierFormat {
  const example = "1".repeat(length);
  return {
    key,
    canonical: `${length} digits${checkDigit ? " with a check digit" : ""}`,
    example,
    generate: (rng) => {
      const prefix = prefixes.length ? rng.pick(prefixes) : "";
      if (!checkDigit) return prefix + (prefix ? rng.digits(length - prefix.length) : nonZeroDigits(rng, length));
      return withCheck(rng, length - 1, checkDigit, prefix);
    },
    normalize: (input) => {
      const value = compact(input);
      if (!new RegExp(`^\\d{${length}}$`).test(value)) return null;
      if (checkDigit && checkDigit(value.slice(0, -1)) !== Number(value.slice(-1))) return null;
      return value;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Rich formats

const siren: IdentifierFormat = {
  key: "siren",
  canonical: "SIREN: 9 digits, Luhn check digit (spaces, a SIRET or an FR VAT number are reduced to it)",
  example: "443061841",
  generate: (rng) => {
    const payload = nonZeroDigits(rng, 8);
    return payload + String(check.luhnCheckDigit(payload));
  },
  normalize: (input) => {
    const value = compact(input).replace(/^FR\d{2}(?=\d{9}$)/, "");
    const candidate = /^\d{14}$/.test(value) && check.isLuhnValid(value) ? value.slice(0, 9) : value;
    return /^\d{9}$/.test(candidate) && check.isLuhnValid(candidate) ? candidate : null;
  },
};

const germanFamily: Record<GermanRegister, FormFamily> = {
  HRB: "capital",
  HRA: "partnership",
  VR: "nonProfit",
  PR: "partnership",
  GnR: "cooperative",
};
const germanRegisterFor: Record<FormFamily, GermanRegister> = {
  capital: "HRB",
  jointStock: "HRB",
  partnership: "HRA",
  sole: "HRA",
  nonProfit: "VR",
  cooperative: "GnR",
};

const germanReference: IdentifierFormat = {
  key: "hrb",
  canonical: '"<court> <register> <number>", e.g. "Berlin (Charlottenburg) HRB 12345", "München HRB 228960"',
  example: "Berlin (Charlottenburg) HRB 12345",
  generate: (rng, family) => {
    const court = rng.pick(germanCourts);
    const register = family ? germanRegisterFor[family] : rng.weighted<GermanRegister>(["HRB", "HRA", "VR", "GnR"], [80, 12, 6, 2]);
    return `${court.name} ${register} ${rng.int(1000, 299999)}`;
  },
  normalize: canonicalGermanReference,
  family: (id) => {
    const register = parseGermanReference(id)?.register;
    return register ? germanFamily[register] : undefined;
  },
  city: (id) => parseGermanReference(id)?.court?.city,
};

/** GB company numbers: 8 characters; digits for England and Wales, SC (Scotland), NI (Northern Ireland), OC (LLPs). */
const gbCompanyNumber: IdentifierFormat = {
  key: "companyNumber",
  canonical: "8 characters: 8 digits, or SC / NI / OC / SO / NC + 6 digits (shorter numbers are zero-padded)",
  example: "01234567",
  generate: (rng, family) => {
    if (family === "partnership") return `OC${rng.digits(6)}`;
    const prefix = rng.weighted(["", "SC", "NI"], [82, 12, 6]);
    return prefix ? prefix + rng.digits(6) : "0" + rng.digits(7);
  },
  normalize: (input) => {
    const value = compact(input);
    if (/^\d{1,8}$/.test(value)) return value.padStart(8, "0");
    const prefixed = /^(SC|NI|OC|SO|NC|NF|FC|LP|SL|R0)(\d{1,6})$/.exec(value);
    return prefixed ? (prefixed[1] as string) + (prefixed[2] as string).padStart(6, "0") : null;
  },
  family: (id) => (/^(OC|SO|NC)/.test(id) ? "partnership" : undefined),
};

const swissUid: IdentifierFormat = {
  key: "uid",
  canonical: '"CHE-123.456.789" (mod-11 check digit; "CHE123456789" and a MWST/TVA/IVA suffix are accepted)',
  example: "CHE-123.456.789",
  generate: (rng) => {
    const digits = withCheck(rng, 8, check.swissUidCheckDigit);
    return `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
  },
  normalize: (input) => {
    const value = compact(input).replace(/(MWST|TVA|IVA|HR)$/, "");
    const match = /^CHE(\d{9})$/.exec(value);
    if (!match) return null;
    const digits = match[1] as string;
    if (check.swissUidCheckDigit(digits.slice(0, 8)) !== Number(digits.slice(8))) return null;
    return `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
  },
};

/** Italian chambers of commerce: CCIAA code, city, tax-office code used in the codice fiscale. */
export const italianChambers = [
  { cciaa: "RM", city: "Roma", office: "058", postal: "00" },
  { cciaa: "MI", city: "Milano", office: "015", postal: "20" },
  { cciaa: "TO", city: "Torino", office: "001", postal: "10" },
  { cciaa: "NA", city: "Napoli", office: "063", postal: "80" },
  { cciaa: "FI", city: "Firenze", office: "048", postal: "50" },
  { cciaa: "BO", city: "Bologna", office: "037", postal: "40" },
  { cciaa: "GE", city: "Genova", office: "010", postal: "16" },
  { cciaa: "VE", city: "Venezia", office: "027", postal: "30" },
  { cciaa: "BA", city: "Bari", office: "072", postal: "70" },
  { cciaa: "PA", city: "Palermo", office: "082", postal: "90" },
] as const;

/**
 * Italy: the canonical id is the company's codice fiscale (11 digits: 7-digit serial, 3-digit office
 * code, Luhn check). The REA number is the serial without leading zeros at the chamber of the office
 * code, so "RM-1234567" and the codice fiscale map to each other.
 */
const italianCodiceFiscale: IdentifierFormat = {
  key: "Codice Fiscale",
  canonical: "codice fiscale: 11 digits (7-digit serial + 3-digit office code + Luhn check); the REA is <CCIAA>-<serial>",
  example: "12345670588",
  generate: (rng) => {
    const payload = nonZeroDigits(rng, 7) + rng.pick(italianChambers).office;
    return payload + String(check.luhnCheckDigit(payload));
  },
  normalize: (input) => {
    const value = compact(input).replace(/^IT(?=\d{11}$)/, "");
    return /^\d{11}$/.test(value) && check.isLuhnValid(value) && chamberOf(value) ? value : null;
  },
  city: (id) => chamberOf(id)?.city,
};

export function chamberOf(codiceFiscale: string) {
  return italianChambers.find((c) => c.office === codiceFiscale.slice(7, 10));
}

export function italianRea(codiceFiscale: string): { cciaa: string; rea: string } | undefined {
  const chamber = chamberOf(codiceFiscale);
  return chamber ? { cciaa: chamber.cciaa, rea: String(Number(codiceFiscale.slice(0, 7))) } : undefined;
}

/** "RM-1234567" (or "RM 1234567", "RM1234567") to the codice fiscale; null when it is no REA reference. */
export function codiceFiscaleFromRea(input: string): string | null {
  const match = /^([A-Z]{2})[\s\-/]*(\d{1,7})$/.exec(input.trim().toUpperCase());
  if (!match) return null;
  const chamber = italianChambers.find((c) => c.cciaa === match[1]);
  if (!chamber) return null;
  const payload = (match[2] as string).padStart(7, "0") + chamber.office;
  return payload + String(check.luhnCheckDigit(payload));
}

/** Every codice fiscale whose REA number is `rea` (one per chamber): a partial reference. */
export function codiciFiscaliForReaNumber(rea: string): string[] {
  return italianChambers.map((c) => codiceFiscaleFromRea(`${c.cciaa}-${rea}`)).filter((x): x is string => x !== null);
}

/**
 * Mauritius: the canonical id is the register file number (one letter, 2 to 6 digits, no leading zero,
 * e.g. "C12345"). The business registration number is letter + 2-digit year + the file digits padded
 * to 6 ("C07012345"); search maps it back to the file number.
 */
const mauritiusFileNumber: IdentifierFormat = {
  key: "fileNumber",
  canonical: 'file number: one letter + 2 to 6 digits, e.g. "C12345" (letter upper-cased)',
  example: "C12345",
  generate: (rng) => `${rng.weighted(["C", "P", "F"], [85, 10, 5])}${rng.int(10, 199999)}`,
  normalize: (input) => {
    const match = /^([A-Za-z])(\d{2,6})$/.exec(input.trim());
    return match ? `${(match[1] as string).toUpperCase()}${match[2] as string}` : null;
  },
};

export function mauritiusBrn(fileNumber: string, year: number): string {
  const letter = fileNumber.charAt(0);
  return `${letter}${String(year % 100).padStart(2, "0")}${fileNumber.slice(1).padStart(6, "0")}`;
}

/** "C07012345" → "C12345"; null when the input is no business registration number. */
export function mauritiusFileNumberFromBrn(input: string): string | null {
  const match = /^([A-Za-z])(\d{2})(\d{6})$/.exec(input.trim());
  if (!match) return null;
  const digits = String(Number(match[3]));
  return `${(match[1] as string).toUpperCase()}${digits.padStart(2, "0")}`;
}

const czechIco: IdentifierFormat = digitsFormat("ico", 8, check.icoCheckDigit);

const usccAlphabet = Array.from(check.usccCharacters);

const chinaRegions = [
  { code: "110000", city: "北京" },
  { code: "310000", city: "上海" },
  { code: "440300", city: "深圳" },
  { code: "440100", city: "广州" },
  { code: "330100", city: "杭州" },
  { code: "510100", city: "成都" },
] as const;

const chinaUscc: IdentifierFormat = {
  key: "uscc",
  canonical: "Unified Social Credit Code: 18 characters (GB 32100-2015 check character)",
  example: "91110000MA01234567",
  generate: (rng, family) => {
    const kind = family === "nonProfit" ? "51" : family === "sole" ? "92" : "91";
    const org = Array.from({ length: 9 }, () => rng.pick(usccAlphabet)).join("");
    const payload = kind + rng.pick(chinaRegions).code + org;
    return payload + check.usccCheckChar(payload);
  },
  normalize: (input) => {
    const value = compact(input);
    return /^[0-9A-HJ-NPQRTUWXY]{18}$/.test(value) && check.usccCheckChar(value.slice(0, 17)) === value.slice(17) ? value : null;
  },
  family: (id) => (id.startsWith("51") ? "nonProfit" : id.startsWith("92") ? "sole" : undefined),
  city: (id) => chinaRegions.find((r) => r.code === id.slice(2, 8))?.city,
};

const belgianEnterprise: IdentifierFormat = {
  key: "enterpriseNumber",
  canonical: '"0425.258.688": 10 digits, first 0 or 1, mod-97 check (BE prefix and 9-digit forms accepted)',
  example: "0425.258.688",
  generate: (rng) => {
    const payload = rng.pick(["0", "0", "1"]) + nonZeroDigits(rng, 7);
    const value = payload + check.belgianCheck(payload);
    return `${value.slice(0, 4)}.${value.slice(4, 7)}.${value.slice(7)}`;
  },
  normalize: (input) => {
    let value = compact(input).replace(/^BE/, "");
    if (/^\d{9}$/.test(value)) value = "0" + value;
    if (!/^[01]\d{9}$/.test(value) || check.belgianCheck(value.slice(0, 8)) !== value.slice(8)) return null;
    return `${value.slice(0, 4)}.${value.slice(4, 7)}.${value.slice(7)}`;
  },
};

const spanishCif: IdentifierFormat = {
  key: "CIF",
  canonical: "CIF/NIF: letter + 7 digits + control (A S.A., B S.L., G associations)",
  example: "B12345674",
  generate: (rng, family) => {
    const letter =
      family === "nonProfit"
        ? "G"
        : family === "jointStock"
          ? "A"
          : family === "cooperative"
            ? "F"
            : family === "capital"
              ? "B"
              : rng.weighted(["B", "A"], [80, 20]);
    const payload = rng.digits(7);
    return letter + payload + check.spanishCifControl(letter, payload);
  },
  normalize: (input) => {
    const value = compact(input).replace(/^ES(?=[A-Z]\d{7}[0-9A-J]$)/, "");
    const match = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
    if (!match) return null;
    const control = check.spanishCifControl(match[1] as string, match[2] as string);
    return control === match[3] ? value : null;
  },
  family: (id) => (({ A: "jointStock", B: "capital", G: "nonProfit", F: "cooperative" }) as Record<string, FormFamily>)[id.charAt(0)],
};

const luxembourgRcs: IdentifierFormat = {
  key: "rcs",
  canonical: 'RCS number: "B123456" (A sole traders, F associations)',
  example: "B123456",
  generate: (rng, family) => `${family === "sole" ? "A" : family === "nonProfit" ? "F" : "B"}${rng.int(1000, 289999)}`,
  normalize: (input) => {
    const match = /^(?:RCS)?([ABFEGJ])(\d{1,6})$/.exec(compact(input));
    return match ? `${match[1] as string}${Number(match[2])}` : null;
  },
  family: (id) => (id.startsWith("A") ? "sole" : id.startsWith("F") ? "nonProfit" : undefined),
};

// ---------------------------------------------------------------------------------------------------
// Compact formats

function patternFormat(
  key: string,
  canonical: string,
  example: string,
  pattern: RegExp,
  generate: (rng: Rng, family?: FormFamily) => string,
  tidy: (s: string) => string = compact,
): IdentifierFormat {
  return {
    key,
    canonical,
    example,
    generate,
    normalize: (input) => {
      const value = tidy(input);
      return pattern.test(value) ? value : null;
    },
  };
}

const austrianFn = patternFormat(
  "companyNumber",
  'Firmenbuchnummer: digits + check letter, e.g. "123456a" ("FN" prefix accepted)',
  "123456a",
  /^\d{1,6}[a-z]$/,
  (rng) => {
    const digits = String(rng.int(10000, 599999));
    return digits + check.austrianFnCheckLetter(digits);
  },
  (s) =>
    s
      .trim()
      .replace(/^FN\s*/i, "")
      .replace(/\s/g, "")
      .toLowerCase(),
);

const cyprusHe = patternFormat(
  "registrationNumber",
  'Registrar number: "HE" + digits, e.g. "HE123456"',
  "HE123456",
  /^HE\d{3,6}$/,
  (rng) => `HE${rng.int(1000, 459999)}`,
  (s) => compact(s).replace(/^ΗΕ/, "HE"),
);

const finnishBusinessId: IdentifierFormat = {
  key: "businessId",
  canonical: 'Y-tunnus "1234567-8"',
  example: "1572860-0",
  generate: (rng) => {
    for (;;) {
      const payload = nonZeroDigits(rng, 7);
      const digit = check.mod11Complement(payload, [7, 9, 10, 5, 8, 4, 2]);
      if (digit !== null) return `${payload}-${digit}`;
    }
  },
  normalize: (input) => {
    const value = compact(input).replace(/^FI/, "");
    if (!/^\d{8}$/.test(value)) return null;
    return check.mod11Complement(value.slice(0, 7), [7, 9, 10, 5, 8, 4, 2]) === Number(value.slice(7))
      ? `${value.slice(0, 7)}-${value.slice(7)}`
      : null;
  },
};

const danishCvr: IdentifierFormat = {
  ...digitsFormat("cvr", 8, null),
  canonical: "CVR: 8 digits (mod-11)",
  generate: (rng) => {
    for (;;) {
      const value = nonZeroDigits(rng, 8);
      if (check.mod11Valid(value, [2, 7, 6, 5, 4, 3, 2, 1])) return value;
    }
  },
  normalize: (input) => {
    const value = compact(input).replace(/^DK/, "");
    return /^\d{8}$/.test(value) && check.mod11Valid(value, [2, 7, 6, 5, 4, 3, 2, 1]) ? value : null;
  },
};

const hungarianCompanyNumber = patternFormat(
  "companyNumber",
  'Cégjegyzékszám "01-09-123456" (court, form, serial)',
  "01-09-123456",
  /^\d{2}-\d{2}-\d{6}$/,
  (rng, family) => {
    const form = family === "jointStock" ? "10" : family === "partnership" ? "06" : "09";
    return `${rng.pick(["01", "13", "14", "02", "08"])}-${form}-${rng.digits(6)}`;
  },
  (s) => {
    const digits = s.replace(/\D/g, "");
    return digits.length === 10 ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : s.trim();
  },
);

const liechtensteinFl = patternFormat(
  "flNumber",
  'FL number "FL-0002.123.456-7"',
  "FL-0002.123.456-7",
  /^FL-\d{4}\.\d{3}\.\d{3}-\d$/,
  (rng) => `FL-0002.${rng.digits(3)}.${rng.digits(3)}-${rng.int(0, 9)}`,
  (s) => {
    const digits = s.replace(/\D/g, "");
    return digits.length === 11 ? `FL-${digits.slice(0, 4)}.${digits.slice(4, 7)}.${digits.slice(7, 10)}-${digits.slice(10)}` : s.trim();
  },
);

const monacoRci = patternFormat(
  "rci",
  'RCI "05S04321" (year, S company / P individual, serial)',
  "05S04321",
  /^\d{2}[SP]\d{5}$/,
  (rng, family) => `${rng.digits(2)}${family === "sole" ? "P" : "S"}${rng.digits(5)}`,
);

const maltaC = patternFormat(
  "companyNumber",
  'MBR number "C12345"',
  "C12345",
  /^[CPV]\d{3,6}$/,
  (rng, family) => `${family === "partnership" ? "P" : family === "nonProfit" ? "V" : "C"}${rng.int(1000, 109999)}`,
);

const polishKrs = patternFormat(
  "krs",
  "KRS: 10 digits, zero-padded",
  "0000123456",
  /^\d{10}$/,
  (rng) => String(rng.int(1000, 999999)).padStart(10, "0"),
  (s) => {
    const digits = compact(s).replace(/^KRS/, "");
    return /^\d{1,10}$/.test(digits) ? digits.padStart(10, "0") : digits;
  },
);

const portugueseNipc = digitsFormat("NIF", 9, (p) => check.mod11Complement(p, [9, 8, 7, 6, 5, 4, 3, 2]) ?? 0, ["50", "51", "508", "509"]);

const romanianCui = digitsFormat("cui", 8, check.romanianCuiCheckDigit, ["1", "2", "3", "4"]);

const swedishOrg: IdentifierFormat = {
  key: "organizationNumber",
  canonical: 'organisationsnummer "556123-4567" (Luhn)',
  example: "556036-0793",
  generate: (rng) => {
    const payload = "55" + rng.digits(7);
    const value = payload + String(check.luhnCheckDigit(payload));
    return `${value.slice(0, 6)}-${value.slice(6)}`;
  },
  normalize: (input) => {
    const value = compact(input)
      .replace(/^SE/, "")
      .replace(/01$/, (m) => (input.replace(/\D/g, "").length === 12 ? "" : m));
    return /^\d{10}$/.test(value) && check.isLuhnValid(value) ? `${value.slice(0, 6)}-${value.slice(6)}` : null;
  },
};

const singaporeUen = patternFormat(
  "uen",
  'UEN "201912345K" (year + 5 digits + letter)',
  "201912345K",
  /^(19|20)\d{7}[A-Z]$/,
  (rng) => `${rng.int(1995, 2024)}${rng.digits(5)}${rng.pick(Array.from("ACDEGHKMNRWZ"))}`,
);

const norwegianOrg = digitsFormat("organizationNumber", 9, (p) => check.mod11Complement(p, [3, 2, 7, 6, 5, 4, 3, 2]), ["8", "9"]);

const russianOgrn: IdentifierFormat = {
  key: "ogrn",
  canonical: "OGRN: 13 digits (first 12 mod 11 mod 10)",
  example: "1027700132195",
  generate: (rng) => {
    const payload = rng.pick(["1", "5"]) + rng.digits(2) + rng.pick(["77", "78", "50", "66", "16"]) + rng.digits(7);
    return payload + String(check.ogrnCheckDigit(payload));
  },
  normalize: (input) => {
    const value = compact(input);
    return /^\d{13}$/.test(value) && check.ogrnCheckDigit(value.slice(0, 12)) === Number(value.slice(12)) ? value : null;
  },
  city: (id) =>
    (({ "77": "Москва", "78": "Санкт-Петербург", "50": "Москва", "66": "Екатеринбург", "16": "Казань" }) as Record<string, string>)[
      id.slice(3, 5)
    ],
};

const greekGemi = patternFormat(
  "gemi",
  'GEMI number: 12 digits ending in "000"',
  "123456701000",
  /^\d{9}000$/,
  (rng) => `${nonZeroDigits(rng, 9)}000`,
);

const bulgarianUic = digitsFormat("uic", 9, check.bulgarianUicCheckDigit, ["1", "2"]);

const croatianMbs = patternFormat(
  "mbs",
  "MBS: 9 digits",
  "080123456",
  /^\d{9}$/,
  (rng) => `0${rng.pick(["80", "40", "60"])}${rng.digits(6)}`,
);

const icelandKennitala: IdentifierFormat = {
  ...digitsFormat("kennitala", 10, null),
  canonical: "kennitala: 10 digits (day + 40 for entities, check digit, century)",
  generate: (rng) => {
    for (;;) {
      const payload = `${rng.int(41, 70)}${String(rng.int(1, 12)).padStart(2, "0")}${rng.digits(2)}${rng.digits(2)}`;
      const digit = check.mod11Complement(payload, [3, 2, 7, 6, 5, 4, 3, 2]);
      if (digit !== null && digit < 10) return `${payload}${digit}${rng.pick(["9", "0"])}`;
    }
  },
  normalize: (input) => {
    const value = compact(input);
    return /^[4-7]\d{9}$/.test(value) ? value : null;
  },
};

const estonianCode = digitsFormat("registryCode", 8, null, ["10", "11", "12", "14", "16"]);
const latvianNumber = digitsFormat("registrationNumber", 11, null, ["40003", "40103", "50003"]);
const slovenianNumber = patternFormat(
  "registrationNumber",
  "matična številka: 10 digits ending in 000",
  "5123456000",
  /^\d{7}000$/,
  (rng) => `${rng.pick(["5", "6", "8"])}${rng.digits(6)}000`,
);
const dutchKvk = digitsFormat("kvk", 8, null, ["3", "5", "6", "7", "8"]);
const hongKongBrn = digitsFormat("brn", 8, null, ["3", "5", "6", "7"]);

const shortNumber = (key: string, min: number, max: number, canonical: string) =>
  patternFormat(
    key,
    canonical,
    String(min),
    new RegExp(`^\\d{${String(min).length},${String(max).length}}$`),
    (rng) => String(rng.int(min, max)),
    (s) => compact(s).replace(/^0+(?=\d)/, ""),
  );

export const identifierFormats: Record<RegistryCountry, IdentifierFormat> = {
  AT: austrianFn,
  BE: belgianEnterprise,
  BG: bulgarianUic,
  CH: swissUid,
  CN: chinaUscc,
  CZ: czechIco,
  CY: cyprusHe,
  DE: germanReference,
  DK: danishCvr,
  EE: estonianCode,
  ES: spanishCif,
  FI: finnishBusinessId,
  FR: siren,
  GB: gbCompanyNumber,
  GG: shortNumber("registryNumber", 10000, 72999, "registry number: 5 digits"),
  GR: greekGemi,
  HK: hongKongBrn,
  HR: croatianMbs,
  HU: hungarianCompanyNumber,
  IE: shortNumber("companyNumber", 100000, 759999, "CRO number: 6 digits"),
  IS: icelandKennitala,
  IT: italianCodiceFiscale,
  JE: shortNumber("companyNumber", 10000, 159999, "registry number: 5-6 digits"),
  LI: liechtensteinFl,
  LU: luxembourgRcs,
  LV: latvianNumber,
  MC: monacoRci,
  MT: maltaC,
  MU: mauritiusFileNumber,
  NL: dutchKvk,
  NO: norwegianOrg,
  PL: polishKrs,
  PT: portugueseNipc,
  RO: romanianCui,
  RU: russianOgrn,
  SE: swedishOrg,
  SG: singaporeUen,
  SI: slovenianNumber,
  SK: { ...czechIco },
  VG: shortNumber("companyNumber", 100000, 2099999, "BVI company number: 6-7 digits"),
};

/** The canonical id for `input`, or the trimmed input when it is no valid spelling (still deterministic). */
export function canonicalId(country: RegistryCountry, input: string): string {
  return identifierFormats[country].normalize(input) ?? input.trim();
}

/** Key of `company.identifiers` for a German reference (hrb, hra, vr, pr, gnr). */
export function germanIdentifierKey(id: string): string {
  return parseGermanReference(id)?.register?.toLowerCase() ?? "hrb";
}

/** An LEI (ISO 17442): 4-character LOU prefix, "00", 12 characters, 2 check digits. */
export function generateLei(rng: Rng): string {
  const alphabet = Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
  const payload =
    rng.pick(["5299", "9695", "3912", "8156", "2138", "5493"]) + "00" + Array.from({ length: 12 }, () => rng.pick(alphabet)).join("");
  return payload + check.mod97CheckDigits(payload);
}
