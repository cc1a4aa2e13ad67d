// Special company ids (any country) and special search queries that produce particular data shapes.
// Error ids (SOURCE_UNAVAILABLE, RATE_LIMITED, …) are the server's business and are not listed here.
import type { ComplianceFlags } from "../../lib/registry/schemas.shared";
import type { FormFamily } from "./identifiers";

export const specialCompanyIds = [
  "SPARSE",
  "UNICODE",
  "LONG_NAMES",
  "LARGE",
  "DISSOLVED",
  "INACTIVE",
  "INSOLVENT",
  "OWNERSHIP_CYCLE",
  "OWNERSHIP_DIAMOND",
  "OWNERSHIP_DEEP",
  "SOLE_TRADER",
  "NON_PROFIT",
  "JOINT_STOCK",
  "NO_DOCUMENTS",
  "SUBSIDIARIES",
  "FLAG_ACCOUNTS_OVERDUE",
  "FLAG_ANNUAL_FILING_OVERDUE",
  "FLAG_UBO_CONFIRMATION_OVERDUE",
  "FLAG_UBO_STRIKING_OFF",
  "FLAG_REGISTERED_CHARGES",
  "FLAG_INSOLVENCY_HISTORY",
  "UBO_PROXY",
  "NO_UBO",
  "FOREIGN_OWNERS",
  "YOUNG",
] as const;
export type SpecialCompanyId = (typeof specialCompanyIds)[number];

/** The compliance flag each FLAG_ id turns on (the only active one; `liquidated` is DISSOLVED's). */
export const flagSpecialIds = {
  FLAG_ACCOUNTS_OVERDUE: "accountsOverdue",
  FLAG_ANNUAL_FILING_OVERDUE: "annualFilingOverdue",
  FLAG_UBO_CONFIRMATION_OVERDUE: "uboConfirmationOverdue",
  FLAG_UBO_STRIKING_OFF: "uboAdministrativeStrikingOff",
  FLAG_REGISTERED_CHARGES: "registeredCharges",
  FLAG_INSOLVENCY_HISTORY: "insolvencyHistory",
} as const satisfies Partial<Record<SpecialCompanyId, keyof ComplianceFlags>>;

/**
 * The ids made for risk rules: each shows its one feature on an otherwise plain company (no other compliance flag
 * active, no random insolvency, founded long ago unless it is YOUNG).
 */
export const riskSpecialIds: ReadonlySet<SpecialCompanyId> = new Set([
  ...(Object.keys(flagSpecialIds) as SpecialCompanyId[]),
  "UBO_PROXY",
  "NO_UBO",
  "FOREIGN_OWNERS",
  "YOUNG",
]);

/** FATF "call for action" jurisdictions (also on the EU list of high-risk third countries) FOREIGN_OWNERS uses. */
export const highRiskCountries = { shareholder: "IR", officer: "MM" } as const;

export const specialSearchQueries = ["MANY_RESULTS", "MATCH_REASONS", "NO_RESULTS"] as const;
export type SpecialSearchQuery = (typeof specialSearchQueries)[number];

export interface DataSpecialId {
  id: string;
  appliesTo: "company" | "search";
  description: string;
}

