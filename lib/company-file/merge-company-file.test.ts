import { describe, expect, it } from "vitest";
import type { NodeMarks } from "@/lib/graph/ownership-graph.shared";
import type { CompanyResponse, Graph, GraphEdge, GraphNode } from "@/lib/registry/schemas.shared";
import { emptyCompanyFile, mergeIntoCompanyFile, type CompanyFileState, type Contribution } from "./merge-company-file";

const company = (nodeId: string, status = "found", extra: Partial<GraphNode> = {}): GraphNode => ({
  nodeId,
  type: "company",
  company: { id: nodeId.toUpperCase(), countryCode: "GB", legalName: `${nodeId.toUpperCase()} Ltd` },
  flags: { status },
  ...(status === "budget_truncated" ? { continuation: { reason: "budget", estimatedCost: 2 } } : {}),
  ...extra,
});
const root = () => company("root", "found", { flags: { isRoot: true, status: "found" } });
const person = (nodeId: string): GraphNode => ({
  nodeId,
  type: "individual",
  individual: { name: `Person ${nodeId}` },
  flags: { status: "found" },
});
const owns = (fromId: string, toId: string, percentage?: number): GraphEdge => ({
  id: `${fromId}-${toId}`,
  fromId,
  toId,
  ...(percentage !== undefined ? { percentage } : {}),
});
const graph = (nodes: GraphNode[], edges: GraphEdge[], amountSpent: number): Graph => ({
  nodes,
  edges,
  metadata: { stoppedReason: "completed", amountSpent, companiesFetched: amountSpent / 2, interactive: true },
});

function contribution(requestId: string, asOf: string, part: Graph, version = 1): Contribution {
  return {
    requestId,
    version,
    createdAt: asOf,
    succeededAt: { graph: asOf },
    firstOrder: false,
    snapshot: {
      request: { requestId, version, countryCode: "GB", companyId: "ROOT", dataStatus: { dataPoints: { graph: { status: "succeeded" } } } },
      graph: part,
    } as CompanyResponse,
  };
}

const mergeAll = (contributions: Contribution[], file: CompanyFileState = emptyCompanyFile) =>
  contributions.reduce((current, c) => mergeIntoCompanyFile(current, c).file, file);

// The first order: the root's owners x and s, both left unexpanded (budget).
const first = contribution(
  "req_first",
  "2026-03-01T10:00:00.000Z",
  graph([root(), company("x", "budget_truncated"), company("s", "budget_truncated")], [owns("x", "root", 60), owns("s", "root", 40)], 2),
);
// Expanding x: its owners a (a person) and b (a company, left unexpanded).
const expandX = contribution(
  "req_expand_x",
  "2026-03-02T10:00:00.000Z",
  graph(
    [root(), company("x"), company("s", "budget_truncated"), person("a"), company("b", "budget_truncated")],
    [owns("x", "root", 60), owns("s", "root", 40), owns("a", "x", 70), owns("b", "x", 30)],
    2,
  ),
);
// Expanding b (through x): its owner e.
const expandB = contribution(
  "req_expand_b",
  "2026-03-03T10:00:00.000Z",
  graph(
    [root(), company("x"), company("s", "budget_truncated"), person("a"), company("b"), person("e")],
    [owns("x", "root", 60), owns("s", "root", 40), owns("a", "x", 70), owns("b", "x", 30), owns("e", "b", 100)],
    2,
  ),
);
// Expanding s: its owner c.
const expandS = contribution(
  "req_expand_s",
  "2026-03-04T10:00:00.000Z",
  graph(
    [root(), company("x", "budget_truncated"), company("s"), person("c")],
    [owns("x", "root", 60), owns("s", "root", 40), owns("c", "s", 100)],
    2,
  ),
);
// Refreshing x's branch: b has left, d has come, a now holds 80 %. s is not continued (truncated in this purchase).
const refreshX = contribution(
  "req_refresh_x",
  "2026-03-10T10:00:00.000Z",
  graph(
    [root(), company("x"), company("s", "budget_truncated"), person("a"), person("d")],
    [owns("x", "root", 60), owns("s", "root", 40), owns("a", "x", 80), owns("d", "x", 20)],
    2,
  ),
);

type Marked = GraphNode & NodeMarks;
const nodeOf = (file: CompanyFileState, id: string) => file.graph?.nodes.find((n) => n.nodeId === id) as Marked | undefined;
const edgesOf = (file: CompanyFileState) =>
  (file.graph?.edges ?? []).map((e) => `${e.fromId}>${e.toId}${e.percentage !== undefined ? `:${e.percentage}` : ""}`).sort();
const ownersOf = (file: CompanyFileState, id: string) =>
  (file.graph?.edges ?? [])
    .filter((e) => e.toId === id)
    .map((e) => e.fromId)
    .sort();

