// The contract of the Company Registry Data Service (../shared/registry-api-spec.md), as zod schemas.
//
// Conventions
// - Response objects are loose: fields the API adds later are kept, never stripped.
// - Enums are open (`openEnum`): unseen values parse and are kept verbatim; the known ones are exported
//   as const arrays for display.
// - Register-derived data (company, people, ownership, documents) is optional field by field, because
//   registers omit what they do not report. Records the service itself owns (monitors, logs, vault,
//   billing, errors) follow the required fields of the spec and of the vendor's OpenAPI.
// - Request bodies and queries are strict about the documented limits, so the UI can explain a mistake
//   before anything is sent or spent.
import { z } from "zod";
import { registryCountries } from "./countries.shared";
import { metadataLimits } from "./metadata-limits.shared";
import { workspaceLegalNameMax } from "./workspace-limits.shared";

// ---------------------------------------------------------------------------------------------------
// Open enums

/** A known value, or any other string the API may add later. */
export type OpenEnum<T extends string> = T | (string & {});

/** Accepts any string, typed as `Known | (string & {})`; the known values stay on `.knownValues`. */
export function openEnum<const T extends readonly string[]>(values: T) {
  const schema = z.custom<OpenEnum<T[number]>>((v) => typeof v === "string", { error: "Expected a string" });
  return Object.assign(schema, { knownValues: values });
}

