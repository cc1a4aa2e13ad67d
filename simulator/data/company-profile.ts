// The `company` section: identifiers, status, compliance flags, filings, legal form, capital,
// activities, address, contact and size.
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import type { Company, ComplianceFlags, CompanyStatus, StatutoryFilings } from "../../lib/registry/schemas.shared";
import { activitiesSection, chooseActivities } from "./activities";
import { companyIdentifiers, companyTaxId } from "./company-identifiers";
import type { CompanyIdentity } from "./identity";
import type { Language } from "./profile-types";
import type { Rng } from "./random";
import { flagSpecialIds, longSamples, riskSpecialIds, unicodeSamples } from "./special-ids";
import { addDays, isoDate, money, randomDateBetween, referenceDate, referenceYear } from "./values";

const statusNames: Record<Language, { active: string; closed: string; inactive: string; insolvent: string }> = {
  fr: { active: "Active", closed: "Radiée", inactive: "En sommeil", insolvent: "En redressement judiciaire" },
  de: { active: "aktiv", closed: "gelöscht", inactive: "inaktiv", insolvent: "Insolvenzverfahren eröffnet" },
  en: { active: "Active", closed: "Dissolved", inactive: "Dormant", insolvent: "In administration" },
  it: { active: "Attiva", closed: "Cancellata", inactive: "Inattiva", insolvent: "In liquidazione giudiziale" },
  es: { active: "Activa", closed: "Extinguida", inactive: "Inactiva", insolvent: "En concurso de acreedores" },
  nl: { active: "Actief", closed: "Opgeheven", inactive: "Inactief", insolvent: "In faillissement" },
  cs: { active: "Aktivní", closed: "Vymazaná", inactive: "Neaktivní", insolvent: "V insolvenci" },
  zh: { active: "存续", closed: "注销", inactive: "吊销", insolvent: "破产清算" },
  ru: { active: "Действующая", closed: "Ликвидирована", inactive: "Недействующая", insolvent: "В стадии банкротства" },
  el: { active: "Ενεργή", closed: "Διαγραμμένη", inactive: "Ανενεργή", insolvent: "Σε πτώχευση" },
  bg: { active: "Активно", closed: "Заличено", inactive: "Неактивно", insolvent: "В несъстоятелност" },
};

function companyStatus(identity: CompanyIdentity, rng: Rng): CompanyStatus {
  const names = statusNames[identity.profile.language];
  const special = identity.special;
  const incorporated = identity.incorporationDate;
  if (special === "DISSOLVED") {
    return {
      localName: names.closed,
      active: false,
      statusDetails: {
        status: "CLOSED",
        closureReason: rng.pick(["VOLUNTARY_DISSOLUTION", "LIQUIDATION", "MERGER"]),
        closureDate: randomDateBetween(rng, "2022-01-01", "2025-06-30"),
        additionalInfo: "Struck off the register after the close of liquidation.",
      },
    };
  }
  if (special === "INACTIVE")
    return {
      localName: names.inactive,
      active: false,
      statusDetails: {
        status: "INACTIVE_NOT_CLOSED",
        additionalInfo: "No activity reported since 2022; the company has not been struck off.",
      },
    };
  if (special === "INSOLVENT" || (!special && rng.chance(0.03))) {
    return {
      localName: names.insolvent,
      active: true,
      statusDetails: {
        status: "UNDER_INSOLVENCY_PROCEEDING",
        insolvencyStartDate: randomDateBetween(rng, incorporated > "2023-01-01" ? incorporated : "2023-01-01", "2025-12-31"),
      },
    };
  }
  return { localName: names.active, active: true, statusDetails: { status: "ACTIVE" } };
}

/** Registers that report compliance flags, and which ones. */
const reportedFlags: Partial<Record<RegistryCountry, readonly (keyof ComplianceFlags)[]>> = {
  GB: ["accountsOverdue", "annualFilingOverdue", "registeredCharges", "insolvencyHistory"],
  IE: ["accountsOverdue", "annualFilingOverdue"],
  JE: ["annualFilingOverdue"],
  GG: ["annualFilingOverdue"],
  MU: ["annualFilingOverdue"],
  LU: ["uboConfirmationOverdue", "uboAdministrativeStrikingOff"],
  BE: ["uboConfirmationOverdue"],
  NL: ["uboConfirmationOverdue"],
  DE: ["uboConfirmationOverdue"],
};