describe("the merged ownership graph: refreshing a branch", () => {
  const beforeRefresh = mergeAll([first, expandX, expandB, expandS]);
  const refreshed = mergeIntoCompanyFile(beforeRefresh, refreshX).file;

  it("before the refresh: the union of the purchases, each expanded company marked with the purchase that listed its owners", () => {
    expect(ownersOf(beforeRefresh, "x")).toEqual(["a", "b"]);
    expect(ownersOf(beforeRefresh, "b")).toEqual(["e"]);
    expect(ownersOf(beforeRefresh, "s")).toEqual(["c"]);
    expect(nodeOf(beforeRefresh, "x")).toMatchObject({ expandedByRequestId: "req_expand_x", ownersByRequestId: "req_expand_b" });
    expect(nodeOf(beforeRefresh, "s")).toMatchObject({ expandedByRequestId: "req_expand_s", ownersByRequestId: "req_expand_s" });
  });

  it("replaces the refreshed company's owners: an owner who left is gone, with what only it linked to the root", () => {
    expect(ownersOf(refreshed, "x")).toEqual(["a", "d"]);
    expect(refreshed.graph!.edges.find((e) => e.fromId === "a" && e.toId === "x")?.percentage).toBe(80);
    expect(nodeOf(refreshed, "b")).toBeUndefined();
    expect(nodeOf(refreshed, "e")).toBeUndefined(); // b's own owner, reached only through b
    expect(refreshed.graph!.edges.some((e) => e.fromId === "b" || e.toId === "b" || e.fromId === "e")).toBe(false);
    expect(refreshed.graph!.mermaidDiagram).not.toContain("B Ltd");
  });

  it("marks the refreshed company with the refresh's time and request, keeping when it was first expanded", () => {
    expect(nodeOf(refreshed, "x")).toMatchObject({
      flags: { status: "found" },
      expandedAt: expandX.succeededAt.graph,
      expandedByRequestId: "req_expand_x",
      ownersAsOf: refreshX.succeededAt.graph,
      ownersByRequestId: "req_refresh_x",
    });
    const part = refreshed.graphParts.find((p) => p.requestId === "req_refresh_x");
    expect(part).toMatchObject({ nodeIds: [], refreshedNodeIds: ["x"], boughtAt: refreshX.succeededAt.graph });
  });

  it("leaves other branches untouched: a company the refresh did not continue keeps its expansion, owners and marks", () => {
    expect(nodeOf(refreshed, "s")).toEqual(nodeOf(beforeRefresh, "s"));
    expect(ownersOf(refreshed, "s")).toEqual(["c"]);
    expect(nodeOf(refreshed, "c")).toBeDefined();
  });

  it("keeps spend summed over purchases and why it stopped judged on the merged nodes", () => {
    expect(refreshed.graph!.metadata).toMatchObject({ amountSpent: 10, companiesFetched: 5, stoppedReason: "completed" });
    // A purchase merged again (its request grew a version) is counted once.
    const again = mergeIntoCompanyFile(refreshed, { ...refreshX, version: 2 }).file;
    expect(again.graph!.metadata).toMatchObject({ amountSpent: 10, companiesFetched: 5 });
    expect(again.graphParts).toHaveLength(5);
  });

  it("never lets an older purchase arriving late undo the refresh: not its owners, not its marks", () => {
    // The expansion of x at a later version (its request grew), and the expansion of b, both older than the refresh.
    const late = mergeAll(
      [
        { ...expandX, version: 2 },
        { ...expandB, version: 2 },
      ],
      refreshed,
    );
    expect(ownersOf(late, "x")).toEqual(["a", "d"]);
    expect(nodeOf(late, "b")).toBeUndefined();
    expect(nodeOf(late, "e")).toBeUndefined();
    expect(nodeOf(late, "x")).toMatchObject({ ownersByRequestId: "req_refresh_x", expandedByRequestId: "req_expand_x" });
    expect(edgesOf(late)).toEqual(edgesOf(refreshed));
    expect(late.graph!.metadata?.amountSpent).toBe(10);
  });

  it("comes to the same graph whatever order the purchases arrive in", () => {
    const orders = [
      [first, expandX, expandB, expandS, refreshX],
      [refreshX, expandS, expandB, expandX, first],
      [first, refreshX, expandX, expandS, expandB],
      [expandS, first, refreshX, expandB, expandX],
    ];
    const results = orders.map((order) => mergeAll(order));
    for (const result of results) {
      expect(edgesOf(result)).toEqual(edgesOf(refreshed));
      expect(result.graph!.nodes.map((n) => n.nodeId).sort()).toEqual(refreshed.graph!.nodes.map((n) => n.nodeId).sort());
      // (Which request "opened" x is known only when its truncated copy is met first, as before the refresh existed.)
      expect(nodeOf(result, "x")).toMatchObject({ ownersAsOf: refreshX.succeededAt.graph, ownersByRequestId: "req_refresh_x" });
      expect(result.graph!.metadata?.amountSpent).toBe(10);
    }
  });

  it("a later refresh beats an earlier one, and the same refresh merged again keeps it", () => {
    const secondRefresh = contribution(
      "req_refresh_x_again",
      "2026-03-20T10:00:00.000Z",
      graph(
        [root(), company("x"), company("s", "budget_truncated"), person("d")],
        [owns("x", "root", 60), owns("s", "root", 40), owns("d", "x", 100)],
        2,
      ),
    );
    const both = mergeAll([secondRefresh, refreshX], refreshed);
    expect(ownersOf(both, "x")).toEqual(["d"]);
    expect(nodeOf(both, "a")).toBeUndefined();
    expect(nodeOf(both, "x")).toMatchObject({ ownersByRequestId: "req_refresh_x_again" });
  });
});