export const dataSpecialIds: readonly DataSpecialId[] = [
  {
    id: "SPARSE",
    appliesTo: "company",
    description: "Only the mandatory fields: most sections absent or empty, no documents, empty addresses omitted.",
  },
  {
    id: "UNICODE",
    appliesTo: "company",
    description: "Names and addresses with combining marks, emoji, right-to-left text and CJK characters.",
  },
  {
    id: "LONG_NAMES",
    appliesTo: "company",
    description: "Legal names, people and addresses over 500 characters, one word of 150+ characters without spaces.",
  },
  {
    id: "LARGE",
    appliesTo: "company",
    description: "500 people across the person lists and a 2,000-node ownership graph (performance work).",
  },
  {
    id: "DISSOLVED",
    appliesTo: "company",
    description: "A closed company: status CLOSED with closure reason and date, a liquidator, the liquidated flag.",
  },
  { id: "INACTIVE", appliesTo: "company", description: "A dormant company: status INACTIVE_NOT_CLOSED, filings overdue." },
  { id: "INSOLVENT", appliesTo: "company", description: "A company under insolvency proceedings since a stated date." },
  {
    id: "OWNERSHIP_CYCLE",
    appliesTo: "company",
    description: "Ownership graph with exactly one cycle (the root owns part of its own owner); the cycle edge is listed and marked.",
  },
  {
    id: "OWNERSHIP_DIAMOND",
    appliesTo: "company",
    description: "Owners reached through several paths; one person is a UBO only by accumulation (18% + 16% = 34%).",
  },
  {
    id: "OWNERSHIP_DEEP",
    appliesTo: "company",
    description: "A chain of ten holding levels: graphs stop for budget with continuation costs.",
  },
  {
    id: "SOLE_TRADER",
    appliesTo: "company",
    description: "A sole entrepreneur: the person as legal representative and 100% UBO; shareholders are datapoint_not_applicable.",
  },
  {
    id: "NON_PROFIT",
    appliesTo: "company",
    description: "An association without share capital: officers as representatives; shareholders are datapoint_not_applicable.",
  },
  {
    id: "JOINT_STOCK",
    appliesTo: "company",
    description: "The country's joint-stock form (in CZ an a.s., whose shareholders list is empty).",
  },
  {
    id: "NO_DOCUMENTS",
    appliesTo: "company",
    description: "No register extract exists: documents fail with no_document_available (unbilled); in CH otherKeyPersons too.",
  },
  {
    id: "SUBSIDIARIES",
    appliesTo: "company",
    description: "Many subsidiaries: exact percentages, intervals (FR, BE, DE, GB) and holdings disclosed without a percentage.",
  },
  {
    id: "FLAG_ACCOUNTS_OVERDUE",
    appliesTo: "company",
    description:
      "complianceFlags.accountsOverdue active (dueDate, since, source) and statutoryFilings.accounts.next overdue; no other flag active.",
  },
  {
    id: "FLAG_ANNUAL_FILING_OVERDUE",
    appliesTo: "company",
    description:
      "complianceFlags.annualFilingOverdue active (dueDate, since, source) and statutoryFilings.annualFiling.next overdue; no other flag active.",
  },
  {
    id: "FLAG_UBO_CONFIRMATION_OVERDUE",
    appliesTo: "company",
    description:
      "complianceFlags.uboConfirmationOverdue active: the yearly UBO confirmation was due 2025-11-30 (last confirmed 2024-11-18).",
  },
  {
    id: "FLAG_UBO_STRIKING_OFF",
    appliesTo: "company",
    description:
      "complianceFlags.uboAdministrativeStrikingOff active since 2025-10-15 (struck off for UBO non-compliance); status stays ACTIVE.",
  },
  {
    id: "FLAG_REGISTERED_CHARGES",
    appliesTo: "company",
    description: "complianceFlags.registeredCharges active: a charge registered since 2021-06-14, last updated 2025-09-03.",
  },
  {
    id: "FLAG_INSOLVENCY_HISTORY",
    appliesTo: "company",
    description:
      "complianceFlags.insolvencyHistory active: past proceedings 2017-05-22 to 2019-02-28; status ACTIVE today (compare INSOLVENT).",
  },
  {
    id: "UBO_PROXY",
    appliesTo: "company",
    description:
      "No person above 25%: the UBO list holds the senior managing official (significant-influence-or-control), and the graph flags the ultimate controlling parent company isUboProxy.",
  },
  {
    id: "NO_UBO",
    appliesTo: "company",
    description:
      "Dispersed ownership (24%, 20%, 16% and a fund whose owners state no percentage): empty UBO list, no UBO or proxy in the graph.",
  },
  {
    id: "FOREIGN_OWNERS",
    appliesTo: "company",
    description:
      "Owners in four countries: a 30% shareholder and UBO living in IR (Iran), two holdings incorporated in other registry countries, and a director resident in MM (Myanmar).",
  },
  {
    id: "YOUNG",
    appliesTo: "company",
    description:
      "Incorporated about 3 months before the simulator clock's today (every date moves with the clock): no filings or financial statements yet.",
  },
  { id: "MANY_RESULTS", appliesTo: "search", description: "Search query returning 3,000 results across three sources." },
  {
    id: "MATCH_REASONS",
    appliesTo: "search",
    description: "Search query returning one result per match type: id, exactLegalName, partialId, default.",
  },
  { id: "NO_RESULTS", appliesTo: "search", description: "Search query whose sources all finish without results." },
];

