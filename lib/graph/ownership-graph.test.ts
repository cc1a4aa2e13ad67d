import { describe, expect, it } from "vitest";
import type { Graph, GraphNode } from "@/lib/registry/schemas.shared";
import { positionsFrom, toElkGraph, elkFastOptions } from "./elk-layout.shared";
import {
  accumulatedPercent,
  continuationBody,
  continuationPlan,
  cycleEdges,
  edgeLabel,
  findNodes,
  layoutGraph,
  layoutInput,
  rootIds,
  mermaidEdgeCount,
  mermaidRefusal,
  nodeView,
  parsePercent,
  refreshCost,
  refreshPlan,
  selectExpandAbove,
  statusLabel,
  withMermaidClassesRenamed,
} from "./ownership-graph.shared";

const company = (nodeId: string, extra: Partial<GraphNode> = {}): GraphNode => ({
  nodeId,
  type: "company",
  company: { id: nodeId.toUpperCase(), legalName: `Company ${nodeId}`, countryCode: "DE" },
  flags: { status: "found" },
  ...extra,
});
const person = (nodeId: string, name: string): GraphNode => ({
  nodeId,
  type: "individual",
  individual: { name: { fullName: name } },
  flags: { status: "found", isUbo: true },
});
const truncated = (nodeId: string, cost: number | undefined, accumulated: number | undefined): GraphNode =>
  company(nodeId, {
    flags: { status: "budget_truncated" },
    continuation: { reason: "budget", estimatedCost: cost, depth: 2, accumulatedOwnership: accumulated },
  });

// root ← a, root ← b, a ← c, b ← c (c reached through two paths), c ← p, and a cycle root → x → root.
const graph: Graph = {
  nodes: [
    company("root", { flags: { isRoot: true, status: "found" } }),
    company("a"),
    company("b"),
    company("c"),
    person("p", "Zoë Ångström"),
    company("x"),
  ],
  edges: [
    { id: "e1", fromId: "a", toId: "root", percentage: 60 },
    { id: "e2", fromId: "b", toId: "root" },
    { id: "e3", fromId: "c", toId: "a", percentage: 50 },
    { id: "e4", fromId: "c", toId: "b", percentage: 12.5 },
    { id: "e5", fromId: "p", toId: "c", percentage: 100 },
    { id: "e6", fromId: "x", toId: "root", percentage: 10 },
    { id: "e7", fromId: "root", toId: "x", percentage: 5 },
  ],
};

