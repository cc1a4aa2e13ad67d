// Checks our zod contract against the vendor's published OpenAPI: samples built from its component
// schemas must parse, its property names must exist in our shapes, and its enums must be in our known lists.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registryCountries } from "./countries.shared";
import * as contract from "./schemas.shared";

const openapiPath = path.resolve(import.meta.dirname, "../../../shared/reference/vendor-openapi.json");
const available = existsSync(openapiPath);
const suite = available ? describe : describe.skip;
const title = available
  ? "vendor OpenAPI contract"
  : "vendor OpenAPI contract (skipped: the vendor OpenAPI lives beside the project in shared/reference/ and is not shipped with it)";

type OaSchema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, OaSchema>;
  required?: string[];
  items?: OaSchema;
  allOf?: OaSchema[];
  oneOf?: OaSchema[];
  anyOf?: OaSchema[];
  enum?: unknown[];
  example?: unknown;
  nullable?: boolean;
  deprecated?: boolean;
  additionalProperties?: boolean | OaSchema;
};
type OaDocument = {
  components: { schemas: Record<string, OaSchema> };
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: OaSchema }> }> }>>;
};

const doc: OaDocument = available ? JSON.parse(readFileSync(openapiPath, "utf8")) : { components: { schemas: {} }, paths: {} };

function component(name: string): OaSchema {
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`The OpenAPI has no component named ${name}`);
  return schema;
}

/** Follows $ref and merges allOf; keeps the outer example, nullable and deprecated flags. */
function resolve(schema: OaSchema): OaSchema {
  let current = schema;
  if (current.$ref) current = { ...resolve(component(current.$ref.replace("#/components/schemas/", ""))), ...withoutRef(current) };
  if (current.allOf) {
    const parts = current.allOf.map(resolve);
    const merged: OaSchema = { ...current, allOf: undefined };
    for (const part of parts) {
      merged.type ??= part.type;
      merged.enum ??= part.enum;
      merged.items ??= part.items;
      merged.additionalProperties ??= part.additionalProperties;
      if (part.properties) merged.properties = { ...part.properties, ...merged.properties };
      if (part.required) merged.required = [...(merged.required ?? []), ...part.required];
    }
    current = merged;
  }
  return current;
}

function withoutRef(schema: OaSchema): OaSchema {
  const copy = { ...schema };
  delete copy.$ref;
  return copy;
}

const isObjectWithProperties = (schema: OaSchema) => schema.properties !== undefined && Object.keys(schema.properties).length > 0;

/**
 * A sample value for an OpenAPI schema. `minimal`: required properties only; `full`: every property.
 * Leaves use the vendor's example where there is one; objects with properties are always built field by field.
 */
function sample(schema: OaSchema, mode: "minimal" | "full", depth = 0): unknown {
  if (depth > 10) throw new Error("Sampling went too deep (a cycle?)");
  const s = resolve(schema);
  if (isObjectWithProperties(s)) {
    const names = Object.keys(s.properties!).filter((name) => mode === "full" || s.required?.includes(name));
    return Object.fromEntries(names.map((name) => [name, sample(s.properties![name]!, mode, depth + 1)]));
  }
  if (s.oneOf?.length && !s.type) return sample(s.oneOf[0]!, mode, depth + 1);
  if (s.enum) return s.example !== undefined && s.enum.includes(s.example) ? s.example : s.enum[0];
  if (s.type === "array") {
    const items = resolve(s.items ?? {});
    if (isObjectWithProperties(items) || s.example === undefined) return [sample(items, mode, depth + 1)];
    return s.example;
  }
  if (s.example !== undefined) return s.example;
  if (s.type === "object" || s.additionalProperties) {
    const values = typeof s.additionalProperties === "object" ? s.additionalProperties : undefined;
    if (!values) return {};
    const options = values.oneOf ?? [values];
    return Object.fromEntries(options.map((option, i) => [`key${i}`, sample(option, mode, depth + 1)]));
  }
  switch (s.type) {
    case "string":
      return "sample";
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    default:
      return {};
  }
}

/** The object shapes a zod schema may take, through optional/nullable/default/array/union/pipe/record. */
function objectShapes(schema: z.ZodType): Record<string, z.ZodType>[] {
  if (schema instanceof z.ZodObject) return [schema.shape as Record<string, z.ZodType>];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return objectShapes(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodArray) return objectShapes(schema.element as z.ZodType);
  if (schema instanceof z.ZodUnion) return (schema.options as readonly z.ZodType[]).flatMap(objectShapes);
  if (schema instanceof z.ZodPipe) return objectShapes(schema.in as z.ZodType);
  if (schema instanceof z.ZodRecord) return objectShapes(schema.valueType as z.ZodType);
  return [];
}

