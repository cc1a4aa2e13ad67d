import { isRegistryCountry, type RegistryCountry } from "../lib/registry/countries.shared";
import type { RegistryDocument } from "../lib/registry/schemas.shared";
import { SimClock } from "./clock";
import { generateCompany, type GeneratedCompany } from "./data/company";
import { movedTo } from "./data/young";
import type { SimState } from "./state";

/** Everything the request engine needs to know about one company, generated or user-defined. */
export type CompanyData = {
  companyName: string;
  /** Response sections by name (company, legalRepresentatives, graph, availableDocuments…). */
  sections: Record<string, unknown>;
  /** What an `enriching` datapoint shows before the AI enrichment lands. */
  intermediate: (section: string) => unknown;
  availableDocuments: RegistryDocument[];
  documentPrice: (idOrKey: string) => number;
  /** Datapoints that fail with `datapoint_not_applicable` for this entity. */
  notApplicable: string[];
  notApplicableReason: (datapoint: string) => string;
  /** Requested document ids or keys that fail with `no_document_available` (unbilled). */
  noDocument: string[];
  isKnownDocument: (idOrKey: string) => boolean;
  /** The `documents` section holding only the delivered documents (with their download URLs). */
  documentsSection: (delivered: (RegistryDocument & { downloadUrl: string })[]) => Record<string, unknown>;
};

// Generating is deterministic, so results are cached (LARGE takes tens of milliseconds).
const cache = new Map<string, GeneratedCompany>();
const cacheLimit = 200;

function generated(country: RegistryCountry, id: string, today: string): GeneratedCompany {
  const key = `${country}:${id}`;
  let found = cache.get(key);
  if (!found) {
    found = generateCompany(country, id);
    if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
    cache.set(key, found);
  }
  // Only YOUNG depends on the clock: it is moved to the simulated today, so it stays about three months old.
  return movedTo(found, today);
}

export function forgetCompanyData(): void {
  cache.clear();
}

export function companyData(state: SimState, country: string, id: string): CompanyData {
  const code: RegistryCountry = isRegistryCountry(country) ? country : "FR";
  // The state keeps the simulated clock's offset (POST /_sim/advance moves both).
  const today = new SimClock(state.clockOffsetMs).now().toISOString().slice(0, 10);
  const company = generated(code, id, today);
  // A user-defined company's fields replace the generated ones in the next request.
  const override = state.userCompanies[`${code}:${id}`];
  const sections: Record<string, unknown> = {
    ...company.sections,
    ...override?.sections,
    company: { ...company.sections.company, ...override?.company },
  };
  const documents = company.sections.availableDocuments;
  const unavailableKeys = Object.keys(company.applicability.documents);
  const byIdOrKey = (idOrKey: string) => documents.find((d) => d.id === idOrKey) ?? documentsUnder(company, idOrKey)[0];
  return {
    companyName: String((sections.company as { legalName?: string }).legalName ?? id),
    sections,
    intermediate: (section) => {
      const value = sections[section];
      if (section !== "company" || !value || typeof value !== "object") return value;
      const { legalForm, ...rest } = value as { legalForm?: Record<string, unknown> };
      return legalForm ? { ...rest, legalForm: { ...legalForm, isAIEnriched: false, iso20275Code: undefined } } : rest;
    },
    availableDocuments: documents,
    documentPrice: (idOrKey) => byIdOrKey(idOrKey)?.price ?? 0,
    notApplicable: Object.keys(company.applicability.datapoints),
    notApplicableReason: (datapoint) =>
      company.applicability.datapoints[datapoint as keyof typeof company.applicability.datapoints]?.message ??
      "This entity cannot have this datapoint.",
    noDocument: unavailableKeys,
    isKnownDocument: (idOrKey) => Boolean(byIdOrKey(idOrKey)) || unavailableKeys.includes(idOrKey),
    documentsSection: (delivered) => {
      const ids = new Map(delivered.map((d) => [d.id, d]));
      const section: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(company.sections.documents)) {
        const list = (Array.isArray(value) ? value : value ? [value] : []) as RegistryDocument[];
        const kept = list.filter((d) => ids.has(d.id) || ids.has(key)).map((d) => ({ ...d, ...(ids.get(d.id) ?? ids.get(key)), id: d.id }));
        if (kept.length) section[key] = Array.isArray(value) ? kept : kept[0];
      }
      return section;
    },
  };
}

/** The documents filed under one key of the `documents` object (requests may name a key instead of an id). */
function documentsUnder(company: GeneratedCompany, key: string): RegistryDocument[] {
  const value = (company.sections.documents as Record<string, unknown>)[key];
  return (Array.isArray(value) ? value : value ? [value] : []) as RegistryDocument[];
}
