// generateCompany: every section of a company response (all but the `request` record) for a country
// and an id, plus what the request engine needs to fail datapoints exactly as the spec says.
// Pure and deterministic: the same country and id always give the same company.
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import type {
  Company,
  CompanyRelationship,
  Documents,
  Establishment,
  Graph,
  LegalRepresentative,
  OtherKeyPerson,
  RegistryDocument,
  Shareholder,
  Subsidiary,
  Ubo,
} from "../../lib/registry/schemas.shared";
import { buildEstablishments, buildRelationships, buildSubsidiaries } from "./company-network";
import { buildShareholders, buildUbos } from "./company-ownership";
import { buildPeople } from "./company-people";
import { buildCompany, sparseCompany } from "./company-profile";
import { buildDocuments, listDocuments, type DocumentKey } from "./documents";
import { graphFromStructure } from "./graph";
import { companyIdentity, companyRng, type CompanyIdentity } from "./identity";
import { ownershipStructure } from "./ownership-structure";
import type { EntityKind } from "./profile-types";
import type { SpecialCompanyId } from "./special-ids";

export type { EntityKind } from "./profile-types";

export type SectionDatapoint =
  | "company"
  | "legalRepresentatives"
  | "ultimateBeneficialOwners"
  | "shareholders"
  | "subsidiaries"
  | "establishments"
  | "otherKeyPersons"
  | "graph"
  | "availableDocuments";

export interface Unavailability {
  code: "datapoint_not_applicable" | "no_document_available";
  message: string;
  retryable: false;
  /** Neither is billed (a lone not-applicable datapoint refunds its block). */
  billed: false;
}

export interface Applicability {
  /** Datapoints that fail for this entity, with the error to report. */
  datapoints: Partial<Record<SectionDatapoint, Unavailability>>;
  /** Document keys (of the `documents` object) for which no document exists. */
  documents: Partial<Record<DocumentKey, Unavailability>>;
}

export interface CompanySections {
  company: Company;
  legalRepresentatives: LegalRepresentative[];
  otherKeyPersons?: OtherKeyPerson[];
  ultimateBeneficialOwners: Ubo[];
  /** Absent when not applicable (see `applicability`). */
  shareholders?: Shareholder[];
  subsidiaries: Subsidiary[];
  establishments: Establishment[];
  companyRelationships: CompanyRelationship[];
  graph: Graph;
  documents: Documents;
  availableDocuments: RegistryDocument[];
}

export interface GeneratedCompany {
  id: string;
  countryCode: RegistryCountry;
  entityKind: EntityKind;
  special?: SpecialCompanyId;
  sections: CompanySections;
  applicability: Applicability;
}

const notApplicable = (message: string): Unavailability => ({ code: "datapoint_not_applicable", message, retryable: false, billed: false });
const noDocument = (message: string): Unavailability => ({ code: "no_document_available", message, retryable: false, billed: false });

/** Whether a register extract (and so the documents and, in CH, the key persons) exists. */
function hasRegisterExtract(identity: CompanyIdentity): boolean {
  if (identity.special === "NO_DOCUMENTS" || identity.special === "SPARSE") return false;
  if (identity.special) return true;
  return !(identity.country === "CH" && companyRng(identity.country, identity.id, "extract").chance(0.1));
}

function applicabilityOf(identity: CompanyIdentity, extract: boolean, unavailableDocs: readonly DocumentKey[]): Applicability {
  const datapoints: Applicability["datapoints"] = {};
  if (identity.entityKind === "sole_entrepreneur") datapoints.shareholders = notApplicable("A sole entrepreneur has no shareholders.");
  if (identity.entityKind === "non_profit")
    datapoints.shareholders = notApplicable("The entity has no share capital, so it has no shareholders.");
  if (identity.country === "CH" && !extract)
    datapoints.otherKeyPersons = noDocument("No register extract link exists for this company, so its key persons cannot be read.");
  const documents: Applicability["documents"] = {};
  for (const key of unavailableDocs)
    documents[key] = noDocument(
      extract ? `No ${key} exists for this company in the register.` : "No register extract exists for this company.",
    );
  return { datapoints, documents };
}

/**
 * Who is declared as UBO when no person qualifies: the first legal representative; for UBO_PROXY the first person
 * among them (or the one representing a corporate officer); for NO_UBO nobody (the list stays empty).
 */
function seniorManager(identity: CompanyIdentity, reps: readonly LegalRepresentative[]) {
  if (identity.special === "NO_UBO") return undefined;
  if (identity.special !== "UBO_PROXY") return reps[0]?.individual;
  return reps.find((r) => r.individual)?.individual ?? reps.find((r) => r.representedBy)?.representedBy;
}

/** Every section of the company response for `(country, id)` (the request record excepted). */
export function generateCompany(country: RegistryCountry, id: string): GeneratedCompany {
  const identity = companyIdentity(country, id);
  const rng = (aspect: string) => companyRng(country, identity.id, aspect);
  const sparse = identity.special === "SPARSE";
  const company = sparse ? sparseCompany(identity) : buildCompany(identity, rng("company"));
  const people = buildPeople(identity, rng("people"));
  const structure = ownershipStructure(country, identity.id);
  const extract = hasRegisterExtract(identity);
  const { documents, unavailable } = buildDocuments(identity, rng("documents"), extract);
  const applicability = applicabilityOf(identity, extract, unavailable);
  const deep = identity.special === "OWNERSHIP_DEEP";
  const sections: CompanySections = {
    company,
    legalRepresentatives: people.legalRepresentatives,
    ...(applicability.datapoints.otherKeyPersons ? {} : { otherKeyPersons: people.otherKeyPersons }),
    ultimateBeneficialOwners: sparse
      ? []
      : buildUbos(identity, structure, seniorManager(identity, people.legalRepresentatives), rng("ubos")),
    ...(applicability.datapoints.shareholders
      ? {}
      : { shareholders: sparse ? [] : buildShareholders(identity, structure, company.capital?.amount) }),
    subsidiaries: buildSubsidiaries(identity, rng("subsidiaries")),
    establishments: buildEstablishments(identity, rng("establishments")),
    companyRelationships: buildRelationships(identity, rng("relationships")),
    graph: graphFromStructure(structure, deep ? { budgetCredits: 5 * identity.profile.graphCompanyCost } : {}),
    documents,
    availableDocuments: listDocuments(documents),
  };
  return {
    id: identity.id,
    countryCode: country,
    entityKind: identity.entityKind,
    ...(identity.special ? { special: identity.special } : {}),
    sections,
    applicability,
  };
}
