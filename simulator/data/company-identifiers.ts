// The identifiers object and tax id of a company, derived from its canonical id.
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import type { TaxId } from "../../lib/registry/schemas.shared";
import * as check from "./check-digits";
import { generateLei, germanIdentifierKey, italianRea, mauritiusBrn } from "./identifiers";
import type { CompanyIdentity } from "./identity";
import type { Rng } from "./random";
import { referenceDate } from "./values";

const euVatCountries: ReadonlySet<RegistryCountry> = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

/** Country-specific identifiers beside the canonical id (which is always present under its key). */
function extraIdentifiers(identity: CompanyIdentity, rng: Rng): Record<string, string> {
  const { id } = identity;
  const year = Number(identity.incorporationDate.slice(0, 4));
  switch (identity.country) {
    case "FR": {
      const nic = rng.digits(4);
      const payload = id + nic;
      return { siret: payload + String(check.luhnCheckDigit(payload)), VAT: `FR${check.frenchVatKey(id)}${id}` };
    }
    case "IT": {
      const rea = italianRea(id);
      return { VAT: id, ...(rea ? { CCIAA: rea.cciaa, "REA Code": rea.rea } : {}) };
    }
    case "MU":
      return { brn: mauritiusBrn(id, year) };
    case "CZ":
      return { dic: `CZ${id}`, VAT: id };
    case "HK":
      return { crNumber: String(rng.int(1000000, 3299999)) };
    case "RU": {
      const inn = `77${rng.digits(7)}`;
      return { inn: inn + String(check.innCheckDigit(inn)), kpp: `77${rng.digits(2)}01001` };
    }
    case "GR": {
      const afm = `0${rng.digits(7)}`;
      return { afm: afm + String(check.greekAfmCheckDigit(afm)) };
    }
    case "BE":
      return { VAT: id.replace(/\./g, "") };
    case "NL": {
      const rsin = `8${rng.digits(8)}`;
      return { RSIN: rsin, VAT: `NL${rsin}B01` };
    }
    case "CH":
      return { VAT: `${id} MWST` };
    case "HR": {
      const oib = rng.digits(10);
      return { oib: oib + String(check.iso7064Mod1110(oib)) };
    }
    case "RO":
      return { registrationNumber: `J${rng.pick(["40", "12", "35", "22"])}/${rng.int(100, 9999)}/${year}` };
    case "PL":
      return { nip: rng.digits(10), regon: rng.digits(9) };
    default:
      return {};
  }
}

function vatValue(identity: CompanyIdentity, identifiers: Record<string, string>, rng: Rng): string | undefined {
  const { country } = identity;
  if (identifiers.VAT)
    return /^[A-Z]{2}/.test(identifiers.VAT) ? identifiers.VAT : `${country === "GR" ? "EL" : country}${identifiers.VAT}`;
  if (country === "GR") return `EL${identifiers.afm ?? ""}`;
  if (euVatCountries.has(country)) return `${country}${rng.digits(9)}`;
  return undefined;
}

export function companyIdentifiers(identity: CompanyIdentity, rng: Rng): Record<string, string> {
  const key = identity.country === "DE" ? germanIdentifierKey(identity.id) : identity.profile.identifier.key;
  const identifiers: Record<string, string> = { [key]: identity.id, ...extraIdentifiers(identity, rng) };
  if (identity.entityKind === "company" && rng.chance(0.4)) identifiers.lei = generateLei(rng);
  return identifiers;
}

/** The tax id and its verification (VIES for EU VAT numbers, the national service otherwise). */
export function companyTaxId(identity: CompanyIdentity, identifiers: Record<string, string>, rng: Rng): TaxId | undefined {
  const vat = vatValue(identity, identifiers, rng);
  const national = identifiers.inn ?? identifiers.uscc ?? identifiers.brn ?? identifiers.uid ?? identifiers.afm;
  const value = vat ?? national;
  if (!value) return undefined;
  const verified = rng.chance(0.85);
  return {
    type: vat ? "VAT" : identity.profile.taxIdType,
    value,
    country: identity.country,
    verification: {
      status: verified ? "verified" : rng.pick(["unverified", "unavailable"]),
      ...(verified
        ? {
            verifiedAt: `${referenceDate}T0${rng.int(6, 9)}:${rng.int(10, 59)}:00Z`,
            verifiedName: identity.legalName,
            verifiedAddress: [identity.address.addressLine1, identity.address.postalCode, identity.address.city].filter(Boolean).join(", "),
            consultationNumber: `WAPI${rng.digits(12)}`,
          }
        : {}),
      source: vat && euVatCountries.has(identity.country) ? "VIES" : identity.profile.register,
    },
  };
}
