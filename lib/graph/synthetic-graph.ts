import "server-only";
/**
 * A seeded random ownership graph like the one measurements.md describes (a tree plus 30 % extra owner
 * links, owners pointing at what they own), for the layout's tests and bench/graph-layout.ts.
 */
import type { Graph, GraphNode } from "@/lib/registry/schemas.shared";

export function syntheticOwnershipGraph(nodeCount: number, options: { seed?: number; extraEdges?: number; cycles?: number } = {}): Graph {
  let state = options.seed ?? nodeCount;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const nodes: GraphNode[] = Array.from({ length: nodeCount }, (_, i) =>
    i % 3 === 2
      ? {
          nodeId: `n${i}`,
          type: "individual",
          individual: { name: { fullName: `Person ${i}` }, nationality: "DE" },
          flags: { status: "found" },
        }
      : {
          nodeId: `n${i}`,
          type: "company",
          company: { id: `C${i}`, legalName: `Company ${i} GmbH`, countryCode: "DE" },
          flags: { isRoot: i === 0, status: "found" },
        },
  );
  const edges: Graph["edges"] = [];
  const parent: number[] = [0];
  for (let i = 1; i < nodeCount; i++) {
    parent[i] = Math.floor(random() * i);
    edges.push({ id: `t${i}`, fromId: `n${i}`, toId: `n${parent[i]}`, percentage: Math.round(random() * 100) });
  }
  const extra = Math.round(nodeCount * (options.extraEdges ?? 0.3));
  for (let k = 0; k < extra; k++) {
    const a = 1 + Math.floor(random() * (nodeCount - 1));
    edges.push({ id: `x${k}`, fromId: `n${a}`, toId: `n${Math.floor(random() * a)}` });
  }
  for (let k = 0; k < (options.cycles ?? 0); k++) {
    // A company owning one of its own (indirect) owners: an ancestor on the tree path owns the node.
    const a = 1 + Math.floor(random() * (nodeCount - 1));
    edges.push({ id: `c${k}`, fromId: `n${parent[a]}`, toId: `n${a}` });
  }
  return {
    nodes,
    edges,
    description: `Synthetic ownership graph of ${nodeCount} nodes.`,
    metadata: { stoppedReason: "completed", amountSpent: 0, companiesFetched: 0, companiesSkipped: 0, interactive: false },
  };
}