describe("layoutInput", () => {
  it("has each node once, however many paths reach it, and every edge between known nodes", () => {
    const input = layoutInput({ nodes: [...graph.nodes, company("c")], edges: graph.edges });
    expect(input.nodes.map((n) => n.id)).toEqual(["root", "a", "b", "c", "p", "x"]);
    expect(input.edges.filter((e) => e.source === "c").map((e) => e.target)).toEqual(["a", "b"]);
    expect(input.edges).toHaveLength(7);
    expect(input.dropped).toEqual([]);
  });

  it("drops self-loops, duplicate edges and edges to unknown nodes, and says which", () => {
    const input = layoutInput({
      nodes: graph.nodes,
      edges: [
        ...graph.edges,
        { id: "self", fromId: "a", toId: "a" },
        { id: "dup", fromId: "a", toId: "root" },
        { id: "e1", fromId: "b", toId: "c" },
        { id: "ghost", fromId: "zz", toId: "root" },
      ],
    });
    expect(input.dropped).toEqual(["self", "dup", "e1", "ghost"]);
    expect(input.edges).toHaveLength(7);
  });

  it("marks exactly the edge closing the cycle, not the two paths to c", () => {
    expect(layoutInput(graph).cycleEdgeIds).toEqual(["e7"]);
  });

  it("posts only ids, root flags and links to the worker, with the same result", () => {
    const posted = layoutGraph(graph);
    expect(posted.nodes[0]).toEqual({ nodeId: "root", flags: { isRoot: true } });
    expect(posted.edges[1]).toEqual({ id: "e2", fromId: "b", toId: "root" });
    expect(rootIds(posted.nodes)).toEqual(["root"]);
    expect(layoutInput(posted)).toEqual(layoutInput(graph));
  });

  it("finds a cycle with no root flag, and none in a diamond", () => {
    const nodes = [{ id: "1" }, { id: "2" }, { id: "3" }];
    expect(
      cycleEdges(nodes, [
        { id: "a", source: "1", target: "2" },
        { id: "b", source: "2", target: "3" },
        { id: "c", source: "3", target: "1" },
      ]),
    ).toHaveLength(1);
    expect(
      cycleEdges(nodes, [
        { id: "a", source: "1", target: "2" },
        { id: "b", source: "1", target: "3" },
        { id: "c", source: "2", target: "3" },
      ]),
    ).toEqual([]);
  });

  it("handles a long chain without recursion limits", () => {
    const n = 20_000;
    const nodes = Array.from({ length: n }, (_, i) => ({ id: `n${i}` }));
    const edges = Array.from({ length: n - 1 }, (_, i) => ({ id: `e${i}`, source: `n${i + 1}`, target: `n${i}` }));
    expect(cycleEdges(nodes, [...edges, { id: "back", source: "n0", target: `n${n - 1}` }], ["n0"])).toEqual(["back"]);
  });

  it("becomes an ELK graph with the fast layered options, owners above what they own", () => {
    const elk = toElkGraph(layoutInput(graph));
    expect(elk.layoutOptions).toBe(elkFastOptions);
    expect(elk.layoutOptions["elk.direction"]).toBe("DOWN");
    expect(elk.layoutOptions["elk.layered.layering.strategy"]).toBe("LONGEST_PATH");
    expect(elk.edges[0]).toEqual({ id: "e1", sources: ["a"], targets: ["root"] });
    expect(
      positionsFrom({
        children: [
          { id: "a", x: 5 },
          { id: "b", x: 1, y: 2 },
        ],
      }),
    ).toEqual({ a: { x: 5, y: 0 }, b: { x: 1, y: 2 } });
  });
});

describe("edge labels", () => {
  it("show a percentage only where the register states one", () => {
    expect(edgeLabel({ percentage: 60 })).toBe("60 %");
    expect(edgeLabel({ percentage: 12.5 })).toBe("12.5 %");
    expect(edgeLabel({ percentage: 0 })).toBe("0 %");
    expect(edgeLabel({})).toBeUndefined();
    expect(edgeLabel({ percentage: undefined })).toBeUndefined();
  });
});

describe("nodeView", () => {
  it("shows a truncated node's cost, depth and accumulated ownership (a fraction, shown as a percentage)", () => {
    const view = nodeView(truncated("t", 4.5, 0.375));
    expect(view.status).toBe("budget_truncated");
    expect(view.truncated).toEqual({ reason: "budget", estimatedCost: 4.5, depth: 2, accumulatedOwnership: 0.375 });
    expect(accumulatedPercent(view.truncated?.accumulatedOwnership)).toBe(37.5);
    expect(accumulatedPercent(undefined)).toBeUndefined();
  });

  it("keeps unknown values as they are and says when something is not reported", () => {
    const node: GraphNode = { nodeId: "q", type: "trust" as GraphNode["type"], flags: { status: "quarantined" as never } };
    const view = nodeView(node);
    expect(view.type).toBe("trust");
    expect(statusLabel(view.status)).toBe("quarantined");
    expect(statusLabel(undefined)).toBe("Status not reported");
    expect(statusLabel("not_found")).toBe("Not found");
    expect(view.name).toBe("q");
    expect(view.truncated).toBeUndefined();
    expect(nodeView(person("p", "Zoë")).name).toBe("Zoë");
  });
});

describe("find a node", () => {
  it("matches names accent- and case-insensitively, and ids", () => {
    const views = graph.nodes.map(nodeView);
    expect(findNodes(views, "zoe angstrom").map((v) => v.id)).toEqual(["p"]);
    expect(findNodes(views, "company b").map((v) => v.id)).toEqual(["b"]);
    expect(findNodes(views, "X").map((v) => v.id)).toContain("x");
    expect(findNodes(views, "  ")).toEqual([]);
  });
});