const companyIdSet: ReadonlySet<string> = new Set(specialCompanyIds);

export function asSpecialCompanyId(id: string): SpecialCompanyId | undefined {
  const key = id.trim().toUpperCase();
  return companyIdSet.has(key) ? (key as SpecialCompanyId) : undefined;
}

export function asSpecialSearchQuery(query: string): SpecialSearchQuery | undefined {
  const key = query.trim().toUpperCase();
  return (specialSearchQueries as readonly string[]).includes(key) ? (key as SpecialSearchQuery) : undefined;
}

/** The legal-form family a special id forces. */
export function specialFamily(special: SpecialCompanyId | undefined): FormFamily | undefined {
  if (special === "SOLE_TRADER") return "sole";
  if (special === "NON_PROFIT") return "nonProfit";
  if (special === "JOINT_STOCK" || special === "LARGE") return "jointStock";
  if (special === undefined) return undefined;
  return "capital";
}

export const unicodeSamples = {
  legalName: "Zoë Ñandú & Søn — Café\u0301 Ǆ Ωmega ☕🚀 شركة النور 株式会社 Ünïcödé Z\u0337a\u0337l\u0337g\u0337o\u0337",
  commercialName: "👩🏽‍💻 שלום עולם · naïve façade",
  street: "Straße der Ünïcödé-Zeichen 🏢 / شارع الملك",
  city: "Ærøskøbing 東京",
  personFirst: "Zoë\u0301",
  personLast: "Ñandú-Łukasiewicz 李",
} as const;

const longStem = "Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft";
const longWord = `${longStem}s${longStem.toLowerCase()}sverwaltungskoordinationsausschussvorsitzendenstellvertreterinnenbüro`;

export const longSamples = {
  word: longWord,
  legalName: `${longWord} Internationale Beteiligungs-, Verwaltungs- und Vermögensanlage- und Treuhand- und Beratungs- und Dienstleistungsgesellschaft für Logistik, Handel, Immobilien, Energie, Informationstechnologie, Telekommunikation, Landwirtschaft, Forstwirtschaft, Fischerei, Bergbau, Bauwesen, Verkehr, Lagerei, Gastgewerbe, Finanzdienstleistungen, Versicherungen, Gesundheitswesen, Bildung, Kunst, Unterhaltung und Erholung sowie sonstige Dienstleistungen aller Art mit beschränkter Haftung und Compagnie Kommanditgesellschaft auf Aktien`,
  street: `${longWord}straße im Gewerbegebiet Nord-Ost zwischen der Autobahnausfahrt und dem alten Güterbahnhof, Gebäude C, Treppenhaus 4, Hinterhof links, dritter Stock, Büro am Ende des Ganges neben der Kaffeeküche, bitte beim Empfang im Erdgeschoss klingeln und nach der Geschäftsleitung fragen, Anlieferung nur werktags zwischen acht und sechzehn Uhr über das Rolltor an der Rückseite des Gebäudes`,
} as const;
