// Resolution of identifier references typed into search: the canonical id they name and which
// identifier matched (`id` for a guaranteed match, `partialId` when several companies may share it).
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import { germanCourts, formatGermanReference, parseGermanReference } from "./german-register";
import { codiceFiscaleFromRea, codiciFiscaliForReaNumber, identifierFormats, mauritiusFileNumberFromBrn } from "./identifiers";
import { hashString } from "./random";

export interface ReferenceMatch {
  id: string;
  matchType: "id" | "partialId";
  identifier: Record<string, string>;
}

function german(query: string): ReferenceMatch[] {
  const ref = parseGermanReference(query);
  if (!ref || ref.unknownCourt) return [];
  const number = ref.number as string;
  if (ref.court && ref.register)
    return [
      {
        id: formatGermanReference(ref.court, ref.register, number),
        matchType: "id",
        identifier: { [ref.register.toLowerCase()]: query.trim() },
      },
    ];
  const register = ref.register ?? "HRB";
  const courts = ref.court
    ? [ref.court]
    : germanCourts.filter((_, i) => hashString(`${number}:${i}`) % 4 === 0 || i === hashString(number) % germanCourts.length);
  return courts.map((court) => ({
    id: formatGermanReference(court, register, number),
    matchType: "partialId",
    identifier: { [register.toLowerCase()]: query.trim() },
  }));
}

function italian(query: string): ReferenceMatch[] {
  const fromRea = codiceFiscaleFromRea(query);
  if (fromRea) {
    const [cciaa, rea] = query
      .trim()
      .toUpperCase()
      .split(/[\s\-/]+/);
    return [{ id: fromRea, matchType: "id", identifier: { CCIAA: cciaa ?? "", "REA Code": String(Number(rea)) } }];
  }
  const compact = query.replace(/\s/g, "");
  if (/^\d{1,7}$/.test(compact))
    return codiciFiscaliForReaNumber(compact).map((id) => ({
      id,
      matchType: "partialId",
      identifier: { "REA Code": String(Number(compact)) },
    }));
  const canonical = identifierFormats.IT.normalize(query);
  return canonical
    ? [{ id: canonical, matchType: "id", identifier: { [/^IT/i.test(compact) ? "VAT" : "Codice Fiscale"]: canonical } }]
    : [];
}

function mauritius(query: string): ReferenceMatch[] {
  const file = identifierFormats.MU.normalize(query);
  if (file) return [{ id: file, matchType: "id", identifier: { fileNumber: file } }];
  const fromBrn = mauritiusFileNumberFromBrn(query);
  return fromBrn ? [{ id: fromBrn, matchType: "id", identifier: { brn: query.trim().toUpperCase() } }] : [];
}

function french(query: string): ReferenceMatch[] {
  const canonical = identifierFormats.FR.normalize(query);
  if (!canonical) return [];
  const compact = query.replace(/[\s.]/g, "").toUpperCase();
  const key = compact.length === 14 ? "siret" : compact.startsWith("FR") ? "VAT" : "siren";
  return [{ id: canonical, matchType: "id", identifier: { [key]: compact } }];
}

/** The companies a typed reference names; empty when the query is no reference of this country. */
export function resolveReference(country: RegistryCountry, query: string): ReferenceMatch[] {
  if (country === "DE") return /\d/.test(query) ? german(query) : [];
  if (country === "IT") return italian(query);
  if (country === "MU") return mauritius(query);
  if (country === "FR") return french(query);
  const format = identifierFormats[country];
  const canonical = format.normalize(query);
  return canonical ? [{ id: canonical, matchType: "id", identifier: { [format.key]: canonical } }] : [];
}
