import { nodeLabel } from "../../lib/registry/graph-mermaid.shared";
import { describe, expect, it } from "vitest";
import { registryCountries } from "../../lib/registry/countries.shared";
import { graphSchema, type Graph } from "../../lib/registry/schemas.shared";
import { accumulateOwnership } from "./accumulation";
import { generateOwnershipGraph } from "./graph";
import { identifierFormats } from "./identifiers";
import { createRng } from "./random";

type Edge = Graph["edges"][number] & { cycle?: boolean };

function isAcyclic(nodeIds: string[], edges: Edge[]): boolean {
  const indegree = new Map(nodeIds.map((id) => [id, 0]));
  for (const e of edges) indegree.set(e.toId, (indegree.get(e.toId) ?? 0) + 1);
  const queue = nodeIds.filter((id) => indegree.get(id) === 0);
  let seen = 0;
  while (queue.length) {
    const id = queue.pop() as string;
    seen++;
    for (const e of edges.filter((x) => x.fromId === id)) {
      indegree.set(e.toId, (indegree.get(e.toId) ?? 0) - 1);
      if (indegree.get(e.toId) === 0) queue.push(e.toId);
    }
  }
  return seen === nodeIds.length;
}

/** Parses the Mermaid text back into node labels and edges (by node id). */
function parseMermaid(graph: Graph) {
  const lines = (graph.mermaidDiagram ?? "").split("\n");
  const declared = new Map<number, string>();
  const edges: [string, string, string | undefined][] = [];
  for (const line of lines) {
    const node = /^\s+n(\d+)(?:\["|\(\[")(.*?)(?:"\]|"\]\))$/.exec(line);
    if (node) declared.set(Number(node[1]), node[2] as string);
    const edge = /^\s+n(\d+) -\.?->(?:\|"([^"]*)"\|)? n(\d+)$/.exec(line) ?? /^\s+n(\d+) -->(?:\|"([^"]*)"\|)? n(\d+)$/.exec(line);
    if (edge) edges.push([graph.nodes[Number(edge[1])]?.nodeId ?? "?", graph.nodes[Number(edge[3])]?.nodeId ?? "?", edge[2]]);
  }
  return { declared, edges, header: lines[0] };
}

const sampleIds = (country: (typeof registryCountries)[number], count: number) => {
  const rng = createRng("graph-sample", country);
  return Array.from({ length: count }, () => identifierFormats[country].generate(rng));
};