type ComplianceFlag = NonNullable<ComplianceFlags["accountsOverdue"]>;

/** The dated flag each FLAG_ id turns on; accounts and annual filing follow the filing calendar (overdue there too). */
function specialFlag(special: keyof typeof flagSpecialIds, filings: StatutoryFilings): ComplianceFlag {
  const overdueSince = (dueDate: string) => ({ active: true, dueDate, since: addDays(dueDate, 1) });
  switch (special) {
    case "FLAG_ACCOUNTS_OVERDUE":
      return overdueSince(filings.accounts?.next?.dueDate ?? "2025-09-30");
    case "FLAG_ANNUAL_FILING_OVERDUE":
      return overdueSince(filings.annualFiling?.next?.dueDate ?? "2025-03-14");
    case "FLAG_UBO_CONFIRMATION_OVERDUE":
      return { ...overdueSince("2025-11-30"), lastConfirmedOn: "2024-11-18" };
    case "FLAG_UBO_STRIKING_OFF":
      return { active: true, since: "2025-10-15", lastUpdatedOn: "2025-10-15" };
    case "FLAG_REGISTERED_CHARGES":
      return { active: true, since: "2021-06-14", lastUpdatedOn: "2025-09-03" };
    case "FLAG_INSOLVENCY_HISTORY":
      return { active: true, since: "2017-05-22", lastUpdatedOn: "2019-02-28" };
  }
}

function complianceFlags(identity: CompanyIdentity, rng: Rng, filings: StatutoryFilings): ComplianceFlags | undefined {
  const flags: ComplianceFlags = {};
  const source = identity.profile.register;
  const special = identity.special;
  // The risk ids report every flag of their register as clear, checked since their incorporation, except their own.
  const clear = special !== undefined && riskSpecialIds.has(special);
  const confirmedFrom = identity.incorporationDate > "2025-01-01" ? identity.incorporationDate : "2025-01-01";
  for (const name of reportedFlags[identity.country] ?? []) {
    const active = rng.chance(0.12) && !clear;
    flags[name] = {
      active,
      source,
      observedAt: `${referenceDate}T06:00:00Z`,
      ...(active
        ? { since: randomDateBetween(rng, "2024-01-01", "2025-12-31") }
        : { lastConfirmedOn: randomDateBetween(rng, clear ? confirmedFrom : "2025-01-01", "2026-02-15") }),
    };
  }
  if (special === "DISSOLVED") flags.liquidated = { active: true, since: "2023-06-30", source };
  if (special === "INACTIVE") flags.accountsOverdue = { active: true, dueDate: "2024-09-30", since: "2024-10-01", source };
  if (special === "INSOLVENT") flags.insolvencyHistory = { active: true, since: "2025-02-01", source };
  if (special && special in flagSpecialIds) {
    const key = special as keyof typeof flagSpecialIds;
    flags[flagSpecialIds[key]] = { ...specialFlag(key, filings), source, observedAt: `${referenceDate}T06:00:00Z` };
  }
  return Object.keys(flags).length ? flags : undefined;
}

/** A company incorporated within the year has filed nothing: its first accounts and annual filing lie ahead. */
export function firstFilings(incorporated: string, source: string): StatutoryFilings {
  const [year, month] = incorporated.split("-").map(Number) as [number, number];
  // The first financial year ends with the month of the first anniversary (the UK's default accounting reference date).
  const periodEnd = addDays(month === 12 ? isoDate(year + 2, 1, 1) : isoDate(year + 1, month + 1, 1), -1);
  const anniversary = addDays(incorporated, 365);
  return {
    accounts: {
      financialYearEnd: periodEnd.slice(5),
      next: { year: Number(periodEnd.slice(0, 4)), periodStart: incorporated, periodEnd, dueDate: addDays(periodEnd, 270), overdue: false },
      source,
    },
    annualFiling: {
      cadence: "annual",
      next: {
        year: Number(anniversary.slice(0, 4)),
        periodStart: incorporated,
        periodEnd: addDays(anniversary, -1),
        dueDate: addDays(anniversary, 13),
        overdue: false,
      },
      source,
    },
  };
}