/** True when `value` is one of `values` (narrows an open enum to its known part). */
export function isKnownValue<const T extends readonly string[]>(values: T, value: unknown): value is T[number] {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

export const matchTypes = ["default", "id", "exactLegalName", "partialId"] as const;
export const dataStatusValues = ["succeeded", "in_progress", "enriching", "failed"] as const;
export const changeCategories = ["status", "address", "ownership", "financial", "legalRepresentatives", "other", "disappeared"] as const;
export const datapointNames = [
  "company",
  "companyProfile",
  "legalRepresentatives",
  "ultimateBeneficialOwners",
  "shareholders",
  "subsidiaries",
  "establishments",
  "otherKeyPersons",
  "graph",
  "availableDocuments",
] as const;
/** The response sections each datapoint fills (companyProfile is the legacy company + legalRepresentatives). */
export const datapointSections: Readonly<Record<string, readonly string[]>> = {
  company: ["company", "companyRelationships"],
  companyProfile: ["company", "legalRepresentatives"],
  legalRepresentatives: ["legalRepresentatives"],
  otherKeyPersons: ["otherKeyPersons"],
  establishments: ["establishments"],
  ultimateBeneficialOwners: ["ultimateBeneficialOwners"],
  shareholders: ["shareholders"],
  subsidiaries: ["subsidiaries"],
  graph: ["graph"],
  availableDocuments: ["availableDocuments"],
};
export const requestModes = ["onboarding", "verification"] as const;
export const errorCodes = [
  "invalid_request",
  "service_unavailable",
  "source_unavailable",
  "datapoint_not_applicable",
  "datapoint_not_supported",
  "no_document_available",
  "insufficient_funds",
  "onboarding_timeout",
  "budget_exceeded",
  "rate_limited",
  "resource_not_found",
  "processing_failed",
  "fast_source_unavailable",
] as const;

export const entityTypes = ["individual", "company"] as const;
export const genders = ["Male", "Female", "Other", "PreferNotToSay"] as const;
export const corporateBodies = ["board", "supervisoryBoard", "management", "audit"] as const;
export const representationModes = ["sole", "joint"] as const;
export const signingVerdicts = ["sole_within_limits"] as const;
export const signingConfidences = ["high"] as const;
export const signingDerivations = ["ai"] as const;
export const amountComparators = ["up_to"] as const;
export const uboControlTypes = [
  "ownership-of-shares",
  "voting-rights",
  "appoint-and-remove-directors",
  "significant-influence-or-control",
] as const;
export const percentageDetailTypes = ["shares", "voting-rights"] as const;
export const ownershipNatures = ["direct", "indirect"] as const;
export const companyRelations = [
  "mergedFrom",
  "mergedInto",
  "acquired",
  "acquiredBy",
  "demergedFrom",
  "demergedTo",
  "spunOffFrom",
  "spunOffTo",
  "assetTransferFrom",
  "assetTransferTo",
  "other",
] as const;

export const companyStatuses = [
  "ACTIVE",
  "UNDER_INSOLVENCY_PROCEEDING",
  "INACTIVE_NOT_CLOSED",
  "PENDING_DISSOLUTION",
  "CLOSED",
  "UNKNOWN",
] as const;
export const closureReasons = [
  "BANKRUPTCY",
  "LIQUIDATION",
  "MERGER",
  "ACQUISITION",
  "VOLUNTARY_DISSOLUTION",
  "ADMINISTRATIVE_DISSOLUTION",
  "COURT_ORDER",
  "SPLIT",
  "OTHER",
  "UNKNOWN",
] as const;
export const taxIdVerificationStatuses = ["verified", "unverified", "unavailable"] as const;
export const complianceFlagNames = [
  "uboConfirmationOverdue",
  "uboAdministrativeStrikingOff",
  "accountsOverdue",
  "annualFilingOverdue",
  "registeredCharges",
  "insolvencyHistory",
  "liquidated",
] as const;
export const legalFormStandards = [
  "Sole Proprietorship",
  "Partnership",
  "Limited Liability Company",
  "Corporation",
  "Nonprofit Organization",
  "Cooperative",
  "Government-Owned Entity",
  "Branch or Representative Office",
  "Trust",
  "Other",
] as const;
export const roleStandards = [
  "Director",
  "Manager",
  "Employee",
  "Chief Executive Officer",
  "Chief Financial Officer",
  "Chief Operating Officer",
  "President",
  "Vice President",
  "Secretary",
  "Treasurer",
  "Legal Advisor",
  "General Counsel",
  "Partner",
  "Associate",
  "Other",
  "Chairman of the Board",
  "Board Member",
  "Managing Director",
  "Executive Director",
  "Non-Executive Director",
  "General Partner",
  "Managing Partner",
  "Limited Partner",
  "Administrator",
  "Liquidator",
  "Receiver",
  "Owner",
  "Chairman",
  "Auditor",
  "Authorized Signatory",
] as const;
export const otherKeyPersonRoleStandards = [
  "Board Member",
  "Chairman of the Board",
  "Vice Chairman of the Board",
  "Non-Executive Director",
  "Independent Director",
  "Advisory Board Member",
  "Board Observer",
  "Auditor",
  "Compliance Officer",
  "Data Protection Officer",
  "Money Laundering Reporting Officer",
  "Secretary",
  "Supervisor",
  "Supervisory Board Member",
  "C-Level Executive",
  "Registered Agent",
  "Other",
] as const;

export const graphNodeStatuses = ["pending", "found", "not_found", "error", "search_resolved", "placeholder", "budget_truncated"] as const;
export const graphStoppedReasons = ["completed", "budget_exhausted", "max_depth_reached", "max_nodes_reached", "timeout"] as const;
export const uboCalculationMethods = ["accumulation", "domination"] as const;
export const graphContinuationReasons = ["budget"] as const;

export const documentTypes = [
  "financial_statement",
  "uncertified_trade_register_extract",
  "certified_trade_register_extract",
  "ubo_extract",
  "status",
  "trade_register_history",
  "official_publication",
  "annual_return",
  "certificate_of_good_standing",
  "unknown",
  "other",
] as const;
export const documentSourceTypes = ["live_from_registry", "cached_from_registry", "inferred", "ai_analysis", "private_source"] as const;
export const accountingStandards = ["IFRS", "French GAAP", "US GAAP", "Swiss GAAP", "Lux GAAP", "Other"] as const;
export const statementTypes = ["consolidated", "simplified"] as const;
export const riskLevels = ["low", "medium", "high", "critical"] as const;
export const insightCategories = ["liquidity", "profitability", "solvency", "efficiency", "growth", "risk"] as const;
export const revenueDirections = ["increasing", "stable", "decreasing", "unknown"] as const;
export const profitabilityDirections = ["improving", "stable", "declining", "unknown"] as const;
export const debtDirections = ["decreasing", "stable", "increasing", "unknown"] as const;

export const pricingModes = ["fixed", "variable"] as const;
export const datapointNoticeStatuses = ["blocked_missing_credentials"] as const;
export const monitorFetchStatuses = ["success", "not_found", "error", "error_final"] as const;
export const vaultOrigins = ["customer_provided"] as const;
export const vaultFormats = ["email_password"] as const;
export const billingKinds = ["low_balance", "high_usage", "auto_topup"] as const;
export const billingTierNames = ["warning", "critical", "depleted"] as const;
export const autoTopupOutcomes = ["succeeded", "failed"] as const;
export const highUsageTierNames = ["warning", "critical"] as const;
export const catalogDevelopmentStatuses = ["beta"] as const;
export const webhookEventTypes = ["company.updated", "monitor.notification"] as const;

export const matchTypeSchema = openEnum(matchTypes);
export const dataStatusValueSchema = openEnum(dataStatusValues);
export const changeCategorySchema = openEnum(changeCategories);
export const datapointNameSchema = openEnum(datapointNames);
export const errorCodeSchema = openEnum(errorCodes);
export const graphNodeStatusSchema = openEnum(graphNodeStatuses);

export type MatchType = z.infer<typeof matchTypeSchema>;
export type DataStatusValue = z.infer<typeof dataStatusValueSchema>;
export type ChangeCategory = z.infer<typeof changeCategorySchema>;
export type DatapointName = z.infer<typeof datapointNameSchema>;
export type ErrorCode = z.infer<typeof errorCodeSchema>;
export type GraphNodeStatus = z.infer<typeof graphNodeStatusSchema>;

// ---------------------------------------------------------------------------------------------------
// Limits

export const searchMinQueryLength = 2;
export const highUsageWindowMinutes = { min: 5, max: 43200 } as const;
export const highUsageTierCount = { min: 1, max: 5 } as const;
/** Mauritius company ids: one letter followed by 2 to 6 digits (the register file number). */
export const mauritiusIdPattern = /^[A-Za-z]\d{2,6}$/;
export const billingRecentLimit = { min: 1, max: 200, default: 50 } as const;
export const monitorListDefaultFirst = 50;
export const monitorLogsDefaultFirst = 25;

// ---------------------------------------------------------------------------------------------------
// Shared building blocks

const str = z.string().optional();
const num = z.number().optional();
const bool = z.boolean().optional();
const strList = z.array(z.string()).optional();
const countrySchema = z.enum(registryCountries, { error: `Choose one of the supported countries (${registryCountries.join(", ")}).` });

/** Metadata as stored by the API (responses): string to string. */
const storedMetadataSchema = z.record(z.string(), z.string());

/** Metadata sent with a monitor or company request: at most 50 keys (see `metadataWarnings` for the rest). */
export const metadataSchema = z.record(z.string(), z.string()).superRefine((metadata, ctx) => {
  const count = Object.keys(metadata).length;
  if (count > metadataLimits.maxKeys) {
    ctx.addIssue({ code: "custom", message: `Metadata can hold at most ${metadataLimits.maxKeys} keys; this has ${count}.` });
  }
});

export const addressSchema = z.looseObject({
  addressLine1: str,
  addressLine2: str,
  city: str,
  postalCode: str,
  region: str,
  countryCode: str,
  poBox: str,
  careOf: str,
  state: str,
  latitude: num,
  longitude: num,
});

export const moneySchema = z.looseObject({ amount: z.number(), currency: z.string(), formatted: str });

const rangeSchema = z.looseObject({ lower: num, upper: num });
const localTextSchema = z.looseObject({ localText: str, englishTranslation: str });

export const activityItemSchema = z.looseObject({ code: z.string(), description: str, isAIInferred: bool });
const activityListSchema = z.array(activityItemSchema).optional();
/** Classification lists keyed by scheme; other schemes are kept as they come. */
export const activitiesSchema = z.looseObject({
  NACE: activityListSchema,
  ISIC: activityListSchema,
  NACE_REV21: activityListSchema,
  NAF_2025: activityListSchema,
});

// ---------------------------------------------------------------------------------------------------
// Search

export const matchReasonSchema = z.looseObject({
  matchType: matchTypeSchema,
  /** Which identifier matched (an identifiers object, or a plain name). */
  identifier: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
});

export const searchResultSchema = z.looseObject({
  address: addressSchema,
  id: z.string(),
  legalName: z.string(),
  countryCode: z.string(),
  matchReason: matchReasonSchema,
  legalNameInEnglish: str,
  companyNameTransliterations: strList,
});
export const searchResultsSchema = z.array(searchResultSchema);

export const searchSseEventSchemas = {
  progress: z.looseObject({ results: searchResultsSchema }),
  complete: z.looseObject({ results: searchResultsSchema }),
  error: z.looseObject({
    message: str,
    code: str,
    statusCode: num,
    error: z.union([z.string(), z.looseObject({ code: str, message: str, details: strList })]).optional(),
  }),
} as const;

export const searchQuerySchema = z.object({
  country: countrySchema,
  query: z
    .string()
    .trim()
    .min(searchMinQueryLength, { error: `Type at least ${searchMinQueryLength} characters.` }),
  transliterate: z.boolean().optional(),
});

// ---------------------------------------------------------------------------------------------------
// Company and onboarding requests

const budgetSchema = z.number().nonnegative().optional();

export const companyRequestBodySchema = z
  .object({
    id: z.string().trim().min(1, { error: "Enter the company identifier." }),
    countryCode: countrySchema,
    dataPoints: z.array(datapointNameSchema).optional(),
    documents: strList,
    graphContinueFromNodeIds: strList,
    metadata: metadataSchema.optional(),
    graphMaxBudget: budgetSchema,
    profileMaxBudget: budgetSchema,
    maxBudget: budgetSchema,
    graphInteractive: bool,
    fast: bool,
    authoritative: bool,
    agenticEnrichment: bool,
    mode: openEnum(requestModes).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.countryCode === "MU" && !mauritiusIdPattern.test(body.id)) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: "Mauritius company ids are one letter followed by 2 to 6 digits (the register file number), for example C12345.",
      });
    }
  });