describe("ownership graph", () => {
  it("accumulates ownership by hand on a small structure (multiply down paths, sum across paths)", () => {
    const edges = [
      { fromId: "H1", toId: "R", percentage: 60 },
      { fromId: "H2", toId: "R", percentage: 40 },
      { fromId: "P", toId: "H1", percentage: 30 },
      { fromId: "P", toId: "H2", percentage: 40 },
      { fromId: "Q", toId: "H1", percentage: 70 },
      { fromId: "X", toId: "H2" },
      { fromId: "R", toId: "H1", percentage: 15, cycle: true },
    ];
    const totals = accumulateOwnership("R", edges);
    expect(totals.get("P")?.total).toBeCloseTo(0.3 * 60 + 0.4 * 40, 6);
    expect(totals.get("Q")?.total).toBeCloseTo(42, 6);
    expect(totals.get("Q")?.dominates).toBe(true);
    expect(totals.get("X")?.total).toBe(0);
    expect(totals.get("R")?.total).toBe(100);
  });

  it("OWNERSHIP_DIAMOND: several owners, an owner reached through two paths, a UBO only by accumulation", () => {
    const graph = generateOwnershipGraph("FR", "OWNERSHIP_DIAMOND");
    const root = graph.nodes.find((n) => n.flags?.isRoot);
    expect(graph.edges.filter((e) => e.toId === root?.nodeId).length).toBe(2);
    const multiPath = graph.nodes.filter((n) => graph.edges.filter((e) => e.fromId === n.nodeId).length > 1);
    expect(multiPath.map((n) => n.type).sort()).toEqual(["company", "individual"]);
    const accumulated = graph.nodes.find((n) => n.type === "individual" && n.totalOwnershipPercentage === 34);
    expect(accumulated?.flags?.isUbo).toBe(true);
    expect(accumulated?.flags?.uboCalculationMethod).toEqual(["accumulation"]);
    const directEdges = graph.edges.filter((e) => e.fromId === accumulated?.nodeId).map((e) => e.percentage);
    expect(directEdges.every((p) => (p ?? 0) <= 40)).toBe(true);
    const ubos = graph.nodes
      .filter((n) => n.flags?.isUbo)
      .map((n) => n.totalOwnershipPercentage)
      .sort();
    expect(ubos).toEqual([34, 50]);
    expect(
      graph.nodes
        .filter((n) => n.type === "individual" && !n.flags?.isUbo)
        .map((n) => n.totalOwnershipPercentage)
        .sort(),
    ).toEqual([12, 4]);
    expect(
      isAcyclic(
        graph.nodes.map((n) => n.nodeId),
        graph.edges,
      ),
    ).toBe(true);
  });

  it("OWNERSHIP_CYCLE: exactly one cycle, marked, and the cycle edge is listed", () => {
    const graph = generateOwnershipGraph("DE", "OWNERSHIP_CYCLE");
    const edges = graph.edges as Edge[];
    const cycleEdges = edges.filter((e) => e.cycle);
    expect(cycleEdges).toHaveLength(1);
    const ids = graph.nodes.map((n) => n.nodeId);
    expect(isAcyclic(ids, edges)).toBe(false);
    expect(
      isAcyclic(
        ids,
        edges.filter((e) => !e.cycle),
      ),
    ).toBe(true);
    const [cycle] = cycleEdges;
    expect(edges.some((e) => e.fromId === cycle?.toId && e.toId === cycle?.fromId)).toBe(true);
    expect(graph.nodes.find((n) => n.nodeId === cycle?.fromId)?.flags?.isRoot).toBe(true);
    expect(
      graph.nodes
        .filter((n) => n.flags?.isUbo)
        .map((n) => n.totalOwnershipPercentage)
        .sort(),
    ).toEqual([30, 42]);
  });

  it("random graphs are DAGs with several owners and at most one marked cycle; individuals are leaves", () => {
    let multiPath = 0;
    for (const country of registryCountries) {
      for (const id of sampleIds(country, 6)) {
        const graph = graphSchema.parse(generateOwnershipGraph(country, id));
        const edges = graph.edges as Edge[];
        expect(edges.filter((e) => e.cycle).length).toBeLessThanOrEqual(1);
        expect(
          isAcyclic(
            graph.nodes.map((n) => n.nodeId),
            edges.filter((e) => !e.cycle),
          ),
        ).toBe(true);
        for (const person of graph.nodes.filter((n) => n.type === "individual"))
          expect(edges.some((e) => e.toId === person.nodeId)).toBe(false);
        if (graph.nodes.some((n) => edges.filter((e) => e.fromId === n.nodeId && !e.cycle).length > 1)) multiPath++;
        const root = graph.nodes.find((n) => n.flags?.isRoot);
        if (graph.nodes.length > 3) expect(edges.filter((e) => e.toId === root?.nodeId).length).toBeGreaterThan(1);
      }
    }
    expect(multiPath).toBeGreaterThan(40);
  });

  it("leaves some edges without a percentage (none invented)", () => {
    const all = registryCountries.flatMap((c) => sampleIds(c, 4).flatMap((id) => generateOwnershipGraph(c, id).edges));
    expect(all.some((e) => e.percentage === undefined)).toBe(true);
    expect(all.some((e) => e.percentage !== undefined)).toBe(true);
  });

  it("mermaidDiagram has exactly the nodes and edges of the graph", () => {
    for (const [country, id] of [
      ["FR", "OWNERSHIP_DIAMOND"],
      ["DE", "OWNERSHIP_CYCLE"],
      ["GB", sampleIds("GB", 1)[0]],
      ["CN", sampleIds("CN", 1)[0]],
      ["IT", "OWNERSHIP_DEEP"],
    ] as const) {
      const graph = generateOwnershipGraph(country, id ?? "x", { budgetCredits: 6 });
      const parsed = parseMermaid(graph);
      expect(parsed.header).toBe("graph TD");
      expect(parsed.declared.size).toBe(graph.nodes.length);
      graph.nodes.forEach((node, i) => expect(parsed.declared.get(i)).toContain(nodeLabel(node).replace(/"/g, "#quot;")));
      const expected = graph.edges.map((e) => `${e.fromId}>${e.toId}`).sort();
      expect(parsed.edges.map(([from, to]) => `${from}>${to}`).sort()).toEqual(expected);
      for (const [from, to, label] of parsed.edges) {
        const edge = graph.edges.find((e) => e.fromId === from && e.toId === to);
        if (edge?.percentage !== undefined) expect(label).toContain(`${edge.percentage}%`);
      }
    }
  });

  it("stops for budget with deduplicated continuation costs", () => {
    const graph = generateOwnershipGraph("FR", "OWNERSHIP_DEEP", { budgetCredits: 3 });
    expect(graph.metadata?.stoppedReason).toBe("budget_exhausted");
    expect(graph.metadata?.amountSpent).toBe(3);
    const truncated = graph.nodes.filter((n) => n.flags?.status === "budget_truncated");
    expect(truncated.length).toBeGreaterThan(0);
    for (const node of truncated) {
      expect(node.continuation?.reason).toBe("budget");
      expect(node.continuation?.estimatedCost).toBeGreaterThan(0);
      expect(node.continuation?.depth).toBeGreaterThan(0);
      expect(node.continuation?.accumulatedOwnership).toBeGreaterThan(0);
    }
    const paid = generateOwnershipGraph("FR", "OWNERSHIP_DEEP", { budgetCredits: 3, alreadyFetched: truncated.map((n) => n.nodeId) });
    expect(paid.nodes.find((n) => n.nodeId === truncated[0]?.nodeId)?.flags?.status).toBe("found");
    expect(graph.metadata?.companiesSkipped).toBe(truncated.length);
  });

  it("interactive mode goes one level at a time and continues from chosen nodes", () => {
    const first = generateOwnershipGraph("FR", "OWNERSHIP_DIAMOND", { interactive: true });
    const root = first.nodes.find((n) => n.flags?.isRoot);
    expect(first.nodes.every((n) => n.flags?.isRoot || first.edges.some((e) => e.fromId === n.nodeId && e.toId === root?.nodeId))).toBe(
      true,
    );
    const pending = first.nodes.filter((n) => n.flags?.status === "budget_truncated");
    expect(pending.length).toBe(2);
    const next = generateOwnershipGraph("FR", "OWNERSHIP_DIAMOND", { interactive: true, continueFrom: [pending[0]?.nodeId ?? ""] });
    expect(next.nodes.length).toBeGreaterThan(first.nodes.length);
    expect(next.nodes.find((n) => n.nodeId === pending[0]?.nodeId)?.flags?.status).toBe("found");
    expect(next.metadata?.interactive).toBe(true);
    expect(next.metadata?.amountSpent).toBe(1);
  });

  it("respects maxNodes", () => {
    const graph = generateOwnershipGraph("GB", "LARGE", { maxNodes: 50 });
    expect(graph.nodes.length).toBeLessThanOrEqual(50);
    expect(graph.metadata?.stoppedReason).toBe("max_nodes_reached");
  });

  it("is deterministic", () => {
    expect(generateOwnershipGraph("ES", "B12345674")).toEqual(generateOwnershipGraph("ES", "B12345674"));
  });
});
