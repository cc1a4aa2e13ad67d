import { describe, expect, it } from "vitest";
import { comparableSections, diffSnapshots, listItemKey } from "./snapshot-diff";

const person = (fullName: string, year: number) => ({ name: { fullName }, birthDate: { day: 1, month: 2, year }, nationality: "DE" });

/** A snapshot as the registry sends it: shareholders with `entityId`, UBOs without (matched by name and birth date). */
function snapshot() {
  return {
    request: { requestId: "req_1", version: 4, metadata: { caseReference: "C-1" } },
    company: {
      id: "HRB 1",
      legalName: "Acme GmbH",
      legalAddress: { addressLine1: "Hauptstraße 1", city: "Berlin", postalCode: "10115" },
      complianceFlags: { insolvency: { active: false, observedAt: "2026-01-01T06:00:00Z" } },
    },
    shareholders: [
      { type: "individual", entityId: "sh1", individual: person("Anna Schmidt", 1970), sharePercentage: 50 },
      { type: "individual", entityId: "sh2", individual: person("Bernd Weber", 1980), sharePercentage: 30 },
      { type: "company", entityId: "sh3", company: { id: "HRB 9", legalName: "Holding AG" }, sharePercentage: 20 },
    ] as Record<string, unknown>[],
    ultimateBeneficialOwners: [person("Anna Schmidt", 1970), person("Carla Roth", 1965), person("Dieter Roth", 1960)],
    legalRepresentatives: [{ entityId: "lr1", individual: person("Anna Schmidt", 1970), role: { localName: "Geschäftsführerin" } }],
    graph: {
      nodes: [{ nodeId: "n1", type: "company", continuation: { estimatedCost: 5 } }],
      edges: [],
      metadata: { amountSpent: 12 },
      mermaidDiagram: "graph TD; n1",
    },
    documents: { tradeRegisterExtract: { id: "d1", url: "https://files.example/d1?sig=a" } },
  };
}

const allSections = ["company", "shareholders", "ultimateBeneficialOwners", "legalRepresentatives", "graph", "documents"];

