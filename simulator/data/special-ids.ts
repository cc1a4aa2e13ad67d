// Special company ids (any country) and special search queries that produce particular data shapes.
// Error ids (SOURCE_UNAVAILABLE, RATE_LIMITED, …) are the server's business and are not listed here.
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
] as const;
export type SpecialCompanyId = (typeof specialCompanyIds)[number];

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