export const onboardingRequestBodySchema = z.object({
  id: z.string().trim().min(1, { error: "Enter the company identifier." }),
  countryCode: countrySchema,
  dataPoints: z.array(datapointNameSchema).optional(),
  metadata: metadataSchema.optional(),
});

// ---------------------------------------------------------------------------------------------------
// Request record and datapoint status

export const datapointErrorSchema = z.looseObject({
  code: errorCodeSchema,
  message: z.string(),
  retryable: bool,
  details: strList,
  source: str,
});

/** One entry of `request.dataStatus.dataPoints` or `.documents`. */
export const datapointStatusSchema = z.looseObject({
  status: dataStatusValueSchema,
  authoritative: bool,
  cost: num,
  costMarkup: num,
  error: datapointErrorSchema.optional(),
  /** Deprecated list of messages; `error` replaces it. */
  errors: strList,
});

/** The failed entry: `{ status: "failed", error: { code, message, retryable } }`. */
export const datapointFailureSchema = datapointStatusSchema.extend({
  status: z.literal("failed"),
  error: datapointErrorSchema,
});

export function isDatapointFailure(entry: DatapointStatus): entry is DatapointFailure {
  return entry.status === "failed" && entry.error !== undefined;
}

/** `request.dataStatus`: per datapoint and per document. */
export const dataStatusSchema = z.looseObject({
  dataPoints: z.record(z.string(), datapointStatusSchema).optional(),
  documents: z.record(z.string(), datapointStatusSchema).optional(),
});

export const requestRecordSchema = z.looseObject({
  requestId: z.string(),
  /** Snapshot counter per requestId; comparable only within one requestId. */
  version: z.number().int().optional(),
  companyId: str,
  country: str,
  countryCode: str,
  dataPoints: strList,
  documents: strList,
  dataStatus: dataStatusSchema.optional(),
  metadata: storedMetadataSchema.optional(),
  enrichmentReport: str,
  companyLegalName: str,
  workspace: z.looseObject({}).optional(),
});

// ---------------------------------------------------------------------------------------------------
// Company

const complianceFlagSchema = z.looseObject({
  active: z.boolean(),
  dueDate: str,
  since: str,
  source: str,
  lastConfirmedOn: str,
  lastUpdatedOn: str,
  observedAt: str,
});
export const complianceFlagsSchema = z.looseObject(
  Object.fromEntries(complianceFlagNames.map((name) => [name, complianceFlagSchema.optional()])) as Record<
    (typeof complianceFlagNames)[number],
    z.ZodOptional<typeof complianceFlagSchema>
  >,
);

const filingPeriodSchema = z.looseObject({ year: num, periodStart: str, periodEnd: str, dueDate: str });
const statutoryFilingSchema = z.looseObject({
  lastFiled: filingPeriodSchema.extend({ filedOn: str }).optional(),
  next: filingPeriodSchema.extend({ overdue: bool }).optional(),
  source: str,
});
export const statutoryFilingsSchema = z.looseObject({
  /** `financialYearEnd` is MM-DD. */
  accounts: statutoryFilingSchema.extend({ financialYearEnd: str }).optional(),
  annualFiling: statutoryFilingSchema.extend({ cadence: str }).optional(),
});

export const taxIdSchema = z.looseObject({
  type: str,
  value: str,
  country: str,
  verification: z
    .looseObject({
      status: openEnum(taxIdVerificationStatuses).optional(),
      verifiedAt: str,
      verifiedName: str,
      verifiedAddress: str,
      consultationNumber: str,
      source: str,
    })
    .optional(),
});

export const companyStatusSchema = z.looseObject({
  localName: str,
  active: bool,
  statusDetails: z
    .looseObject({
      status: openEnum(companyStatuses).optional(),
      closureReason: openEnum(closureReasons).optional(),
      closureDate: str,
      insolvencyStartDate: str,
      additionalInfo: str,
    })
    .optional(),
});

export const legalFormSchema = z.looseObject({
  localName: str,
  englishTranslation: str,
  standardized: openEnum(legalFormStandards).optional(),
  /** ISO 20275 entity legal form code. */
  iso20275Code: str,
  isAIEnriched: bool,
});

export const employeeCountSchema = z.looseObject({ exact: num, min: num, max: num, lastUpdated: str, isEstimate: bool });

export const companySchema = z.looseObject({
  id: str,
  countryCode: str,
  /** Keyed by identifier kind (lei, VAT, siren, …). */
  identifiers: z.record(z.string(), z.string()).optional(),
  taxId: taxIdSchema.optional(),
  legalName: str,
  legalNameInEnglish: str,
  commercialNames: strList,
  legacyLegalNames: strList,
  legacyCommercialNames: strList,
  companyNameTransliterations: strList,
  status: companyStatusSchema.optional(),
  complianceFlags: complianceFlagsSchema.optional(),
  statutoryFilings: statutoryFilingsSchema.optional(),
  registrationDate: str,
  incorporationDate: str,
  legalForm: legalFormSchema.optional(),
  capital: moneySchema.optional(),
  activities: activitiesSchema.optional(),
  activityDescription: str,
  legalAddress: addressSchema.optional(),
  website: str,
  phones: strList,
  employeeCount: employeeCountSchema.optional(),
});

// ---------------------------------------------------------------------------------------------------
// People

export const personNameSchema = z.looseObject({
  fullName: str,
  title: str,
  firstName: str,
  middleName: str,
  lastName: str,
  suffix: str,
});
export const birthDateSchema = z.looseObject({ day: num, month: num, year: num });

/** Flat object keyed by identifier kind, or the older list of `{type, value}`. */
export const personIdentifiersSchema = z.union([
  z.record(z.string(), z.string()),
  z.array(z.looseObject({ type: z.string(), value: z.string() })),
]);

/** Both identifier shapes as one list of `{type, value}`. */
export function personIdentifierEntries(identifiers: PersonIdentifiers | undefined): { type: string; value: string }[] {
  if (!identifiers) return [];
  if (Array.isArray(identifiers)) return identifiers.map(({ type, value }) => ({ type, value }));
  return Object.entries(identifiers).map(([type, value]) => ({ type, value }));
}

export const personSchema = z.looseObject({
  gender: openEnum(genders).optional(),
  name: personNameSchema.optional(),
  birthDate: birthDateSchema.optional(),
  /** Usually `{city, postalCode}`; older shapes add country and street. */
  birthAddress: addressSchema.extend({ country: str, street: str }).optional(),
  nationality: str,
  residenceAddress: addressSchema.optional(),
  identifiers: personIdentifiersSchema.optional(),
});

export const roleSchema = z.looseObject({
  standardized: openEnum(roleStandards).optional(),
  localName: str,
  englishTranslation: str,
  /** ISO 5009 official role code. */
  iso5009Code: str,
});