describe("diffSnapshots", () => {
  it("shows a changed address as exactly that field, old → new", () => {
    const after = snapshot();
    after.company.legalAddress.addressLine1 = "Marktplatz 5";
    expect(diffSnapshots(snapshot(), after, allSections)).toEqual([
      { section: "company", kind: "changed", path: ["legalAddress", "addressLine1"], before: "Hauptstraße 1", after: "Marktplatz 5" },
    ]);
  });

  it("does not show moved list items as changes", () => {
    const after = snapshot();
    after.shareholders.reverse();
    after.ultimateBeneficialOwners.reverse();
    expect(diffSnapshots(snapshot(), after, allSections)).toEqual([]);
  });

  it("matches people by entityId: a corrected name is a change of that person, not a removal and an addition", () => {
    const after = snapshot();
    after.shareholders = [
      after.shareholders[2]!,
      after.shareholders[0]!,
      { ...after.shareholders[1]!, individual: person("Bernd Weber-Kühn", 1980) },
    ];
    expect(diffSnapshots(snapshot(), after, ["shareholders"])).toEqual([
      {
        section: "shareholders",
        kind: "changed",
        path: ["Bernd Weber-Kühn", "individual", "name", "fullName"],
        listItems: [0],
        before: "Bernd Weber",
        after: "Bernd Weber-Kühn",
      },
    ]);
  });

  it("falls back to name and birth date where there is no entityId", () => {
    const after = snapshot();
    const carla = { ...person("Carla Roth", 1965), nationality: "AT" };
    after.ultimateBeneficialOwners = [person("Dieter Roth", 1960), carla, person("Anna Schmidt", 1970)];
    expect(diffSnapshots(snapshot(), after, ["ultimateBeneficialOwners"])).toEqual([
      {
        section: "ultimateBeneficialOwners",
        kind: "changed",
        path: ["Carla Roth", "nationality"],
        listItems: [0],
        before: "DE",
        after: "AT",
      },
    ]);
  });

  it("tells apart two people of the same name by their birth date", () => {
    const after = snapshot();
    after.ultimateBeneficialOwners[1] = person("Carla Roth", 1990);
    const changes = diffSnapshots(snapshot(), after, ["ultimateBeneficialOwners"]);
    expect(changes.map((c) => [c.kind, c.path])).toEqual(
      expect.arrayContaining([
        ["added", ["Carla Roth"]],
        ["removed", ["Carla Roth"]],
      ]),
    );
    expect(changes).toHaveLength(2);
  });

  it("lists added and removed people with their whole record", () => {
    const after = snapshot();
    const newcomer = { type: "individual", entityId: "sh4", individual: person("Emil Berg", 1990), sharePercentage: 10 };
    after.shareholders = [after.shareholders[0]!, after.shareholders[2]!, newcomer];
    const changes = diffSnapshots(snapshot(), after, ["shareholders"]);
    expect(changes).toHaveLength(2);
    expect(changes).toContainEqual({ section: "shareholders", kind: "added", path: ["Emil Berg"], listItems: [0], after: newcomer });
    expect(changes).toContainEqual({
      section: "shareholders",
      kind: "removed",
      path: ["Bernd Weber"],
      listItems: [0],
      before: snapshot().shareholders[1],
    });
  });

  it("shows a moved item that also changed as its change alone", () => {
    const after = snapshot();
    after.shareholders = [{ ...after.shareholders[2]!, sharePercentage: 25 }, after.shareholders[0]!, after.shareholders[1]!];
    expect(diffSnapshots(snapshot(), after, ["shareholders"])).toEqual([
      {
        section: "shareholders",
        kind: "changed",
        path: ["HRB 9 Holding AG", "sharePercentage"],
        listItems: [0],
        before: 20,
        after: 25,
      },
    ]);
  });

  it("ignores the volatile fields: request record, signed URLs, observation times, graph spend and costs, the drawn diagram", () => {
    const after = snapshot();
    after.request = { requestId: "req_2", version: 9, metadata: { caseReference: "C-2" } };
    after.documents.tradeRegisterExtract.url = "https://files.example/d1?sig=b";
    after.company.complianceFlags.insolvency.observedAt = "2026-02-01T06:00:00Z";
    after.graph.metadata.amountSpent = 0;
    after.graph.nodes[0]!.continuation.estimatedCost = 0;
    after.graph.mermaidDiagram = "graph TD; n1;";
    expect(diffSnapshots(snapshot(), after, allSections)).toEqual([]);
  });

  it("compares only the sections it is given", () => {
    const after = snapshot();
    after.company.legalName = "Acme SE";
    after.shareholders.pop();
    expect(diffSnapshots(snapshot(), after, ["shareholders"]).map((c) => c.section)).toEqual(["shareholders"]);
    expect(diffSnapshots(snapshot(), after, ["legalRepresentatives"])).toEqual([]);
  });

  it("marks which places of a path are list items, down nested lists", () => {
    const before = { graph: { nodes: [{ nodeId: "n1", flags: { isUbo: false } }], edges: [] } };
    const after = { graph: { nodes: [{ nodeId: "n1", flags: { isUbo: true } }], edges: [] } };
    expect(diffSnapshots(before, after, ["graph"])).toEqual([
      { section: "graph", kind: "changed", path: ["nodes", "n1", "flags", "isUbo"], listItems: [1], before: false, after: true },
    ]);
  });

  it("shows a section the earlier snapshot lacks as added whole, and one the new snapshot lacks as removed", () => {
    const before: Record<string, unknown> = snapshot();
    delete before.graph;
    const after: Record<string, unknown> = snapshot();
    delete after.legalRepresentatives;
    const changes = diffSnapshots(before, after, ["graph", "legalRepresentatives"]);
    expect(changes.map((c) => [c.section, c.kind, c.path])).toEqual([
      ["graph", "added", []],
      ["legalRepresentatives", "removed", []],
    ]);
  });
});

describe("listItemKey", () => {
  it("prefers entityId, then the name and birth date, then the content", () => {
    expect(listItemKey({ entityId: "p1", individual: person("A", 1970) })).toBe("entityId:p1");
    expect(listItemKey({ individual: person("Anna  Schmidt ", 1970) })).toBe(listItemKey(person("anna  schmidt", 1970)));
    expect(listItemKey({ code: "62.01" })).toBe('content:{"code":"62.01"}');
  });
});

describe("comparableSections", () => {
  it("compares what both snapshots hold, and names what only one holds (not ordered there)", () => {
    const before = { company: {}, shareholders: [] };
    const after = { company: {}, graph: { nodes: [], edges: [] }, legalRepresentatives: null };
    expect(comparableSections(before, after, ["company", "shareholders", "graph", "legalRepresentatives"])).toEqual({
      compared: ["company"],
      onlyBefore: ["shareholders"],
      onlyAfter: ["graph"],
    });
  });
});
