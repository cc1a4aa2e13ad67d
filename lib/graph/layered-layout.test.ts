import { describe, expect, it } from "vitest";
import { layeredLayout, layeredSpacing } from "./layered-layout.shared";
import { layoutInput, nodeSize } from "./ownership-graph.shared";
import { syntheticOwnershipGraph } from "./synthetic-graph";

function check(nodeCount: number, cycles = 0) {
  const graph = syntheticOwnershipGraph(nodeCount, { cycles });
  const input = layoutInput(graph);
  const positions = layeredLayout(input, ["n0"]);
  return { graph, input, positions };
}

describe("layeredLayout", () => {
  it("places every node once, owners above what they own (except links closing a cycle), never overlapping", () => {
    const { input, positions } = check(250, 5);
    expect(Object.keys(positions).sort()).toEqual(input.nodes.map((n) => n.id).sort());
    const cycle = new Set(input.cycleEdgeIds);
    expect(cycle.size).toBeGreaterThan(0);
    for (const e of input.edges) {
      if (cycle.has(e.id)) continue;
      expect(positions[e.source]!.y, `${e.source} owns ${e.target}`).toBeLessThan(positions[e.target]!.y);
    }
    const rows = new Map<number, number[]>();
    for (const p of Object.values(positions)) rows.set(p.y, [...(rows.get(p.y) ?? []), p.x]);
    for (const xs of rows.values()) {
      xs.sort((a, b) => a - b);
      for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(nodeSize.width + layeredSpacing.node - 0.001);
    }
    expect(Math.min(...Object.values(positions).map((p) => p.x))).toBe(0);
  });

  it("puts the examined company at the bottom and a company reached by two paths below both", () => {
    const input = layoutInput({
      nodes: ["root", "a", "b", "c"].map((id) => ({ nodeId: id, type: "company" as const, flags: { isRoot: id === "root" } })),
      edges: [
        { id: "1", fromId: "a", toId: "root" },
        { id: "2", fromId: "b", toId: "root" },
        { id: "3", fromId: "c", toId: "a" },
        { id: "4", fromId: "c", toId: "b" },
        { id: "5", fromId: "root", toId: "c" }, // closes a cycle
      ],
    });
    const p = layeredLayout(input, ["root"]);
    expect(p.root!.y).toBeGreaterThan(p.a!.y);
    expect(p.a!.y).toBe(p.b!.y);
    expect(p.c!.y).toBeLessThan(p.a!.y);
    expect(p.a!.x).not.toBe(p.b!.x);
  });

  it("places every one of 2,000 nodes (its speed is bench:graph's)", () => {
    const { positions } = check(2000, 3);
    expect(Object.keys(positions)).toHaveLength(2000);
  });

  it("handles an empty graph and a lone node", () => {
    expect(layeredLayout({ nodes: [], edges: [] })).toEqual({});
    expect(layeredLayout({ nodes: [{ id: "x", ...nodeSize }], edges: [] })).toEqual({ x: { x: 0, y: 0 } });
  });
});