export const otherKeyPersonRoleSchema = z.looseObject({
  standardized: openEnum(otherKeyPersonRoleStandards).optional(),
  localName: str,
  englishTranslation: str,
});

const corporateBodySchema = openEnum(corporateBodies).optional();

export const representationModeSchema = z.looseObject({
  mode: openEnum(representationModes).optional(),
  particularity: localTextSchema.optional(),
  minimumSignatories: num,
  namedCoSigners: strList,
});

export const signingAuthoritySchema = z.looseObject({
  verdict: openEnum(signingVerdicts).optional(),
  rules: z
    .array(
      z.looseObject({
        scope: str,
        mode: str,
        sourceExcerpt: str,
        amountLimit: z.looseObject({ amount: num, currency: str, comparator: openEnum(amountComparators).optional() }).optional(),
        coSigners: z.looseObject({ minimum: num, named: strList, roles: strList }).optional(),
      }),
    )
    .optional(),
  confidence: openEnum(signingConfidences).optional(),
  derivedFrom: openEnum(signingDerivations).optional(),
});

export const legalRepresentativeSchema = z.looseObject({
  type: openEnum(entityTypes).optional(),
  entityId: str,
  role: roleSchema.optional(),
  startDate: str,
  endDate: str,
  individual: personSchema.optional(),
  company: companySchema.optional(),
  representedBy: personSchema.optional(),
  representationMode: representationModeSchema.nullable().optional(),
  signingPowers: localTextSchema.optional(),
  signingAuthority: signingAuthoritySchema.optional(),
  corporateBody: corporateBodySchema,
});

export const otherKeyPersonSchema = z.looseObject({
  type: openEnum(entityTypes).optional(),
  entityId: str,
  role: otherKeyPersonRoleSchema.optional(),
  startDate: str,
  endDate: str,
  individual: personSchema.optional(),
  company: companySchema.optional(),
  corporateBody: corporateBodySchema,
});

// ---------------------------------------------------------------------------------------------------
// Ownership: UBOs, shareholders, subsidiaries, establishments, relationships

/** A share of control: exact (`percentageValue`) or an interval (`percentageRange`, or `range` in onboarding). */
export const percentageDetailSchema = z.looseObject({
  type: openEnum(percentageDetailTypes).optional(),
  percentageValue: num,
  percentageRange: rangeSchema.optional(),
  range: rangeSchema.optional(),
  monetaryAmount: moneySchema.optional(),
  numberOfShares: num,
  nature: openEnum(ownershipNatures).optional(),
});

/** Retrieval shape (`types`, `details`) and onboarding shape (`controlType`, `percentageDetails`) in one. */
export const uboControlSchema = z.looseObject({
  types: z.array(openEnum(uboControlTypes)).optional(),
  description: str,
  details: z.array(percentageDetailSchema).optional(),
  controlType: str,
  percentageDetails: z.array(percentageDetailSchema).optional(),
  additionalDetails: str,
});

export const uboSchema = personSchema.extend({
  entityId: str,
  control: uboControlSchema.optional(),
});

export const shareholderSchema = z.looseObject({
  type: openEnum(entityTypes).optional(),
  entityId: str,
  individual: personSchema.optional(),
  company: companySchema.optional(),
  sharePercentage: num,
  numberOfShares: num,
  nominalCapitalHeld: moneySchema.optional(),
  paidInAmount: moneySchema.optional(),
  source: str,
});

export const sharePercentageRangeSchema = z.looseObject({ lower: num, upper: num, lowerInclusive: bool, upperInclusive: bool });

export const subsidiarySchema = z.looseObject({
  company: companySchema.optional(),
  entityId: str,
  /** Exact only; when the register gives an interval it is in `sharePercentageRange` instead. */
  sharePercentage: num,
  sharePercentageRange: sharePercentageRangeSchema.optional(),
  totalSharePercentage: num,
  votingRightsPercentage: num,
  numberOfShares: num,
  nominalCapitalHeld: moneySchema.optional(),
  paidInAmount: moneySchema.optional(),
  acquisitionDate: str,
  endDate: str,
});

export const establishmentSchema = z.looseObject({
  id: str,
  name: str,
  creationDate: str,
  endDate: str,
  active: bool,
  address: addressSchema.optional(),
  activities: activitiesSchema.optional(),
});

export const companyRelationshipSchema = z.looseObject({
  relation: openEnum(companyRelations).optional(),
  company: companySchema.optional(),
  effectiveDate: str,
  description: str,
});

// ---------------------------------------------------------------------------------------------------
// Ownership graph

export const graphNodeSchema = z.looseObject({
  nodeId: z.string(),
  type: openEnum(entityTypes),
  individual: z
    .looseObject({
      name: z.union([z.string(), personNameSchema]).optional(),
      birthDate: z.union([z.string(), birthDateSchema]).optional(),
      nationality: str,
    })
    .optional(),
  company: z.looseObject({ id: str, legalName: str, countryCode: str }).optional(),
  totalOwnershipPercentage: num,
  flags: z
    .looseObject({
      isRoot: bool,
      /** Above 25 % accumulated ownership. */
      isUbo: bool,
      isUboProxy: bool,
      uboCalculationMethod: z.array(openEnum(uboCalculationMethods)).optional(),
      status: graphNodeStatusSchema.optional(),
    })
    .optional(),
  /** Present on nodes left unexpanded; `estimatedCost` is already deduplicated. */
  continuation: z
    .looseObject({
      reason: openEnum(graphContinuationReasons).optional(),
      estimatedCost: num,
      depth: num,
      accumulatedOwnership: num,
    })
    .optional(),
});

export const graphEdgeSchema = z.looseObject({
  id: z.string(),
  fromId: z.string(),
  toId: z.string(),
  /** Only where a register states it; never an invented even split. */
  percentage: num,
  source: str,
});

export const graphMetadataSchema = z.looseObject({
  stoppedReason: openEnum(graphStoppedReasons).optional(),
  amountSpent: num,
  companiesFetched: num,
  companiesSkipped: num,
  interactive: bool,
});

export const graphSchema = z.looseObject({
  nodes: z.array(graphNodeSchema),
  edges: z.array(graphEdgeSchema),
  mermaidDiagram: str,
  description: str,
  metadata: graphMetadataSchema.optional(),
});

// ---------------------------------------------------------------------------------------------------
// Documents

export const documentSourceSchema = z.looseObject({
  type: openEnum(documentSourceTypes).optional(),
  /** The issuing register. */
  register: str,
  documents: z.array(z.looseObject({ name: str, date: str, reason: str, register: str })).optional(),
  analysis: str,
});

export const documentSchema = z.looseObject({
  id: z.string(),
  name: str,
  nameInEnglish: str,
  description: str,
  descriptionInEnglish: str,
  type: openEnum(documentTypes).optional(),
  subType: str,
  format: str,
  estimatedDeliverySeconds: num,
  /** Signed download URL (short-lived). */
  url: str,
  pdfUrl: str,
  blobName: str,
  price: num,
  priceMarkup: num,
  date: str,
  source: documentSourceSchema.optional(),
});

