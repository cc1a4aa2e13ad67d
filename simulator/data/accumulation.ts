// Accumulated ownership: multiply percentages down each path to the root, sum across paths. Edges
// without a stated percentage contribute nothing (no split is invented); the marked cycle edge is
// left out (following it would count the root's own shares again, without end).

export interface OwnershipEdgeLike {
  fromId: string;
  toId: string;
  percentage?: number;
  cycle?: boolean;
}

export interface Accumulated {
  /** Percentage of the root held, over every path (0–100). */
  total: number;
  /** A path to the root where every holding is above 50%. */
  dominates: boolean;
}

/** UBO threshold: above 25% accumulated ownership. */
export const uboThreshold = 25;

export function accumulateOwnership(rootId: string, edges: readonly OwnershipEdgeLike[]): Map<string, Accumulated> {
  const outgoing = new Map<string, OwnershipEdgeLike[]>();
  for (const edge of edges) {
    if (edge.cycle) continue;
    const list = outgoing.get(edge.fromId);
    if (list) list.push(edge);
    else outgoing.set(edge.fromId, [edge]);
  }
  const memo = new Map<string, Accumulated>();
  const visit = (nodeId: string): Accumulated => {
    if (nodeId === rootId) return { total: 100, dominates: true };
    const known = memo.get(nodeId);
    if (known) return known;
    let total = 0;
    let dominates = false;
    for (const edge of outgoing.get(nodeId) ?? []) {
      if (edge.percentage === undefined) continue;
      const below = visit(edge.toId);
      total += (edge.percentage / 100) * below.total;
      if (edge.percentage > 50 && below.dominates) dominates = true;
    }
    const result = { total: Math.round(total * 10000) / 10000, dominates };
    memo.set(nodeId, result);
    return result;
  };
  const result = new Map<string, Accumulated>();
  const ids = new Set(edges.flatMap((e) => [e.fromId, e.toId]));
  ids.add(rootId);
  for (const id of ids) result.set(id, visit(id));
  return result;
}