describe("expand", () => {
  const nodes = [
    company("root", { flags: { isRoot: true, status: "found" } }),
    company("f"),
    truncated("t1", 3, 0.4),
    truncated("t2", 2, 0.25),
    truncated("t3", undefined, 0.9),
    truncated("t4", 5, 0.1),
    truncated("t5", 1, undefined),
  ];

  it("selects truncated nodes at or above X % of accumulated ownership, each once; their cost is the plan's", () => {
    expect(selectExpandAbove(nodes, 25)).toEqual(["t1", "t2", "t3"]);
    expect(continuationPlan({ nodes }, selectExpandAbove(nodes, 25))).toMatchObject({
      chosen: ["t1", "t2", "t3"],
      estimatedCost: 5,
      costUnknown: 1,
    });
    expect(selectExpandAbove(nodes, 40)).toEqual(["t1", "t3"]);
    expect(selectExpandAbove(nodes, 40.00001)).toEqual(["t3"]); // at or above: 40 % is in, just over it is not
    expect(selectExpandAbove(nodes, 95)).toEqual([]);
    expect(selectExpandAbove(nodes, 0)).toEqual(["t1", "t2", "t3", "t4"]); // t5 states no share
    // A node the API lists twice (reached through two paths) is chosen, counted and paid once.
    const twice = [...nodes, truncated("t1", 3, 0.4)];
    expect(selectExpandAbove(twice, 25)).toEqual(["t1", "t2", "t3"]);
    expect(continuationPlan({ nodes: twice }, selectExpandAbove(twice, 25)).estimatedCost).toBe(5);
  });

  it("reads the threshold as typed, a decimal comma included, from 0 to 100", () => {
    expect(parsePercent("25")).toBe(25);
    expect(parsePercent(" 2,33 ")).toBe(2.33);
    expect(parsePercent("2.5")).toBe(2.5);
    expect(parsePercent("0")).toBe(0);
    expect(parsePercent("100")).toBe(100);
    for (const text of ["", "100.5", "-1", "1e1", "abc", "2,5,1", "Infinity"]) expect(parsePercent(text)).toBeUndefined();
  });

  it("plans a continuation: chosen truncated nodes, the expanded companies kept, capped at the cost", () => {
    const plan = continuationPlan({ nodes }, ["t1", "t2", "t1", "f", "nope"]);
    expect(plan).toEqual({ chosen: ["t1", "t2"], keep: ["f"], estimatedCost: 5, costUnknown: 0, unknownIds: ["f", "nope"] });
    const body = continuationBody({ requestId: "req_1", companyId: "LARGE", countryCode: "DE" }, [...plan.keep, ...plan.chosen], 5);
    expect(body).toEqual({
      requestId: "req_1",
      id: "LARGE",
      countryCode: "DE",
      dataPoints: ["graph"],
      graphContinueFromNodeIds: ["f", "t1", "t2"],
      graphInteractive: true,
      graphMaxBudget: 5,
      maxBudget: 5,
    });
    const unknown = continuationBody({ requestId: "req_1", companyId: "LARGE", countryCode: "DE" }, ["t3"], null);
    expect(unknown).not.toHaveProperty("maxBudget");
  });
});