const periodDateSchema = z.looseObject({ year: num, month: num, day: num });

export const financialAnalysisSchema = z.looseObject({
  summary: str,
  narrativeAnalysis: str,
  healthScore: num,
  overallRisk: openEnum(riskLevels).optional(),
  ratios: z
    .looseObject({
      currentRatio: z.number().nullable().optional(),
      quickRatio: z.number().nullable().optional(),
      debtToEquity: z.number().nullable().optional(),
      netProfitMargin: z.number().nullable().optional(),
      returnOnEquity: z.number().nullable().optional(),
      revenueGrowth: z.number().nullable().optional(),
    })
    .optional(),
  insights: z
    .array(
      z.looseObject({
        category: openEnum(insightCategories).optional(),
        title: str,
        description: str,
        riskLevel: openEnum(riskLevels).optional(),
        metricValue: z.union([z.string(), z.number()]).optional(),
        recommendation: str,
      }),
    )
    .optional(),
  strengths: strList,
  concerns: strList,
  trends: z
    .looseObject({
      revenueDirection: openEnum(revenueDirections).optional(),
      profitabilityDirection: openEnum(profitabilityDirections).optional(),
      debtDirection: openEnum(debtDirections).optional(),
    })
    .optional(),
});

export const extractedFinancialDataSchema = z.looseObject({
  fiscalYear: z.union([z.number(), z.string(), z.record(z.string(), z.unknown())]).optional(),
  approvalDate: str,
  currency: str,
  accountingStandard: openEnum(accountingStandards).optional(),
  statementType: openEnum(statementTypes).optional(),
  analysis: financialAnalysisSchema.optional(),
  incomeStatement: z.record(z.string(), z.unknown()).optional(),
  balanceSheet: z.record(z.string(), z.unknown()).optional(),
});

export const financialStatementSchema = documentSchema.extend({
  period: z.looseObject({ startDate: periodDateSchema.optional(), endDate: periodDateSchema.optional() }).optional(),
  extractedFinancialData: extractedFinancialDataSchema.optional(),
});

export const articleOfAssociationSchema = documentSchema.extend({ isConsolidated: bool });

const documentList = z.array(documentSchema).optional();

export const documentsSchema = z.looseObject({
  tradeRegisterExtract: documentSchema.optional(),
  certifiedTradeRegisterExtract: documentSchema.optional(),
  tradeRegisterHistory: documentSchema.optional(),
  lastFiscalYearFinancialStatement: financialStatementSchema.optional(),
  mostCompleteArticleOfAssociation: articleOfAssociationSchema.optional(),
  certificateOfGoodStanding: documentSchema.optional(),
  financialStatements: z.array(financialStatementSchema).optional(),
  articlesOfAssociation: z.array(articleOfAssociationSchema).optional(),
  /** A list in the spec, a single document in the vendor's OpenAPI: both accepted. */
  ultimateBeneficialOwnersCertificate: z.union([z.array(documentSchema), documentSchema]).optional(),
  otherDocuments: documentList,
  officialPublications: documentList,
  annualReturns: documentList,
});

// ---------------------------------------------------------------------------------------------------
// Company response (POST /v2/company, GET /v2/company/{requestId}, POST /v2/onboarding)

export const companyResponseSchema = z.looseObject({
  request: requestRecordSchema,
  company: companySchema.optional(),
  ultimateBeneficialOwners: z.array(uboSchema).optional(),
  legalRepresentatives: z.array(legalRepresentativeSchema).optional(),
  shareholders: z.array(shareholderSchema).optional(),
  subsidiaries: z.array(subsidiarySchema).optional(),
  establishments: z.array(establishmentSchema).optional(),
  otherKeyPersons: z.array(otherKeyPersonSchema).optional(),
  graph: graphSchema.optional(),
  documents: documentsSchema.optional(),
  /** Listing from the `availableDocuments` datapoint when sent apart from `documents`. */
  availableDocuments: z.array(documentSchema).optional(),
  companyRelationships: z.array(companyRelationshipSchema).optional(),
  dataSources: z.record(z.string(), z.unknown()).optional(),
  enrichmentReport: str,
});

// ---------------------------------------------------------------------------------------------------
// Errors

export const errorBodySchema = z.looseObject({
  statusCode: z.number().int(),
  error: z.looseObject({
    code: errorCodeSchema,
    message: z.string(),
    details: strList,
  }),
});

// ---------------------------------------------------------------------------------------------------
// Pricing

export const pricingQuerySchema = z.object({ countryCode: countrySchema });

export const pricingAvailabilitySchema = z.looseObject({
  available: z.boolean(),
  /** In credits. */
  price: z.number(),
  pricingMode: openEnum(pricingModes).optional(),
});

export const pricingBlockSchema = z.looseObject({
  sku: z.string(),
  datapoints: z.array(z.string()),
  /** Per-mode prices (verification, onboarding); contents not documented. */
  modes: z.record(z.string(), z.unknown()),
  includedDocuments: strList,
});

const pricingEntry = pricingAvailabilitySchema.optional();

export const pricingResponseSchema = z.looseObject({
  blocks: z.array(pricingBlockSchema),
  /** Legacy: company plus legalRepresentatives. */
  companyProfile: pricingEntry,
  company: pricingEntry,
  legalRepresentatives: pricingEntry,
  otherKeyPersons: pricingEntry,
  establishments: pricingEntry,
  ultimateBeneficialOwners: pricingEntry,
  shareholders: pricingEntry,
  subsidiaries: pricingEntry,
  availableDocuments: pricingEntry,
  graph: pricingEntry,
  /** Datapoints monitored at zero cost. */
  monitoring: z.record(z.string(), z.unknown()).optional(),
});

// ---------------------------------------------------------------------------------------------------
// Monitors

export const datapointNoticeSchema = z.looseObject({
  datapoint: z.string(),
  status: openEnum(datapointNoticeStatuses),
  message: str,
});

/** Create response, list item and details: one shape, fields present as each endpoint gives them. */
export const monitorSchema = z.looseObject({
  id: z.string(),
  companyId: z.string(),
  countryCode: z.string(),
  companyName: z.string().nullable().optional(),
  metadata: storedMetadataSchema.optional(),
  datapointNotices: z.array(datapointNoticeSchema).optional(),
  createdAt: str,
  lastFetchedAt: z.string().nullable().optional(),
});

export const monitorCreateBodySchema = z.object({
  companyId: z.string().trim().min(1, { error: "Enter the company identifier." }),
  countryCode: countrySchema,
  metadata: metadataSchema.optional(),
});

export const monitorListQuerySchema = z.object({
  companyId: str,
  countryCode: countrySchema.optional(),
  after: str,
  first: z.number().int().min(1, { error: "`first` must be at least 1." }).default(monitorListDefaultFirst),
});

export const monitorListResponseSchema = z.looseObject({
  monitors: z.array(monitorSchema),
  total: z.number(),
  hasNextPage: z.boolean(),
  nextCursor: z.string().nullable().optional(),
});

