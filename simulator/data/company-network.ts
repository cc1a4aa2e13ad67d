// `subsidiaries`, `establishments` and `companyRelationships`.
// Subsidiaries in FR, BE, DE and GB are mostly disclosed as intervals (`sharePercentageRange`, never a
// midpoint in `sharePercentage`); some holdings are disclosed without any percentage (both omitted).
import type { CompanyRelationship, Establishment, SharePercentageRange, Subsidiary } from "../../lib/registry/schemas.shared";
import { generateAddress } from "./address";
import { activitiesSection, chooseActivities } from "./activities";
import * as check from "./check-digits";
import { getProfile } from "./country-profiles";
import { companyCore, type CompanyIdentity } from "./identity";
import type { Rng } from "./random";
import { entityId, randomDateBetween } from "./values";

type Disclosure = "range" | "exact" | "none";

const frenchBands: [number, number][] = [
  [10, 20],
  [20, 33.33],
  [33.33, 50],
  [50, 66.67],
  [66.67, 100],
];
const britishBands: [number, number][] = [
  [25, 50],
  [50, 75],
  [75, 100],
];

function band(rng: Rng, country: string): SharePercentageRange {
  if (country === "GB") {
    const [lower, upper] = rng.pick(britishBands);
    return { lower, upper, lowerInclusive: false, upperInclusive: true };
  }
  const [lower, upper] = rng.pick(frenchBands);
  return { lower, upper, lowerInclusive: true, upperInclusive: upper === 100 };
}

function disclosures(rng: Rng, count: number, ranges: boolean): Disclosure[] {
  const list: Disclosure[] = Array.from({ length: count }, () =>
    ranges ? rng.weighted<Disclosure>(["range", "exact", "none"], [60, 20, 20]) : rng.weighted<Disclosure>(["exact", "none"], [80, 20]),
  );
  if (ranges && count >= 3) list.splice(0, 3, "range", "none", "exact");
  return list;
}

function subsidiaryCompany(identity: CompanyIdentity, rng: Rng) {
  const country = rng.chance(0.8) ? identity.country : rng.pick(["LU", "NL", "GB", "DE", "FR", "CH", "ES", "IT"] as const);
  for (let attempt = 0; ; attempt++) {
    const core = companyCore(country, getProfile(country).identifier.generate(rng, "capital"));
    if (core.entityKind === "company" || attempt > 5) return { id: core.id, countryCode: core.country, legalName: core.legalName };
  }
}

export function buildSubsidiaries(identity: CompanyIdentity, rng: Rng): Subsidiary[] {
  if (identity.entityKind !== "company" || identity.special === "SPARSE" || identity.special === "YOUNG") return [];
  const count = identity.special === "SUBSIDIARIES" ? 12 : identity.special === "LARGE" ? 40 : rng.chance(0.6) ? rng.int(1, 5) : 0;
  return disclosures(rng, count, identity.profile.subsidiaryRanges).map((disclosure) => {
    const company = subsidiaryCompany(identity, rng);
    const subsidiary: Subsidiary = {
      company,
      entityId: entityId(identity.country, identity.id, "subsidiary", company.id),
      acquisitionDate: randomDateBetween(rng, identity.incorporationDate, "2025-06-30"),
    };
    if (disclosure === "range") subsidiary.sharePercentageRange = band(rng, identity.country);
    if (disclosure === "exact") {
      const pct = rng.chance(0.5) ? 100 : rng.float(10, 99, 2);
      subsidiary.sharePercentage = pct;
      subsidiary.votingRightsPercentage = pct;
      subsidiary.numberOfShares = Math.round(pct * rng.int(10, 1000));
    }
    if (rng.chance(0.1)) subsidiary.endDate = randomDateBetween(rng, subsidiary.acquisitionDate ?? "2020-01-01", "2025-12-31");
    return subsidiary;
  });
}

function establishmentId(identity: CompanyIdentity, index: number, rng: Rng): string {
  if (identity.country === "FR") {
    const payload = identity.id + String(index === 0 ? 10 : rng.int(11, 9999)).padStart(4, "0");
    return payload + String(check.luhnCheckDigit(payload));
  }
  return `${identity.id}-${String(index + 1).padStart(3, "0")}`;
}

export function buildEstablishments(identity: CompanyIdentity, rng: Rng): Establishment[] {
  if (identity.special === "SPARSE") return [];
  const count = identity.special === "LARGE" ? 30 : rng.int(1, identity.entityKind === "company" ? 4 : 1);
  const activities = activitiesSection(
    chooseActivities(rng, identity.sector.english, identity.entityKind === "non_profit", 1),
    identity.country === "FR",
  );
  return Array.from({ length: count }, (_, index) => {
    const headOffice = index === 0;
    const closed = !headOffice && rng.chance(0.3);
    const city = headOffice ? identity.city : rng.pick(identity.profile.cities);
    const establishment: Establishment = {
      id: establishmentId(identity, index, rng),
      name: headOffice ? identity.legalName : `${identity.legalName} – ${city.name}`,
      creationDate: headOffice ? identity.incorporationDate : randomDateBetween(rng, identity.incorporationDate, "2025-06-30"),
      active: !closed && identity.special !== "DISSOLVED",
      address: headOffice ? identity.address : generateAddress(rng, identity.profile, city),
      activities,
    };
    if (closed) establishment.endDate = randomDateBetween(rng, establishment.creationDate ?? "2020-01-01", "2025-12-31");
    return establishment;
  });
}

export function buildRelationships(identity: CompanyIdentity, rng: Rng): CompanyRelationship[] {
  if (identity.special === "SPARSE" || identity.special === "YOUNG" || identity.entityKind !== "company") return [];
  const relations: CompanyRelationship[] = [];
  if (rng.chance(0.25) || identity.special === "SUBSIDIARIES") {
    const other = subsidiaryCompany(identity, rng);
    relations.push({
      relation: "mergedFrom",
      company: other,
      effectiveDate: randomDateBetween(rng, identity.incorporationDate, "2025-06-30"),
      description: `${other.legalName} was merged into the company.`,
    });
  }
  if (identity.special === "DISSOLVED") {
    const other = subsidiaryCompany(identity, rng);
    relations.push({
      relation: "mergedInto",
      company: other,
      effectiveDate: "2023-06-30",
      description: `The company was absorbed by ${other.legalName}.`,
    });
  }
  return relations;
}