function statutoryFilings(identity: CompanyIdentity, rng: Rng): StatutoryFilings {
  if (identity.special === "YOUNG") return firstFilings(identity.incorporationDate, identity.profile.register);
  const yearEnd = identity.country === "GB" ? rng.pick(["12-31", "03-31", "06-30"]) : "12-31";
  const [month, day] = yearEnd.split("-").map(Number) as [number, number];
  const special = identity.special;
  const inactive = special === "INACTIVE";
  // Overdue: the last filing is a year older, so the next one was due before the reference date.
  const accountsOverdue = inactive || special === "FLAG_ACCOUNTS_OVERDUE";
  const annualOverdue = inactive || special === "FLAG_ANNUAL_FILING_OVERDUE";
  const period = (year: number) => ({
    year,
    periodStart: addDays(isoDate(year - 1, month, day), 1),
    periodEnd: isoDate(year, month, day),
    dueDate: addDays(isoDate(year, month, day), 270),
  });
  let lastYear = accountsOverdue ? referenceYear - 3 : referenceYear - 2;
  if (special && riskSpecialIds.has(special)) {
    // The risk ids are up to date to the day (whatever the year end), but for the one filing their flag says is overdue.
    lastYear = referenceYear - 3;
    while (period(lastYear + 1).dueDate < referenceDate) lastYear++;
    if (accountsOverdue) lastYear--;
  }
  const lastAnnualYear = annualOverdue ? referenceYear - 3 : referenceYear - 2;
  const last = period(lastYear);
  const next = period(lastYear + 1);
  const source = identity.profile.register;
  return {
    accounts: {
      financialYearEnd: yearEnd,
      lastFiled: { ...last, filedOn: addDays(last.dueDate, -rng.int(5, 90)) },
      next: { ...next, overdue: accountsOverdue || next.dueDate < referenceDate },
      source,
    },
    annualFiling: {
      cadence: "annual",
      lastFiled: {
        year: lastAnnualYear + 1,
        periodStart: isoDate(lastAnnualYear, 3, 1),
        periodEnd: isoDate(lastAnnualYear + 1, 2, 28),
        dueDate: isoDate(lastAnnualYear + 1, 3, 14),
        filedOn: isoDate(lastAnnualYear + 1, 3, rng.int(1, 12)),
      },
      next: {
        year: lastAnnualYear + 2,
        periodStart: isoDate(lastAnnualYear + 1, 3, 1),
        periodEnd: isoDate(lastAnnualYear + 2, 2, 28),
        dueDate: isoDate(lastAnnualYear + 2, 3, 14),
        overdue: annualOverdue,
      },
      source,
    },
  };
}

const capitalRanges: Record<string, [number, number]> = {
  capital: [1000, 500000],
  jointStock: [100000, 50000000],
  cooperative: [5000, 200000],
  partnership: [10000, 1000000],
};
const currencyScale: Record<string, number> = {
  CNY: 10,
  RUB: 80,
  CZK: 25,
  HUF: 400,
  SEK: 11,
  NOK: 11,
  DKK: 7.5,
  ISK: 140,
  PLN: 4.3,
  RON: 5,
  BGN: 2,
  MUR: 50,
  HKD: 8,
  SGD: 1.4,
};

function employeeCount(rng: Rng, large: boolean) {
  const bands: [number, number][] = [
    [1, 9],
    [10, 49],
    [50, 249],
    [250, 999],
    [1000, 4999],
  ];
  const [min, max] = large ? [5000, 20000] : rng.weighted(bands, [40, 30, 18, 9, 3]);
  const exact = rng.chance(0.4) ? rng.int(min, max) : undefined;
  return {
    ...(exact !== undefined ? { exact } : {}),
    min,
    max,
    lastUpdated: randomDateBetween(rng, "2025-01-01", "2026-01-31"),
    isEstimate: exact === undefined,
  };
}

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40);