/** The schemas of a map's values: a record's value type, or each field of an object with fixed keys. */
function mapValueSchemas(schema: z.ZodType): z.ZodType[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return mapValueSchemas(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodRecord) return [schema.valueType as z.ZodType];
  if (schema instanceof z.ZodObject) return Object.values(schema.shape as Record<string, z.ZodType>);
  return [];
}

/**
 * Property names the OpenAPI documents that our schema does not name, walking nested objects.
 * Where our schema keeps a value opaque (a record of unknown, or no object shape), the walk stops there.
 */
function missingNames(oa: OaSchema, ours: z.ZodType, which: "required" | "all", at: string, depth = 0): string[] {
  if (depth > 10) return [];
  const s = resolve(oa);
  const shapes = objectShapes(ours);
  if (shapes.length === 0) return [];
  if (s.type === "array" && s.items) return missingNames(s.items, ours, which, `${at}[]`, depth + 1);
  const missing: string[] = [];
  for (const [name, child] of Object.entries(s.properties ?? {})) {
    const childResolved = resolve(child);
    const isRequired = s.required?.includes(name) ?? false;
    const counts = which === "required" ? isRequired : !childResolved.deprecated && !child.deprecated;
    const ourChildren = shapes.map((shape) => shape[name]).filter((c): c is z.ZodType => c !== undefined);
    if (ourChildren.length === 0) {
      if (counts) missing.push(`${at}.${name}`);
      continue;
    }
    for (const ourChild of ourChildren) missing.push(...missingNames(child, ourChild, which, `${at}.${name}`, depth + 1));
  }
  const values = typeof s.additionalProperties === "object" ? s.additionalProperties : undefined;
  if (values && !s.properties) {
    for (const option of values.oneOf ?? [values]) {
      for (const value of mapValueSchemas(ours)) missing.push(...missingNames(option, value, which, `${at}.*`, depth + 1));
    }
  }
  return missing;
}

function inlineResponseSchema(pathName: string, method: string, status: string): OaSchema {
  const schema = doc.paths[pathName]?.[method]?.responses?.[status]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`The OpenAPI has no JSON schema for ${method.toUpperCase()} ${pathName} ${status}`);
  return schema;
}

function setPath(target: unknown, dotted: string, value: unknown) {
  const parts = dotted.split(".");
  let node = target as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}

type Pair = {
  name: string;
  oa: () => OaSchema;
  ours: z.ZodType;
  /** Fields we require although the vendor's schema does not (value used to complete the minimal sample). */
  stricter?: Record<string, unknown>;
};