describe("refresh a branch", () => {
  it("plans the chosen expanded companies and the expanded ones between them and the root, refusing anything else", () => {
    // c is reached through a and b (both expanded): both are continued too, or the registry would not reach c.
    expect(refreshPlan(graph, ["c", "c"])).toEqual({ chosen: ["c"], through: ["a", "b"], unknownIds: [] });
    // x owns the root (a cycle): nothing lies between.
    expect(refreshPlan(graph, ["x"])).toEqual({ chosen: ["x"], through: [], unknownIds: [] });
    // The root (a new graph order refreshes it), a person, an unknown id and a truncated company are not refreshed.
    const withTruncated = {
      nodes: [...graph.nodes, truncated("t", 2, 0.3)],
      edges: [...graph.edges, { id: "et", fromId: "t", toId: "a" }],
    };
    expect(refreshPlan(withTruncated, ["root", "p", "nope", "t", "a"])).toEqual({
      chosen: ["a"],
      through: [],
      unknownIds: ["root", "p", "nope", "t"],
    });
  });

  it("prices every company it names at its country's graph price per company, and says when one is not known", () => {
    const plan = refreshPlan(graph, ["c"]);
    expect(refreshCost(graph, plan, (country) => (country === "DE" ? 1.5 : undefined))).toEqual({ cost: 4.5, unpriced: [] });
    const abroad = {
      ...graph,
      nodes: graph.nodes.map((n) => (n.nodeId === "b" ? { ...n, company: { ...n.company!, countryCode: "US-DE" } } : n)),
    };
    expect(refreshCost(abroad, plan, (country) => (country === "DE" ? 1.5 : undefined))).toEqual({ cost: null, unpriced: ["US-DE"] });
  });

  it("offers the refresh on expanded companies but the root, with when their owners were bought", () => {
    const marked = { ...company("a"), ownersAsOf: "2026-03-10T10:00:00.000Z", ownersByRequestId: "req_refresh" };
    expect(nodeView(marked)).toMatchObject({ refreshable: true, ownersAsOf: "2026-03-10T10:00:00.000Z", ownersByRequestId: "req_refresh" });
    expect(nodeView({ ...company("a"), expandedAt: "2026-03-02T00:00:00.000Z", expandedByRequestId: "req_x" })).toMatchObject({
      ownersAsOf: "2026-03-02T00:00:00.000Z",
      ownersByRequestId: "req_x",
    });
    expect(nodeView(company("root", { flags: { isRoot: true, status: "found" } })).refreshable).toBe(false);
    expect(nodeView(truncated("t", 2, 0.3)).refreshable).toBe(false);
    expect(nodeView(person("p", "Ada")).refreshable).toBe(false);
  });
});

describe("mermaid classes", () => {
  it("renames a class named as mermaid names its own elements, in its definition, its assignments and its shorthand", () => {
    const diagram = [
      "graph TD",
      '  n0["Root AG"]:::root',
      '  n1["A -- B"]',
      '  n1 -->|"50%"| n0',
      "  classDef root fill:#dbeafe,stroke:#1d4ed8",
      "  class n0 root",
      "  classDef ubo,node fill:#dcfce7",
      "  class n1,n0 node",
      "  classDef rooted stroke-dasharray:4 3",
      "  class n1 rooted",
    ].join("\n");
    expect(withMermaidClassesRenamed(diagram).split("\n")).toEqual([
      "graph TD",
      '  n0["Root AG"]:::rootClass',
      '  n1["A -- B"]',
      '  n1 -->|"50%"| n0',
      "  classDef rootClass fill:#dbeafe,stroke:#1d4ed8",
      "  class n0 rootClass",
      "  classDef ubo,nodeClass fill:#dcfce7",
      "  class n1,n0 nodeClass",
      "  classDef rooted stroke-dasharray:4 3",
      "  class n1 rooted",
    ]);
  });
});

describe("mermaid limits", () => {
  it("counts links outside labels and refuses beyond 500 links or 50,000 characters", () => {
    expect(
      mermaidEdgeCount(
        'graph TD\n  n0["A -- B"]\n  n1 -->|"50%"| n0\n  n2 -.->|"cycle"| n1\n  a --> b --> c\n  classDef t stroke-dasharray:4 3',
      ),
    ).toBe(4);
    const edges = (n: number) => ["graph TD", ...Array.from({ length: n }, (_, i) => `  n${i} --> n${i + 1}`)].join("\n");
    expect(mermaidRefusal(edges(500))).toBeUndefined();
    expect(mermaidRefusal(edges(501))).toMatch(/501 links; Mermaid renders at most 500/);
    expect(mermaidRefusal(`graph TD\n  n0["${"x".repeat(50_001)}"]`)).toMatch(/at most 50,000/);
  });
});