/** The sparse shape: mandatory fields only. */
export function sparseCompany(identity: CompanyIdentity): Company {
  return {
    id: identity.id,
    countryCode: identity.country,
    legalName: identity.legalName,
    identifiers: { [identity.profile.identifier.key]: identity.id },
  };
}

export function buildCompany(identity: CompanyIdentity, rng: Rng): Company {
  const { profile, form } = identity;
  const identifiers = companyIdentifiers(identity, rng.fork("identifiers"));
  const activityDefs = chooseActivities(rng, identity.sector.english, identity.entityKind === "non_profit", rng.int(1, 3));
  const hasCapital = identity.entityKind === "company" && form.family !== "partnership";
  const [minCapital, maxCapital] = capitalRanges[form.family] ?? [1000, 100000];
  const scale = currencyScale[profile.currency] ?? 1;
  const englishWords = (identity.legalNameInEnglish ?? identity.legalName).split(" ").slice(0, 2).join(" ");
  const filings = statutoryFilings(identity, rng.fork("filings"));
  const company: Company = {
    id: identity.id,
    countryCode: identity.country,
    identifiers,
    taxId: companyTaxId(identity, identifiers, rng.fork("tax")),
    legalName: identity.legalName,
    ...(identity.legalNameInEnglish ? { legalNameInEnglish: identity.legalNameInEnglish } : {}),
    ...(identity.transliterations ? { companyNameTransliterations: identity.transliterations } : {}),
    status: companyStatus(identity, rng.fork("status")),
    complianceFlags: complianceFlags(identity, rng.fork("flags"), filings),
    statutoryFilings: filings,
    registrationDate: addDays(identity.incorporationDate, rng.int(0, 25)),
    incorporationDate: identity.incorporationDate,
    legalForm: {
      localName: form.localName,
      englishTranslation: form.english,
      standardized: form.standardized,
      iso20275Code: form.elf,
      isAIEnriched: rng.chance(0.2),
    },
    ...(hasCapital ? { capital: money(Math.round((rng.int(minCapital, maxCapital) * scale) / 100) * 100, profile.currency) } : {}),
    activities: activitiesSection(activityDefs, identity.country === "FR"),
    activityDescription: activityDefs[0]?.description,
    legalAddress: identity.address,
    employeeCount: employeeCount(rng, identity.special === "LARGE"),
  };
  if (rng.chance(0.65)) company.website = `https://www.${slug(englishWords) || "company"}.${profile.tld}`;
  if (rng.chance(0.7)) company.phones = [`${profile.phoneCode} ${rng.digits(3)} ${rng.digits(3)} ${rng.digits(3)}`];
  if (rng.chance(0.3))
    company.commercialNames = [
      identity.sector.local.toUpperCase() === identity.sector.local
        ? identity.sector.local
        : `${identity.legalName.split(" ")[0]} ${identity.sector.local}`,
    ];
  if (rng.chance(0.2))
    company.legacyLegalNames = [`${identity.legalName.split(" ")[0]} ${rng.pick(profile.sectors).local} ${form.abbreviation}`.trim()];
  if (identity.special === "UNICODE") company.commercialNames = [unicodeSamples.commercialName];
  if (identity.special === "LONG_NAMES") company.commercialNames = [longSamples.word, longSamples.legalName.slice(0, 300)];
  if (identity.special === "YOUNG") {
    // A start-up: a few people counted at registration, and no former name.
    company.employeeCount = { exact: rng.int(1, 5), min: 1, max: 9, lastUpdated: company.registrationDate, isEstimate: false };
    delete company.legacyLegalNames;
  }
  if (!company.complianceFlags) delete company.complianceFlags;
  if (!company.taxId) delete company.taxId;
  return company;
}