const pairs: Pair[] = [
  { name: "SearchResult", oa: () => component("SearchResult"), ours: contract.searchResultSchema },
  { name: "MonitorDto", oa: () => component("MonitorDto"), ours: contract.monitorSchema },
  { name: "CreateMonitorResponseDto", oa: () => component("CreateMonitorResponseDto"), ours: contract.monitorSchema },
  { name: "MonitorDetailsResponseDto", oa: () => component("MonitorDetailsResponseDto"), ours: contract.monitorSchema },
  { name: "ListMonitorsResponseDto", oa: () => component("ListMonitorsResponseDto"), ours: contract.monitorListResponseSchema },
  { name: "MonitorLogDto", oa: () => component("MonitorLogDto"), ours: contract.monitorLogEntrySchema },
  { name: "MonitorLogsResponseDto", oa: () => component("MonitorLogsResponseDto"), ours: contract.monitorLogsResponseSchema },
  { name: "CreateMonitorDto", oa: () => component("CreateMonitorDto"), ours: contract.monitorCreateBodySchema },
  { name: "BillingNotificationEventDto", oa: () => component("BillingNotificationEventDto"), ours: contract.billingEventSchema },
  {
    name: "BillingNotificationWorkspaceOverrideDto",
    oa: () => component("BillingNotificationWorkspaceOverrideDto"),
    ours: contract.highUsageOverrideSchema,
  },
  {
    name: "UpdateWorkspaceHighUsageOverrideDto",
    oa: () => component("UpdateWorkspaceHighUsageOverrideDto"),
    ours: contract.highUsagePatchBodySchema,
  },
  { name: "UpdateWorkspaceDto", oa: () => component("UpdateWorkspaceDto"), ours: contract.workspacePatchBodySchema },
  { name: "BalanceResponseDto", oa: () => component("BalanceResponseDto"), ours: contract.balanceResponseSchema },
  {
    name: "ResolvedBillingNotificationConfigDto",
    oa: () => component("ResolvedBillingNotificationConfigDto"),
    ours: contract.accountBillingConfigSchema,
  },
  {
    name: "UpdateBillingNotificationConfigDto",
    oa: () => component("UpdateBillingNotificationConfigDto"),
    ours: contract.accountBillingConfigPatchSchema,
  },
  {
    name: "WorkspaceBillingNotificationViewDto",
    oa: () => component("WorkspaceBillingNotificationViewDto"),
    ours: contract.workspaceBillingViewSchema,
  },
  { name: "CreateCompanyRequestDTO", oa: () => component("CreateCompanyRequestDTO"), ours: contract.companyRequestBodySchema },
  { name: "CreateOnboardingRequestDTO", oa: () => component("CreateOnboardingRequestDTO"), ours: contract.onboardingRequestBodySchema },
  { name: "GetPricingResultDTO", oa: () => component("GetPricingResultDTO"), ours: contract.pricingResponseSchema },
  { name: "EnhancedGraphResultDTO", oa: () => component("EnhancedGraphResultDTO"), ours: contract.graphSchema },
  { name: "CompanyDTO", oa: () => component("CompanyDTO"), ours: contract.companySchema },
  { name: "DocumentsDTO", oa: () => component("DocumentsDTO"), ours: contract.documentsSchema },
  {
    name: "GetCompanyResultDTO",
    oa: () => component("GetCompanyResultDTO"),
    ours: contract.companyResponseSchema,
    stricter: { "request.requestId": "req-1" },
  },
  {
    name: "search 400 error body",
    oa: () => inlineResponseSchema("/v2/search", "get", "400"),
    ours: contract.errorBodySchema,
    stricter: { statusCode: 400, "error.code": "invalid_request", "error.message": "Bad input" },
  },
  {
    name: "search 500 error body",
    oa: () => inlineResponseSchema("/v2/search", "get", "500"),
    ours: contract.errorBodySchema,
    stricter: { statusCode: 500, "error.code": "service_unavailable", "error.message": "Try later" },
  },
];

/** Enum locations in the OpenAPI, and the known values we list for them. */
const enums: { at: [string, ...string[]]; ours: readonly string[] }[] = [
  { at: ["MatchType"], ours: contract.matchTypes },
  { at: ["GraphNodeFlagsDTO", "status"], ours: contract.graphNodeStatuses },
  { at: ["GraphNodeFlagsDTO", "uboCalculationMethod"], ours: contract.uboCalculationMethods },
  { at: ["GraphNodeContinuationDTO", "reason"], ours: contract.graphContinuationReasons },
  { at: ["GraphMetadataDTO", "stoppedReason"], ours: contract.graphStoppedReasons },
  { at: ["GraphNodeDTO", "type"], ours: contract.entityTypes },
  { at: ["DataPointStatusSucceeded", "status"], ours: contract.dataStatusValues },
  { at: ["DataPointStatusInProgress", "status"], ours: contract.dataStatusValues },
  { at: ["DataPointStatusEnriching", "status"], ours: contract.dataStatusValues },
  { at: ["DataPointStatusFailed", "status"], ours: contract.dataStatusValues },
  { at: ["DataPointError", "code"], ours: contract.errorCodes },
  { at: ["MonitorLogDto", "fetchStatus"], ours: contract.monitorFetchStatuses },
  { at: ["BillingNotificationEventDto", "kind"], ours: contract.billingKinds },
  { at: ["HighUsageTierDto", "tier"], ours: contract.highUsageTierNames },
  { at: ["LowBalanceTierDto", "tier"], ours: contract.billingTierNames },
  { at: ["BalanceResponseDto", "status"], ours: contract.balanceStatuses },
  { at: ["PricingAndAvailabilityDTO", "pricingMode"], ours: contract.pricingModes },
  { at: ["CreateCompanyRequestDTO", "mode"], ours: contract.requestModes },
  { at: ["CreateCompanyRequestDTO", "dataPoints"], ours: contract.datapointNames },
  { at: ["CompanyRelationshipDTO", "relation"], ours: contract.companyRelations },
  { at: ["DataSourceDTO", "type"], ours: contract.documentSourceTypes },
  { at: ["AvailableDocumentDTO", "type"], ours: contract.documentTypes },
  { at: ["CompanyStatusDetailsDTO", "status"], ours: contract.companyStatuses },
  { at: ["CompanyStatusDetailsDTO", "closureReason"], ours: contract.closureReasons },
  { at: ["TaxIdVerificationDTO", "status"], ours: contract.taxIdVerificationStatuses },
  { at: ["LegalFormEnum"], ours: contract.legalFormStandards },
  { at: ["RoleEnum"], ours: contract.roleStandards },
  { at: ["OtherKeyPersonRoleEnum"], ours: contract.otherKeyPersonRoleStandards },
  { at: ["ControlDTO", "types"], ours: contract.uboControlTypes },
  { at: ["PercentageDetailDto", "type"], ours: contract.percentageDetailTypes },
  { at: ["PercentageDetailDto", "nature"], ours: contract.ownershipNatures },
  { at: ["RepresentationModeDTO", "mode"], ours: contract.representationModes },
  { at: ["LegalRepresentativeDTO", "type"], ours: contract.entityTypes },
  { at: ["PhysicalPersonBaseDTO", "gender"], ours: contract.genders },
  { at: ["ExtractedFinancialDataDTO", "accountingStandard"], ours: contract.accountingStandards },
  { at: ["ExtractedFinancialDataDTO", "statementType"], ours: contract.statementTypes },
  { at: ["FinancialAnalysisDTO", "overallRisk"], ours: contract.riskLevels },
  { at: ["FinancialInsightDTO", "category"], ours: contract.insightCategories },
  { at: ["FinancialInsightDTO", "riskLevel"], ours: contract.riskLevels },
  { at: ["FinancialTrendsDTO", "revenueDirection"], ours: contract.revenueDirections },
  { at: ["FinancialTrendsDTO", "profitabilityDirection"], ours: contract.profitabilityDirections },
  { at: ["FinancialTrendsDTO", "debtDirection"], ours: contract.debtDirections },
];