export const monitorLogsQuerySchema = z.object({
  first: z.number().int().min(1, { error: "`first` must be at least 1." }).default(monitorLogsDefaultFirst),
  after: str,
});

export const monitorLogEntrySchema = z.looseObject({
  id: z.string(),
  changeDetected: z.boolean(),
  changeCategories: z.array(changeCategorySchema),
  fetchStatus: openEnum(monitorFetchStatuses),
  createdAt: z.string(),
  errorMessage: z.string().nullable().optional(),
});

export const monitorLogsResponseSchema = z.looseObject({
  logs: z.array(monitorLogEntrySchema),
  hasNextPage: z.boolean(),
  nextCursor: z.string().nullable().optional(),
});

/** The deactivation variant's field is not documented; extra fields pass through untouched. */
export const testNotificationBodySchema = z.looseObject({
  changeCategories: z.array(changeCategorySchema).min(1, { error: "Pick at least one change category." }),
});

// ---------------------------------------------------------------------------------------------------
// Vault

export const vaultFieldSchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  required: bool,
  secret: bool,
  /** Describes the entries of a list-typed field. */
  get item() {
    return z.looseObject({ fields: z.array(vaultFieldSchema) }).optional();
  },
});

export const vaultSourceSchema = z.looseObject({
  key: z.string(),
  format: openEnum(vaultFormats).optional(),
  fields: z.array(vaultFieldSchema),
});
export const vaultSourcesSchema = z.array(vaultSourceSchema);

/** Metadata only: stored values are never returned. */
export const vaultEntrySchema = z.looseObject({
  sourceKey: z.string(),
  origin: openEnum(vaultOrigins).optional(),
  shape: openEnum(vaultFormats).optional(),
  ownerWorkspaceId: str,
  /** Bumped on each PUT; racing PUTs are last-write-wins, so not a strict counter. */
  version: z.number().int(),
  createdAt: str,
  updatedAt: str,
  expiresAt: z.string().nullable().optional(),
  inheritedFromWorkspaceId: str,
});
export const vaultEntriesSchema = z.array(vaultEntrySchema);

export const vaultPutBodySchema = z.object({ payload: z.record(z.string(), z.unknown()) });

// ---------------------------------------------------------------------------------------------------
// Workspaces

export const workspacePatchBodySchema = z.object({
  legalName: z
    .string()
    .max(workspaceLegalNameMax, { error: `The legal name can be at most ${workspaceLegalNameMax} characters.` })
    .optional(),
  uboEnabled: bool,
});

/** Response shape not documented. */
export const workspaceResponseSchema = z.looseObject({ id: str, name: str, legalName: str, uboEnabled: bool });

// ---------------------------------------------------------------------------------------------------
// Billing notifications

const periodMinutesSchema = z
  .number()
  .int({ error: "The window is a whole number of minutes." })
  .min(highUsageWindowMinutes.min, { error: `The window is at least ${highUsageWindowMinutes.min} minutes.` })
  .max(highUsageWindowMinutes.max, { error: `The window is at most ${highUsageWindowMinutes.max} minutes (30 days).` });

function uniqueTierNames(tiers: { tier: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  tiers.forEach(({ tier }, index) => {
    if (seen.has(tier))
      ctx.addIssue({ code: "custom", path: [index, "tier"], message: `Tier names must be unique: "${tier}" appears more than once.` });
    seen.add(tier);
  });
}

const centsSchema = z.number().int({ error: "Cents are a whole number." }).nonnegative({ error: "Cents cannot be negative." });

/** High-usage tiers as sent: 1 to 5 named tiers, names unique, whole credit cents. */
const highUsageTiersInputSchema = z
  .array(z.object({ tier: z.string().trim().min(1, { error: "Name the tier." }), cents: centsSchema }))
  .min(highUsageTierCount.min, { error: `Give at least ${highUsageTierCount.min} tier.` })
  .max(highUsageTierCount.max, { error: `Give at most ${highUsageTierCount.max} tiers.` })
  .superRefine(uniqueTierNames);

const tierNameSchema = openEnum(highUsageTierNames);

export const highUsageTierSchema = z.looseObject({ tier: tierNameSchema, cents: z.number() });

export const highUsageOverrideSchema = z.looseObject({
  id: z.string(),
  workspaceId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** `null` means inherit from the account configuration (for every field below). */
  highUsageEnabled: z.boolean().nullable().optional(),
  highUsageEmailEnabled: z.boolean().nullable().optional(),
  highUsageWebhookEnabled: z.boolean().nullable().optional(),
  highUsagePeriodMinutes: z.number().int().nullable().optional(),
  highUsageTiers: z.array(highUsageTierSchema).nullable().optional(),
});

/** PATCH of a workspace override: a field omitted (or null) inherits from the account; nothing is kept from earlier PATCHes. */
export const highUsagePatchBodySchema = z.object({
  highUsageEnabled: z.boolean().nullish(),
  highUsageEmailEnabled: z.boolean().nullish(),
  highUsageWebhookEnabled: z.boolean().nullish(),
  highUsagePeriodMinutes: periodMinutesSchema.nullish(),
  highUsageTiers: highUsageTiersInputSchema.nullish(),
});

export const billingEventSchema = z.looseObject({
  id: z.string(),
  kind: openEnum(billingKinds),
  /** Tier name for low_balance and high_usage; outcome for auto_topup. */
  identifier: openEnum([...billingTierNames, ...autoTopupOutcomes]),
  accountId: z.string(),
  workspaceId: z.string().nullable().optional(),
  dedupKey: z.string(),
  firedAt: z.string(),
  payload: z.record(z.string(), z.unknown()),
  emailSent: z.boolean(),
  webhookSent: z.boolean(),
});
export const billingEventsSchema = z.array(billingEventSchema);

export const billingRecentQuerySchema = z.object({
  limit: z
    .number()
    .int()
    .min(billingRecentLimit.min, { error: `The limit is at least ${billingRecentLimit.min}.` })
    .max(billingRecentLimit.max, { error: `The limit is at most ${billingRecentLimit.max}.` })
    .default(billingRecentLimit.default),
});

// ---------------------------------------------------------------------------------------------------
// Vendor-documented endpoints beyond the spec (the vendor's OpenAPI; not in the contract's spec). Every page that
// reads one must still work when it answers 404: see lib/registry/vendor-endpoint.ts.

export const balanceStatuses = ["ok", "low", "depleted"] as const;

/** A low-balance tier: fires when the balance falls to or below `cents` (credit cents). */
export const lowBalanceTierSchema = z.looseObject({ tier: openEnum(billingTierNames), cents: z.number() });

/** GET /v2/billing/balance. Every amount is in credit cents, as the field names say. */
export const balanceResponseSchema = z.looseObject({
  balanceInCreditCents: z.number(),
  status: openEnum(balanceStatuses),
  autoTopup: z.looseObject({ enabled: z.boolean(), thresholdInCreditCents: z.number(), amountInCreditCents: z.number() }),
  lowBalanceThresholds: z.array(lowBalanceTierSchema),
});

/** GET and PATCH /v2/billing/notifications/config: the account's settings with the defaults merged in. Cents are credit cents. */
export const accountBillingConfigSchema = z.looseObject({
  lowBalanceEnabled: z.boolean(),
  lowBalanceEmailEnabled: z.boolean(),
  lowBalanceWebhookEnabled: z.boolean(),
  lowBalanceTiers: z.array(lowBalanceTierSchema),
  globalHighUsageEnabled: z.boolean(),
  globalHighUsageEmailEnabled: z.boolean(),
  globalHighUsageWebhookEnabled: z.boolean(),
  globalHighUsagePeriodMinutes: z.number(),
  globalHighUsageTiers: z.array(highUsageTierSchema),
  /** The per-workspace high-usage defaults a workspace override inherits from. */
  highUsageEnabled: z.boolean(),
  highUsageEmailEnabled: z.boolean(),
  highUsageWebhookEnabled: z.boolean(),
  highUsagePeriodMinutes: z.number(),
  highUsageTiers: z.array(highUsageTierSchema),
  autoTopupNotificationsEnabled: z.boolean(),
  autoTopupEmailEnabled: z.boolean(),
  autoTopupWebhookEnabled: z.boolean(),
});

/** PATCH /v2/billing/notifications/config: every field optional; an omitted field keeps its current value. */
export const accountBillingConfigPatchSchema = z.object({
  lowBalanceEnabled: bool,
  lowBalanceEmailEnabled: bool,
  lowBalanceWebhookEnabled: bool,
  lowBalanceTiers: z
    .array(
      z.object({ tier: z.enum(billingTierNames, { error: "A low-balance tier is warning, critical or depleted." }), cents: centsSchema }),
    )
    .min(1, { error: "Give at least 1 low-balance tier." })
    .max(3, { error: "There are 3 low-balance tiers: warning, critical and depleted." })
    .superRefine(uniqueTierNames)
    .optional(),
  globalHighUsageEnabled: bool,
  globalHighUsageEmailEnabled: bool,
  globalHighUsageWebhookEnabled: bool,
  globalHighUsagePeriodMinutes: periodMinutesSchema.optional(),
  globalHighUsageTiers: highUsageTiersInputSchema.optional(),
  highUsageEnabled: bool,
  highUsageEmailEnabled: bool,
  highUsageWebhookEnabled: bool,
  highUsagePeriodMinutes: periodMinutesSchema.optional(),
  highUsageTiers: highUsageTiersInputSchema.optional(),
  autoTopupNotificationsEnabled: bool,
  autoTopupEmailEnabled: bool,
  autoTopupWebhookEnabled: bool,
});

/** GET /v2/billing/notifications/workspaces/{workspaceId}/config: the account's resolved settings and the raw override. */
export const workspaceBillingViewSchema = z.looseObject({
  accountConfig: accountBillingConfigSchema,
  workspaceOverride: highUsageOverrideSchema.nullable().optional(),
});

/**
 * A workspace as GET /v2/workspaces lists it. The vendor publishes no response schema: the simulator answers a
 * plain array of these; an object with a `workspaces` array is accepted too.
 */
export const workspaceSummarySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  legalName: z.string().nullable().optional(),
  uboEnabled: bool,
  isDefault: bool,
});
export const workspaceListSchema = z.union([
  z.array(workspaceSummarySchema),
  z.looseObject({ workspaces: z.array(workspaceSummarySchema) }),
]);

