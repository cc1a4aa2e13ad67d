/**
 * A company response the size of the simulator's `LARGE` special id: 500 people (legal
 * representatives, UBOs, shareholders, other key persons) and a 2,000-node ownership graph.
 * Built here so the validation figure exists before the simulator does; same shapes as the spec.
 */
export function largeCompanyResponse(people = 500, nodes = 2000): unknown {
  const person = (i: number) => ({
    name: { fullName: `Person ${i} Müller-Łukasiewicz` },
    birthDate: { day: (i % 28) + 1, month: (i % 12) + 1, year: 1950 + (i % 50) },
    nationality: "DE",
    residenceAddress: { addressLine1: `Straße ${i}`, city: "Berlin", postalCode: "10115", countryCode: "DE" },
    identifiers: { taxId: `DE${100000000 + i}` },
  });
  const quarter = Math.floor(people / 4);
  const range = (n: number, offset: number) => Array.from({ length: n }, (_, i) => i + offset);
  return {
    request: {
      requestId: "req_large",
      companyId: "LARGE",
      countryCode: "DE",
      version: 12,
      dataPoints: ["company", "legalRepresentatives", "ultimateBeneficialOwners", "shareholders", "otherKeyPersons", "graph"],
      documents: [],
      dataStatus: { dataPoints: { company: { status: "succeeded" }, graph: { status: "succeeded" } }, documents: {} },
      metadata: { caseReference: "bench" },
    },
    company: {
      id: "LARGE",
      countryCode: "DE",
      legalName: "Large Holding GmbH",
      legalAddress: { city: "Berlin", countryCode: "DE" },
      status: { active: true, statusDetails: { status: "ACTIVE" } },
    },
    legalRepresentatives: range(quarter, 0).map((i) => ({
      type: "individual",
      entityId: `p${i}`,
      role: {
        standardized: "Managing Director",
        localName: "Geschäftsführer",
        englishTranslation: "Managing director",
        iso5009Code: "MD01",
      },
      startDate: "2020-01-01",
      individual: person(i),
      representationMode: { mode: "sole" },
      signingAuthority: {
        verdict: "sole_within_limits",
        rules: [
          {
            scope: "all",
            mode: "sole",
            amountLimit: { amount: 50000, currency: "EUR", comparator: "up_to" },
            coSigners: { minimum: 1, named: [], roles: ["Prokurist"] },
          },
        ],
        confidence: "high",
        derivedFrom: "ai",
      },
    })),
    ultimateBeneficialOwners: range(quarter, quarter).map((i) => ({
      ...person(i),
      entityId: `p${i}`,
      control: { types: ["ownership-of-shares"], details: [{ type: "shares", percentageValue: 25 + (i % 50), nature: "direct" }] },
    })),
    shareholders: range(quarter, 2 * quarter).map((i) => ({
      type: "individual",
      entityId: `p${i}`,
      individual: person(i),
      sharePercentage: 0.5,
      numberOfShares: 100 + i,
      nominalCapitalHeld: { amount: 1000, currency: "EUR", formatted: "€1,000" },
    })),
    otherKeyPersons: range(people - 3 * quarter, 3 * quarter).map((i) => ({
      type: "individual",
      entityId: `p${i}`,
      role: { standardized: "Board Member" },
      individual: person(i),
      corporateBody: "supervisoryBoard",
    })),
    graph: {
      nodes: Array.from({ length: nodes }, (_, i) => ({
        nodeId: `n${i}`,
        type: i % 3 === 0 ? "individual" : "company",
        ...(i % 3 === 0
          ? { individual: { name: `Owner ${i}`, nationality: "DE" } }
          : { company: { id: `HRB ${i}`, legalName: `Company ${i} GmbH`, countryCode: "DE" } }),
        totalOwnershipPercentage: (i * 7) % 100,
        flags: { isRoot: i === 0, isUbo: i % 11 === 0, status: i % 17 === 0 ? "budget_truncated" : "found" },
        ...(i % 17 === 0 && { continuation: { reason: "budget", estimatedCost: 3, depth: 4, accumulatedOwnership: 12.5 } }),
      })),
      edges: Array.from({ length: Math.round(nodes * 1.3) }, (_, i) => ({
        id: `e${i}`,
        fromId: `n${(i % (nodes - 1)) + 1}`,
        toId: `n${Math.floor((i % (nodes - 1)) / 2)}`,
        percentage: i % 4 === 0 ? undefined : 10,
      })),
      metadata: { stoppedReason: "budget_exhausted", amountSpent: 120, companiesFetched: 1300, companiesSkipped: 40 },
      description: "Ownership of Large Holding GmbH",
    },
  };
}