function enumAt([name, ...propertyPath]: [string, ...string[]]): unknown[] {
  let schema = resolve(component(name));
  for (const property of propertyPath) {
    const next = schema.properties?.[property];
    if (!next) throw new Error(`The OpenAPI has no ${property} under ${name}`);
    schema = resolve(next);
    if (schema.type === "array" && schema.items) schema = resolve(schema.items);
  }
  if (!schema.enum) throw new Error(`The OpenAPI has no enum at ${[name, ...propertyPath].join(".")}`);
  return schema.enum;
}

const issuesOf = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

suite(title, () => {
  describe.each(pairs)("$name", ({ oa, ours, stricter }) => {
    it("a sample of every documented field parses", () => {
      expect(issuesOf(ours.safeParse(sample(oa(), "full")))).toEqual([]);
    });

    it("a sample of the required fields parses (plus the fields we deliberately require)", () => {
      const value = sample(oa(), "minimal");
      for (const [at, fill] of Object.entries(stricter ?? {})) setPath(value, at, fill);
      expect(issuesOf(ours.safeParse(value))).toEqual([]);
    });

    it("names every property the OpenAPI marks required", () => {
      expect(missingNames(oa(), ours, "required", "$")).toEqual([]);
    });

    it("names every property the OpenAPI documents (deprecated ones aside)", () => {
      expect(missingNames(oa(), ours, "all", "$")).toEqual([]);
    });
  });

  describe.each(pairs.filter((pair) => pair.stricter))("$name", ({ oa, ours }) => {
    it("rejects the vendor's minimal sample without the fields we deliberately require (so the exception stays true)", () => {
      expect(ours.safeParse(sample(oa(), "minimal")).success).toBe(false);
    });
  });

  it.each(enums)("enum $at.0 $at.1: every vendor value is in our known list", ({ at, ours }) => {
    expect(enumAt(at).filter((value) => !ours.includes(String(value)))).toEqual([]);
  });

  it("the accepted countries are exactly the vendor's request country enum", () => {
    for (const name of ["CreateCompanyRequestDTO", "CreateMonitorDto", "CreateOnboardingRequestDTO"]) {
      expect([...enumAt([name, "countryCode"])].sort()).toEqual([...registryCountries].sort());
    }
  });

  it("the name walk reports a renamed field (so the checks above can fail)", () => {
    const renamed = contract.monitorLogEntrySchema.omit({ changeCategories: true }).extend({ categories: z.array(z.string()) });
    expect(missingNames(component("MonitorLogDto"), renamed, "required", "$")).toEqual(["$.changeCategories"]);
    expect(renamed.safeParse(sample(component("MonitorLogDto"), "minimal")).success).toBe(false);
  });
});