/** A user-defined sandbox company (POST /v2/sandbox/companies; its shape is the simulator's, the spec shows none). */
export const sandboxCompanyBodySchema = z.looseObject({
  countryCode: countrySchema,
  id: z.string().trim().min(1, { error: "Give the company id." }),
  company: z.record(z.string(), z.unknown()).optional(),
  sections: z.record(z.string(), z.unknown()).optional(),
  disappeared: z.boolean().optional(),
});
export const sandboxCompanyPatchSchema = sandboxCompanyBodySchema.omit({ countryCode: true, id: true });
export const sandboxCompanySchema = z.looseObject({ countryCode: z.string(), id: z.string(), company: z.unknown().optional() });

export function listedWorkspaces(list: WorkspaceList): WorkspaceSummary[] {
  return Array.isArray(list) ? list : list.workspaces;
}

/**
 * GET /v2/workspaces/usage. No published schema: the simulator answers one entry per workspace with its total and
 * every charge in the range, in credit cents (the unit of the vendor's billing fields).
 */
export const workspaceUsageChargeSchema = z.looseObject({
  at: z.string(),
  creditCents: z.number(),
  requestId: z.string().nullable().optional(),
});
export const workspaceUsageSchema = z.looseObject({
  startDate: str,
  endDate: str,
  workspaces: z.array(
    z.looseObject({
      workspaceId: z.string(),
      name: str,
      totalCreditCents: z.number(),
      requestCount: num,
      charges: z.array(workspaceUsageChargeSchema).optional(),
    }),
  ),
});

export const workspaceUsageQuerySchema = z.object({ startDate: str, endDate: str, workspace: str });

// ---------------------------------------------------------------------------------------------------
// Country catalog (GET /v2/catalog; shape not documented, so both likely forms are accepted)

export const catalogCountrySchema = z.looseObject({
  countryCode: str,
  code: str,
  name: str,
  developmentStatus: openEnum(catalogDevelopmentStatuses).optional(),
});

export const catalogResponseSchema = z.union([
  z.array(catalogCountrySchema),
  z.looseObject({
    countries: z.union([z.array(catalogCountrySchema), z.record(z.string(), catalogCountrySchema)]).optional(),
  }),
]);

/** The catalog's countries as one list, whichever form it came in (keyed entries get their key as `countryCode`). */
export function catalogCountries(catalog: CatalogResponse): CatalogCountry[] {
  const countries = Array.isArray(catalog) ? catalog : catalog.countries;
  if (!countries) return [];
  if (Array.isArray(countries)) return countries;
  return Object.entries(countries).map(([code, entry]) => ({ countryCode: code, ...entry }));
}

// ---------------------------------------------------------------------------------------------------
// Webhooks

export const companyUpdatedEventSchema = companyResponseSchema.extend({ type: z.literal("company.updated") });

export const monitorNotificationEventSchema = z.looseObject({
  type: z.literal("monitor.notification"),
  monitorId: z.string(),
  companyId: z.string(),
  countryCode: z.string(),
  timestamp: z.string(),
  changeCategories: z.array(changeCategorySchema),
  monitorHasBeenDeactivated: z.boolean(),
  /** Present only when the monitor has metadata. */
  metadata: storedMetadataSchema.optional(),
});

/** Any event type not known yet (billing events, future additions): kept with its fields. */
export const unknownWebhookEventSchema = z.looseObject({ type: z.string() });

const webhookEventSchemaByType = {
  "company.updated": companyUpdatedEventSchema,
  "monitor.notification": monitorNotificationEventSchema,
} as const;

