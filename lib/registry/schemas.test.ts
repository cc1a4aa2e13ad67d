import { describe, expect, it } from "vitest";
import { countryNames, isRegistryCountry, registryCountries } from "./countries.shared";
import { metadataLimits, metadataWarnings } from "./metadata-limits.shared";
import {
  billingEventSchema,
  billingRecentQuerySchema,
  catalogCountries,
  catalogResponseSchema,
  companyRequestBodySchema,
  companyResponseSchema,
  companySchema,
  errorBodySchema,
  graphSchema,
  highUsagePatchBodySchema,
  isDatapointFailure,
  legalRepresentativeSchema,
  mauritiusIdPattern,
  metadataSchema,
  monitorCreateBodySchema,
  monitorListQuerySchema,
  monitorLogEntrySchema,
  monitorNotificationEventSchema,
  openEnum,
  personIdentifierEntries,
  personSchema,
  requestRecordSchema,
  searchQuerySchema,
  searchResultSchema,
  searchSseEventSchemas,
  subsidiarySchema,
  testNotificationBodySchema,
  uboSchema,
  vaultSourceSchema,
  webhookEventSchema,
  workspacePatchBodySchema,
} from "./schemas.shared";

const keys = (n: number, keyLength = 8) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${String(i).padStart(keyLength - 1, "0")}`, "v"]));

// A compact company response, written from the spec's field tables.
const fullResponse = {
  request: {
    requestId: "req-1",
    version: 3,
    companyId: "932884117",
    countryCode: "FR",
    dataPoints: ["company", "legalRepresentatives", "ultimateBeneficialOwners", "graph", "availableDocuments"],
    documents: ["doc-1"],
    dataStatus: {
      dataPoints: {
        company: { status: "succeeded", authoritative: true },
        legalRepresentatives: { status: "enriching" },
        ultimateBeneficialOwners: {
          status: "failed",
          error: { code: "source_unavailable", message: "The register is down.", retryable: true },
        },
        graph: { status: "in_progress" },
      },
      documents: { "doc-1": { status: "succeeded" } },
    },
    metadata: { caseRef: "CASE-7", user: "ana" },
    companyLegalName: "TOPO SAS",
    workspace: { name: "default" },
  },
  company: {
    id: "932884117",
    countryCode: "FR",
    identifiers: { siren: "932884117", VAT: "FR27932884117", lei: "969500ABCDEF12345678" },
    taxId: {
      type: "eu_vat",
      value: "FR27932884117",
      country: "FR",
      verification: { status: "verified", verifiedAt: "2026-01-02T10:00:00Z", verifiedName: "TOPO SAS", source: "vies" },
    },
    legalName: "TOPO SAS",
    legalNameInEnglish: "TOPO SAS",
    commercialNames: ["Topo"],
    legacyLegalNames: [],
    phones: ["+33123456789"],
    website: "https://topo.example",
    status: {
      localName: "Active",
      active: true,
      statusDetails: { status: "ACTIVE" },
    },
    complianceFlags: {
      accountsOverdue: { active: false, source: "registry" },
      registeredCharges: { active: true, since: "2023-05-01", observedAt: "2026-01-02T10:00:00Z" },
    },
    statutoryFilings: {
      accounts: {
        financialYearEnd: "12-31",
        lastFiled: { year: 2024, periodStart: "2024-01-01", periodEnd: "2024-12-31", dueDate: "2025-06-30", filedOn: "2025-05-02" },
        next: { year: 2025, periodStart: "2025-01-01", periodEnd: "2025-12-31", dueDate: "2026-06-30", overdue: false },
        source: "registry",
      },
      annualFiling: { cadence: "yearly", lastFiled: { year: 2025, filedOn: "2025-03-01" } },
    },
    registrationDate: "2024-04-22",
    incorporationDate: "2024-04-15",
    legalForm: {
      localName: "SAS, société par actions simplifiée",
      englishTranslation: "Simplified joint-stock company",
      standardized: "Corporation",
      iso20275Code: "6CHY",
      isAIEnriched: false,
    },
    capital: { amount: 10000, formatted: "10 000,00 €", currency: "EUR" },
    activities: {
      NACE: [{ code: "62.01", description: "Computer programming activities" }],
      ISIC: [{ code: "6201" }],
      NACE_REV21: [{ code: "62.10" }],
      NAF_2025: [{ code: "62.10A", description: "Computer programming" }],
    },
    activityDescription: "Software",
    legalAddress: { addressLine1: "10 rue de la Paix", city: "Paris", postalCode: "75002", countryCode: "FR" },
    employeeCount: { min: 10, max: 19, lastUpdated: "2025-12-31", isEstimate: true },
  },
  legalRepresentatives: [
    {
      type: "individual",
      entityId: "p1",
      role: { standardized: "Chief Executive Officer", localName: "Président", iso5009Code: "GIDXNF" },
      startDate: "2024-04-15",
      individual: { name: { fullName: "Ana Lima" }, birthDate: { month: 7, year: 1980 }, nationality: "PT", identifiers: { nif: "123" } },
      representationMode: { mode: "sole", minimumSignatories: 1, namedCoSigners: [] },
      signingPowers: { localText: "Seul", englishTranslation: "Alone" },
      signingAuthority: {
        verdict: "sole_within_limits",
        rules: [
          {
            scope: "general",
            mode: "sole",
            sourceExcerpt: "…",
            amountLimit: { amount: 50000, currency: "EUR", comparator: "up_to" },
            coSigners: { minimum: 0, named: [], roles: [] },
          },
        ],
        confidence: "high",
        derivedFrom: "ai",
      },
      corporateBody: "management",
    },
    { type: "company", company: { legalName: "HOLDCO SA", countryCode: "BE" }, representedBy: { name: { fullName: "Jan Peeters" } } },
  ],
  otherKeyPersons: [{ type: "individual", role: { standardized: "Vice Chairman of the Board" }, corporateBody: "board" }],
  ultimateBeneficialOwners: [
    {
      entityId: "p1",
      name: { fullName: "Ana Lima" },
      control: {
        types: ["ownership-of-shares"],
        description: "Holds shares",
        details: [{ type: "shares", percentageValue: 60, nature: "direct" }],
      },
    },
  ],
  shareholders: [
    {
      type: "individual",
      individual: { name: { fullName: "Ana Lima" } },
      sharePercentage: 60,
      nominalCapitalHeld: { amount: 6000, currency: "EUR" },
    },
    { type: "company", company: { legalName: "HOLDCO SA" }, sharePercentage: 40, source: "registry" },
  ],
  subsidiaries: [{ company: { legalName: "SUB SARL", countryCode: "FR" }, sharePercentage: 100, acquisitionDate: "2025-01-01" }],
  establishments: [
    { id: "93288411700011", name: "Siège", active: true, address: { city: "Paris" }, activities: { NACE: [{ code: "62.01" }] } },
  ],
  companyRelationships: [{ relation: "mergedFrom", company: { legalName: "OLD TOPO", countryCode: "FR" } }],
  graph: {
    nodes: [
      {
        nodeId: "FR:932884117",
        type: "company",
        company: { id: "932884117", legalName: "TOPO SAS", countryCode: "FR" },
        flags: { isRoot: true, status: "found" },
      },
      {
        nodeId: "person:1",
        type: "individual",
        individual: { name: "Ana Lima", nationality: "PT" },
        totalOwnershipPercentage: 60,
        flags: { isUbo: true, isUboProxy: false, uboCalculationMethod: ["accumulation"], status: "found" },
      },
      {
        nodeId: "BE:0123456789",
        type: "company",
        company: { legalName: "HOLDCO SA", countryCode: "BE" },
        flags: { status: "budget_truncated" },
        continuation: { reason: "budget", estimatedCost: 0, depth: 1, accumulatedOwnership: 40 },
      },
    ],
    edges: [
      { id: "e1", fromId: "person:1", toId: "FR:932884117", percentage: 60, source: "registry" },
      { id: "e2", fromId: "BE:0123456789", toId: "FR:932884117", percentage: 40 },
    ],
    mermaidDiagram: "graph TD; A-->B",
    description: "Two owners.",
    metadata: { stoppedReason: "budget_exhausted", amountSpent: 12, companiesFetched: 1, companiesSkipped: 1, interactive: true },
  },
  documents: {
    tradeRegisterExtract: {
      id: "doc-1",
      name: "Extrait Kbis",
      nameInEnglish: "Trade register extract",
      format: "PDF",
      url: "https://files.example/doc-1?sig=abc",
      price: 3,
      source: { type: "live_from_registry", register: "INPI", documents: [{ name: "Kbis", date: "2026-01-01" }] },
    },
    financialStatements: [
      {
        id: "fs-2024",
        name: "Comptes annuels 2024",
        format: "PDF",
        period: { startDate: { year: 2024, month: 1, day: 1 }, endDate: { year: 2024, month: 12, day: 31 } },
        extractedFinancialData: {
          fiscalYear: 2024,
          currency: "EUR",
          accountingStandard: "French GAAP",
          statementType: "simplified",
          analysis: {
            summary: "Healthy.",
            narrativeAnalysis: "Revenue grew.",
            healthScore: 78,
            overallRisk: "low",
            ratios: {
              currentRatio: 1.8,
              quickRatio: 1.2,
              debtToEquity: 0.4,
              netProfitMargin: 0.11,
              returnOnEquity: 0.15,
              revenueGrowth: 0.2,
            },
            insights: [{ category: "liquidity", title: "Good liquidity", description: "…", riskLevel: "low", metricValue: "1.8" }],
            strengths: ["Cash"],
            concerns: [],
            trends: { revenueDirection: "increasing", profitabilityDirection: "improving", debtDirection: "decreasing" },
          },
          incomeStatement: { revenue: 1200000 },
          balanceSheet: { totalAssets: 900000 },
        },
        source: { type: "live_from_registry", register: "INPI" },
      },
    ],
    articlesOfAssociation: [{ id: "aoa-1", name: "Statuts", format: "PDF", isConsolidated: true }],
    ultimateBeneficialOwnersCertificate: [{ id: "ubo-1", name: "UBO extract" }],
    otherDocuments: [],
  },
};

describe("countries", () => {
  it("lists the 40 accepted countries, each with an English name", () => {
    expect(registryCountries).toHaveLength(40);
    expect(new Set(registryCountries).size).toBe(40);
    for (const code of registryCountries) expect(countryNames[code]).toMatch(/\w/);
    expect(isRegistryCountry("MU")).toBe(true);
    expect(isRegistryCountry("US")).toBe(false);
    expect(isRegistryCountry("fr")).toBe(false);
  });
});

describe("metadata limits", () => {
  it("accepts 50 keys and rejects 51 with a message naming the limit", () => {
    expect(metadataSchema.safeParse(keys(50)).success).toBe(true);
    const result = metadataSchema.safeParse(keys(51));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain("50");
  });

  it("applies the key limit inside request bodies too", () => {
    expect(monitorCreateBodySchema.safeParse({ companyId: "1", countryCode: "DE", metadata: keys(51) }).success).toBe(false);
    expect(companyRequestBodySchema.safeParse({ id: "1", countryCode: "DE", metadata: keys(51) }).success).toBe(false);
  });

  it("warns about keys over 40 characters (skipped by the API), not at 40", () => {
    const at = "a".repeat(40);
    const over = "b".repeat(41);
    expect(metadataWarnings({ [at]: "x", [over]: "y" })).toEqual({ skippedKeys: [over], truncatedKeys: [] });
    // still valid to send: the API skips, it does not reject
    expect(metadataSchema.safeParse({ [over]: "y" }).success).toBe(true);
  });

  it("warns about values over 500 characters (truncated by the API), not at 500", () => {
    expect(metadataWarnings({ a: "x".repeat(500), b: "x".repeat(501) })).toEqual({ skippedKeys: [], truncatedKeys: ["b"] });
    expect(metadataLimits).toEqual({ maxKeys: 50, maxKeyLength: 40, maxValueLength: 500 });
  });

  it("counts characters, not UTF-16 units", () => {
    expect(metadataWarnings({ k: "😀".repeat(500) }).truncatedKeys).toEqual([]);
  });
});

describe("high-usage override patch", () => {
  it.each([
    [4, false],
    [5, true],
    [43200, true],
    [43201, false],
    [60.5, false],
  ])("window of %s minutes → valid: %s", (minutes, valid) => {
    expect(highUsagePatchBodySchema.safeParse({ highUsagePeriodMinutes: minutes }).success).toBe(valid);
  });

  const tiers = (n: number) => Array.from({ length: n }, (_, i) => ({ tier: `t${i}`, cents: 1000 * (i + 1) }));
  it.each([
    [0, false],
    [1, true],
    [5, true],
    [6, false],
  ])("%s tiers → valid: %s", (n, valid) => {
    expect(highUsagePatchBodySchema.safeParse({ highUsageTiers: tiers(n) }).success).toBe(valid);
  });

  it("rejects duplicate tier names with a clear message on the duplicate", () => {
    const result = highUsagePatchBodySchema.safeParse({
      highUsageTiers: [
        { tier: "warning", cents: 100 },
        { tier: "critical", cents: 500 },
        { tier: "warning", cents: 900 },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["highUsageTiers", 2, "tier"]);
    expect(result.error?.issues[0]?.message).toMatch(/unique.*warning/);
  });

  it("rejects fractional cents and accepts an empty patch (all fields inherit)", () => {
    expect(highUsagePatchBodySchema.safeParse({ highUsageTiers: [{ tier: "w", cents: 10.5 }] }).success).toBe(false);
    expect(highUsagePatchBodySchema.safeParse({}).success).toBe(true);
  });
});

describe("query and body limits", () => {
  it("monitor list `first`: 0 rejected, 1 accepted, default 50", () => {
    expect(monitorListQuerySchema.safeParse({ first: 0 }).success).toBe(false);
    expect(monitorListQuerySchema.safeParse({ first: 1 }).success).toBe(true);
    expect(monitorListQuerySchema.parse({}).first).toBe(50);
  });

  it("recent billing events limit: 1..200, default 50", () => {
    expect(billingRecentQuerySchema.safeParse({ limit: 0 }).success).toBe(false);
    expect(billingRecentQuerySchema.safeParse({ limit: 1 }).success).toBe(true);
    expect(billingRecentQuerySchema.safeParse({ limit: 200 }).success).toBe(true);
    expect(billingRecentQuerySchema.safeParse({ limit: 201 }).success).toBe(false);
    expect(billingRecentQuerySchema.parse({}).limit).toBe(50);
  });

  it("workspace legalName: 255 accepted, 256 rejected", () => {
    expect(workspacePatchBodySchema.safeParse({ legalName: "x".repeat(255) }).success).toBe(true);
    const result = workspacePatchBodySchema.safeParse({ legalName: "x".repeat(256) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain("255");
  });

  it("test notification needs at least one change category", () => {
    expect(testNotificationBodySchema.safeParse({ changeCategories: [] }).success).toBe(false);
    expect(testNotificationBodySchema.safeParse({ changeCategories: ["status", "ownership"] }).success).toBe(true);
  });
});

describe("Mauritius company ids", () => {
  it.each(["C12345", "C12", "c123456"])("accepts %s for MU", (id) => {
    expect(companyRequestBodySchema.safeParse({ id, countryCode: "MU" }).success).toBe(true);
  });

  it.each(["C1", "C1234567", "12345", "CC123", "C12 345"])("rejects %s for MU with the accepted format on `id`", (id) => {
    const result = companyRequestBodySchema.safeParse({ id, countryCode: "MU" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["id"]);
    expect(result.error?.issues[0]?.message).toMatch(/one letter followed by 2 to 6 digits/);
  });

  it("leaves other countries alone", () => {
    for (const id of ["C1", "C1234567", "12345", "CC123"]) {
      expect(companyRequestBodySchema.safeParse({ id, countryCode: "GB" }).success).toBe(true);
    }
    expect(mauritiusIdPattern.test("C123456")).toBe(true);
  });
});

describe("search query", () => {
  it("needs 2 characters after trimming", () => {
    expect(searchQuerySchema.safeParse({ country: "FR", query: "a" }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ country: "FR", query: "  a  " }).success).toBe(false);
    expect(searchQuerySchema.parse({ country: "FR", query: " ab ", transliterate: true })).toEqual({
      country: "FR",
      query: "ab",
      transliterate: true,
    });
  });

  it("rejects a country outside the accepted list", () => {
    expect(searchQuerySchema.safeParse({ country: "US", query: "Acme" }).success).toBe(false);
    expect(companyRequestBodySchema.safeParse({ id: "1", countryCode: "TEST" }).success).toBe(false);
    expect(monitorCreateBodySchema.safeParse({ companyId: "1", countryCode: "US-DE" }).success).toBe(false);
  });
});

describe("open enums", () => {
  it("keeps unseen values verbatim", () => {
    const result = searchResultSchema.parse({
      id: "1",
      legalName: "A",
      countryCode: "US-CA",
      address: {},
      matchReason: { matchType: "fuzzyPhonetic" },
    });
    expect(result.matchReason.matchType).toBe("fuzzyPhonetic");
    expect(result.countryCode).toBe("US-CA");

    const record = requestRecordSchema.parse({ requestId: "r", dataStatus: { dataPoints: { company: { status: "queued_for_review" } } } });
    expect(record.dataStatus?.dataPoints?.company?.status).toBe("queued_for_review");

    const log = monitorLogEntrySchema.parse({
      id: "l",
      changeDetected: true,
      changeCategories: ["sanctions"],
      fetchStatus: "partial",
      createdAt: "2026-01-01T00:00:00Z",
    });
    expect(log.changeCategories).toEqual(["sanctions"]);
    expect(log.fetchStatus).toBe("partial");

    const graph = graphSchema.parse({ nodes: [{ nodeId: "n", type: "trust", flags: { status: "quarantined" } }], edges: [] });
    expect(graph.nodes[0]?.flags?.status).toBe("quarantined");
    expect(graph.nodes[0]?.type).toBe("trust");
  });

  it("still rejects a non-string where an enum is expected", () => {
    expect(openEnum(["a"]).safeParse(1).success).toBe(false);
    expect(openEnum(["a", "b"]).knownValues).toEqual(["a", "b"]);
  });
});

describe("unknown fields survive a parse", () => {
  it("at the top, in the company, in a nested legal representative and in a graph node", () => {
    const input = structuredClone(fullResponse) as Record<string, unknown> & typeof fullResponse;
    input.futureSection = { a: 1 };
    (input.company as Record<string, unknown>).sanctionsScreening = { hits: 0 };
    const rep = input.legalRepresentatives[0] as Record<string, unknown>;
    rep.pepStatus = "none";
    (rep.individual as Record<string, unknown>).placeOfDeath = null;
    (input.graph.nodes[2] as Record<string, unknown>).layoutHint = { x: 1, y: 2 };
    (input.graph.nodes[2]!.flags as Record<string, unknown>).isSanctioned = false;

    const parsed = companyResponseSchema.parse(input);
    expect(parsed).toEqual(input);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(JSON.parse(JSON.stringify(input)));
  });

  it("in a standalone company and legal representative", () => {
    expect(companySchema.parse({ legalName: "A", x: [1] })).toEqual({ legalName: "A", x: [1] });
    expect(legalRepresentativeSchema.parse({ type: "individual", signingAuthority: { rules: [{ scope: "s", extra: true }] } })).toEqual({
      type: "individual",
      signingAuthority: { rules: [{ scope: "s", extra: true }] },
    });
  });

  it("but a known field with the wrong type is still an error", () => {
    expect(companySchema.safeParse({ legalName: 42 }).success).toBe(false);
    expect(graphSchema.safeParse({ nodes: [{ type: "company" }], edges: [] }).success).toBe(false);
  });
});

describe("ownership shapes", () => {
  it("parses the retrieval UBO shape (details with percentageValue)", () => {
    const ubo = uboSchema.parse(fullResponse.ultimateBeneficialOwners[0]);
    expect(ubo.control?.details?.[0]?.percentageValue).toBe(60);
    expect(ubo.control?.types).toEqual(["ownership-of-shares"]);
  });

  it("parses the onboarding UBO shape (percentageDetails with a range)", () => {
    const ubo = uboSchema.parse({
      name: { fullName: "Jan Peeters" },
      control: {
        controlType: "ownership-of-shares",
        description: "Indirect holding",
        percentageDetails: [{ type: "shares", range: { lower: 50, upper: 75 } }],
        additionalDetails: "Via HOLDCO SA",
      },
    });
    expect(ubo.control?.percentageDetails?.[0]?.range).toEqual({ lower: 50, upper: 75 });
    expect(ubo.control?.controlType).toBe("ownership-of-shares");
  });

  it("parses both person identifier shapes and lists them the same way", () => {
    const flat = personSchema.parse({ identifiers: { codiceFiscale: "RSSMRA80A01H501U" } });
    const list = personSchema.parse({ identifiers: [{ type: "codiceFiscale", value: "RSSMRA80A01H501U" }] });
    expect(personIdentifierEntries(flat.identifiers)).toEqual([{ type: "codiceFiscale", value: "RSSMRA80A01H501U" }]);
    expect(personIdentifierEntries(list.identifiers)).toEqual(personIdentifierEntries(flat.identifiers));
    expect(personIdentifierEntries(undefined)).toEqual([]);
    expect(personSchema.safeParse({ identifiers: "RSSMRA80A01H501U" }).success).toBe(false);
  });

  it("parses a subsidiary with only a range, and one with neither range nor percentage", () => {
    const ranged = subsidiarySchema.parse({
      company: { legalName: "SUB" },
      sharePercentageRange: { lower: 25, upper: 50, lowerInclusive: false, upperInclusive: true },
    });
    expect(ranged.sharePercentage).toBeUndefined();
    expect(ranged.sharePercentageRange).toEqual({ lower: 25, upper: 50, lowerInclusive: false, upperInclusive: true });
    expect(subsidiarySchema.parse({ company: { legalName: "SUB" } })).toEqual({ company: { legalName: "SUB" } });
  });
});

describe("full company response", () => {
  it("parses the hand-written fixture with every section", () => {
    const parsed = companyResponseSchema.parse(fullResponse);
    expect(parsed.request.version).toBe(3);
    expect(parsed.company?.activities?.NAF_2025?.[0]?.code).toBe("62.10A");
    expect(parsed.documents?.financialStatements?.[0]?.extractedFinancialData?.analysis?.ratios?.currentRatio).toBe(1.8);
    expect(parsed.graph?.metadata?.stoppedReason).toBe("budget_exhausted");
  });

  it("recognises the datapoint failure shape", () => {
    const statuses = companyResponseSchema.parse(fullResponse).request.dataStatus?.dataPoints ?? {};
    const failed = Object.entries(statuses).filter(([, entry]) => isDatapointFailure(entry));
    expect(failed.map(([name]) => name)).toEqual(["ultimateBeneficialOwners"]);
    expect(isDatapointFailure({ status: "failed" })).toBe(false); // no error object: not the documented shape
  });

  it("requires the request record's requestId", () => {
    expect(companyResponseSchema.safeParse({ request: { countryCode: "FR" } }).success).toBe(false);
  });

  it("parses as a company.updated webhook, and a broken one reports its own field", () => {
    const event = webhookEventSchema.parse({ ...fullResponse, type: "company.updated" });
    expect(event.type).toBe("company.updated");
    const broken = webhookEventSchema.safeParse({ type: "company.updated", request: { version: 1 } });
    expect(broken.success).toBe(false);
    expect(broken.error?.issues[0]?.path).toEqual(["request", "requestId"]);
  });
});

describe("webhooks", () => {
  const notification = {
    type: "monitor.notification",
    monitorId: "mon_1",
    companyId: "932884117",
    countryCode: "FR",
    timestamp: "2026-03-20T02:00:00Z",
    changeCategories: ["status", "address"],
    monitorHasBeenDeactivated: false,
    metadata: { caseRef: "CASE-7" },
  };

  it("parses a monitor notification", () => {
    expect(monitorNotificationEventSchema.parse(notification)).toEqual(notification);
    expect(webhookEventSchema.parse(notification)).toEqual(notification);
  });

  it("keeps an unknown event type as a loose object", () => {
    const billing = { type: "billing.high_usage", kind: "high_usage", identifier: "warning" };
    expect(webhookEventSchema.parse(billing)).toEqual(billing);
    expect(webhookEventSchema.safeParse({ kind: "x" }).success).toBe(false);
  });
});

describe("service records", () => {
  it("parses the error body, with and without details", () => {
    const body = {
      statusCode: 400,
      error: { code: "invalid_request", message: "Query is too short.", details: ["Query must be at least 2 characters"] },
    };
    expect(errorBodySchema.parse(body)).toEqual(body);
    expect(errorBodySchema.safeParse({ statusCode: 402, error: { code: "insufficient_funds", message: "Balance too low." } }).success).toBe(
      true,
    );
    expect(errorBodySchema.safeParse({ message: "Internal Server Error" }).success).toBe(false);
  });

  it("parses SSE payloads, and a lenient error event", () => {
    expect(searchSseEventSchemas.progress.parse({ results: [] })).toEqual({ results: [] });
    expect(searchSseEventSchemas.error.safeParse({}).success).toBe(true);
    expect(searchSseEventSchemas.error.safeParse({ error: { code: "service_unavailable", message: "later" } }).success).toBe(true);
    expect(searchSseEventSchemas.complete.safeParse({ results: [{ id: "1" }] }).success).toBe(false);
  });

  it("parses a billing event with a null workspace", () => {
    const event = {
      id: "e8f4c2a1-3b7d-4e9f-8a1c-6b5d3e2a9f01",
      kind: "auto_topup",
      identifier: "succeeded",
      accountId: "acc_1",
      workspaceId: null,
      dedupKey: "auto_topup:succeeded:acc_1:2026-04-22",
      firedAt: "2026-04-22T08:12:34.567Z",
      payload: { amountCents: 10000 },
      emailSent: true,
      webhookSent: false,
    };
    expect(billingEventSchema.parse(event)).toEqual(event);
  });

  it("parses a recursive vault source descriptor", () => {
    const source = {
      key: "de-handelsregister",
      format: "email_password",
      fields: [
        { name: "email", type: "string", required: true, secret: false },
        {
          name: "accounts",
          type: "list",
          required: false,
          secret: false,
          item: { fields: [{ name: "password", type: "string", required: true, secret: true }] },
        },
      ],
    };
    expect(vaultSourceSchema.parse(source)).toEqual(source);
    expect(
      vaultSourceSchema.safeParse({ ...source, fields: [{ name: "x", type: "list", item: { fields: [{ type: "string" }] } }] }).success,
    ).toBe(false);
  });

  it("reads the catalog as an array or as an object", () => {
    const asArray = catalogResponseSchema.parse([{ countryCode: "US-DE", developmentStatus: "beta" }]);
    const asObject = catalogResponseSchema.parse({ countries: { AG: { name: "Antigua and Barbuda", developmentStatus: "beta" } } });
    expect(catalogCountries(asArray)).toEqual([{ countryCode: "US-DE", developmentStatus: "beta" }]);
    expect(catalogCountries(asObject)).toEqual([{ countryCode: "AG", name: "Antigua and Barbuda", developmentStatus: "beta" }]);
  });
});