/** Dispatches on `type`: a known type must match its schema (its own issues are reported); other types pass as they are. */
export const webhookEventSchema = unknownWebhookEventSchema.transform(
  (event, ctx): CompanyUpdatedEvent | MonitorNotificationEvent | UnknownWebhookEvent => {
    if (!isKnownValue(webhookEventTypes, event.type)) return event;
    const parsed = webhookEventSchemaByType[event.type].safeParse(event);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path, input: event });
    return z.NEVER;
  },
);

// ---------------------------------------------------------------------------------------------------
// Types

export type Address = z.infer<typeof addressSchema>;
export type Money = z.infer<typeof moneySchema>;
export type ActivityItem = z.infer<typeof activityItemSchema>;
export type Activities = z.infer<typeof activitiesSchema>;
export type MatchReason = z.infer<typeof matchReasonSchema>;
export type SearchResult = z.infer<typeof searchResultSchema>;
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchSseProgress = z.infer<typeof searchSseEventSchemas.progress>;
export type SearchSseComplete = z.infer<typeof searchSseEventSchemas.complete>;
export type SearchSseError = z.infer<typeof searchSseEventSchemas.error>;
export type Metadata = z.infer<typeof metadataSchema>;
export type CompanyRequestBody = z.infer<typeof companyRequestBodySchema>;
export type OnboardingRequestBody = z.infer<typeof onboardingRequestBodySchema>;
export type DatapointError = z.infer<typeof datapointErrorSchema>;
export type DatapointStatus = z.infer<typeof datapointStatusSchema>;
export type DatapointFailure = z.infer<typeof datapointFailureSchema>;
export type DataStatus = z.infer<typeof dataStatusSchema>;
export type RequestRecord = z.infer<typeof requestRecordSchema>;
export type ComplianceFlags = z.infer<typeof complianceFlagsSchema>;
export type StatutoryFilings = z.infer<typeof statutoryFilingsSchema>;
export type TaxId = z.infer<typeof taxIdSchema>;
export type CompanyStatus = z.infer<typeof companyStatusSchema>;
export type LegalForm = z.infer<typeof legalFormSchema>;
export type EmployeeCount = z.infer<typeof employeeCountSchema>;
export type Company = z.infer<typeof companySchema>;
export type PersonName = z.infer<typeof personNameSchema>;
export type BirthDate = z.infer<typeof birthDateSchema>;
export type PersonIdentifiers = z.infer<typeof personIdentifiersSchema>;
export type Person = z.infer<typeof personSchema>;
export type Role = z.infer<typeof roleSchema>;
export type OtherKeyPersonRole = z.infer<typeof otherKeyPersonRoleSchema>;
export type RepresentationMode = z.infer<typeof representationModeSchema>;
export type SigningAuthority = z.infer<typeof signingAuthoritySchema>;
export type LegalRepresentative = z.infer<typeof legalRepresentativeSchema>;
export type OtherKeyPerson = z.infer<typeof otherKeyPersonSchema>;
export type PercentageDetail = z.infer<typeof percentageDetailSchema>;
export type UboControl = z.infer<typeof uboControlSchema>;
export type Ubo = z.infer<typeof uboSchema>;
export type Shareholder = z.infer<typeof shareholderSchema>;
export type SharePercentageRange = z.infer<typeof sharePercentageRangeSchema>;
export type Subsidiary = z.infer<typeof subsidiarySchema>;
export type Establishment = z.infer<typeof establishmentSchema>;
export type CompanyRelationship = z.infer<typeof companyRelationshipSchema>;
export type GraphNode = z.infer<typeof graphNodeSchema>;
export type GraphEdge = z.infer<typeof graphEdgeSchema>;
export type GraphMetadata = z.infer<typeof graphMetadataSchema>;
export type Graph = z.infer<typeof graphSchema>;
export type DocumentSource = z.infer<typeof documentSourceSchema>;
export type RegistryDocument = z.infer<typeof documentSchema>;
export type FinancialAnalysis = z.infer<typeof financialAnalysisSchema>;
export type ExtractedFinancialData = z.infer<typeof extractedFinancialDataSchema>;
export type FinancialStatement = z.infer<typeof financialStatementSchema>;
export type ArticleOfAssociation = z.infer<typeof articleOfAssociationSchema>;
export type Documents = z.infer<typeof documentsSchema>;
export type CompanyResponse = z.infer<typeof companyResponseSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type PricingQuery = z.infer<typeof pricingQuerySchema>;
export type PricingAvailability = z.infer<typeof pricingAvailabilitySchema>;
export type PricingBlock = z.infer<typeof pricingBlockSchema>;
export type PricingResponse = z.infer<typeof pricingResponseSchema>;
export type DatapointNotice = z.infer<typeof datapointNoticeSchema>;
export type Monitor = z.infer<typeof monitorSchema>;
export type MonitorCreateBody = z.infer<typeof monitorCreateBodySchema>;
export type MonitorListQuery = z.infer<typeof monitorListQuerySchema>;
export type MonitorListResponse = z.infer<typeof monitorListResponseSchema>;
export type MonitorLogsQuery = z.infer<typeof monitorLogsQuerySchema>;
export type MonitorLogEntry = z.infer<typeof monitorLogEntrySchema>;
export type MonitorLogsResponse = z.infer<typeof monitorLogsResponseSchema>;
export type TestNotificationBody = z.infer<typeof testNotificationBodySchema>;
export type VaultField = z.infer<typeof vaultFieldSchema>;
export type VaultSource = z.infer<typeof vaultSourceSchema>;
export type VaultEntry = z.infer<typeof vaultEntrySchema>;
export type VaultPutBody = z.infer<typeof vaultPutBodySchema>;
export type WorkspacePatchBody = z.infer<typeof workspacePatchBodySchema>;
export type WorkspaceResponse = z.infer<typeof workspaceResponseSchema>;
export type HighUsageTier = z.infer<typeof highUsageTierSchema>;
export type HighUsageOverride = z.infer<typeof highUsageOverrideSchema>;
export type HighUsagePatchBody = z.infer<typeof highUsagePatchBodySchema>;
export type BillingEvent = z.infer<typeof billingEventSchema>;
export type BillingRecentQuery = z.infer<typeof billingRecentQuerySchema>;
export type CatalogCountry = z.infer<typeof catalogCountrySchema>;
export type CatalogResponse = z.infer<typeof catalogResponseSchema>;
export type CompanyUpdatedEvent = z.infer<typeof companyUpdatedEventSchema>;
export type MonitorNotificationEvent = z.infer<typeof monitorNotificationEventSchema>;
export type UnknownWebhookEvent = z.infer<typeof unknownWebhookEventSchema>;
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;
export type AccountBillingConfig = z.infer<typeof accountBillingConfigSchema>;
export type AccountBillingConfigPatch = z.infer<typeof accountBillingConfigPatchSchema>;
export type WorkspaceBillingView = z.infer<typeof workspaceBillingViewSchema>;
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;
export type WorkspaceList = z.infer<typeof workspaceListSchema>;
export type WorkspaceUsage = z.infer<typeof workspaceUsageSchema>;
