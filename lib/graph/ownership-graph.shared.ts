/**
 * Pure helpers turning the API's ownership graph into what the Ownership tab draws: a layout input
 * (each node once, however many paths reach it; edges deduplicated; cycles kept for the layered layout
 * to break), node and edge display data, and the selection for "Expand all above X %".
 */
import type { Graph, GraphEdge, GraphNode } from "@/lib/registry/schemas.shared";
import { label } from "@/lib/vocabulary/words.shared";

/** Box size every node is laid out with (the node component renders at this size). */
export const nodeSize = { width: 220, height: 104 } as const;

export type LayoutInput = {
  nodes: { id: string; width: number; height: number }[];
  /** Owner → owned, as the API states it; edges whose ends are unknown are dropped and reported. */
  edges: { id: string; source: string; target: string }[];
  /** Edge ids left out of the layout: self-loops, duplicates, or an end not among the nodes. */
  dropped: string[];
  /** Edges that close a cycle (found by a depth-first search from the roots), drawn but marked. */
  cycleEdgeIds: string[];
};

/** Just what the layout needs of a graph (what the page posts to the layout worker). */
export type LayoutGraph = {
  nodes: readonly { nodeId: string; flags?: { isRoot?: boolean } }[];
  edges: readonly { id: string; fromId: string; toId: string }[];
};

export function layoutGraph(graph: Pick<Graph, "nodes" | "edges">): LayoutGraph {
  return {
    nodes: graph.nodes.map((n) => ({ nodeId: n.nodeId, flags: { isRoot: n.flags?.isRoot === true } })),
    edges: graph.edges.map((e) => ({ id: e.id, fromId: e.fromId, toId: e.toId })),
  };
}

/** The layout input: unique nodes, unique edges between known nodes, and which edges close a cycle. */
export function layoutInput(graph: LayoutGraph): LayoutInput {
  const nodes: LayoutInput["nodes"] = [];
  const known = new Set<string>();
  for (const node of graph.nodes) {
    if (known.has(node.nodeId)) continue;
    known.add(node.nodeId);
    nodes.push({ id: node.nodeId, ...nodeSize });
  }
  const edges: LayoutInput["edges"] = [];
  const dropped: string[] = [];
  const seenIds = new Set<string>();
  const seenPairs = new Set<string>();
  for (const edge of graph.edges) {
    const pair = `${edge.fromId}\u0000${edge.toId}`;
    if (!known.has(edge.fromId) || !known.has(edge.toId) || edge.fromId === edge.toId || seenIds.has(edge.id) || seenPairs.has(pair)) {
      dropped.push(edge.id);
      continue;
    }
    seenIds.add(edge.id);
    seenPairs.add(pair);
    edges.push({ id: edge.id, source: edge.fromId, target: edge.toId });
  }
  return { nodes, edges, dropped, cycleEdgeIds: cycleEdges(nodes, edges, rootIds(graph.nodes)) };
}

export function rootIds(nodes: LayoutGraph["nodes"]): string[] {
  return nodes.filter((n) => n.flags?.isRoot).map((n) => n.nodeId);
}

/**
 * Back edges of an iterative depth-first search (owned → owners, starting at the roots, then at every
 * node not reached): removing them leaves the graph acyclic. A company reached through several paths is
 * not a cycle.
 */
export function cycleEdges(
  nodes: readonly { id: string }[],
  edges: readonly { id: string; source: string; target: string }[],
  roots: readonly string[] = [],
): string[] {
  // Walk from the owned company up to its owners (the direction the API explores).
  const owners = new Map<string, { id: string; next: string }[]>();
  for (const e of edges) {
    const list = owners.get(e.target);
    if (list) list.push({ id: e.id, next: e.source });
    else owners.set(e.target, [{ id: e.id, next: e.source }]);
  }
  const state = new Map<string, 1 | 2>(); // 1 on the stack, 2 done
  const back: string[] = [];
  const visit = (start: string) => {
    if (state.has(start)) return;
    const stack: { node: string; index: number }[] = [{ node: start, index: 0 }];
    state.set(start, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const out = owners.get(top.node) ?? [];
      if (top.index >= out.length) {
        state.set(top.node, 2);
        stack.pop();
        continue;
      }
      const edge = out[top.index++]!;
      const seen = state.get(edge.next);
      if (seen === 1) back.push(edge.id);
      else if (seen === undefined) {
        state.set(edge.next, 1);
        stack.push({ node: edge.next, index: 0 });
      }
    }
  };
  for (const r of roots) visit(r);
  for (const n of nodes) visit(n.id);
  return back;
}

export type NodeView = {
  id: string;
  name: string;
  /** "company", "individual" or an unknown value as the API sent it; undefined when not reported. */
  type: string;
  country?: string;
  companyId?: string;
  totalOwnership?: number;
  isRoot: boolean;
  isUbo: boolean;
  isUboProxy: boolean;
  /** As the API sent it (unknown values kept); undefined when the register does not report it. */
  status?: string;
  truncated?: { reason?: string; estimatedCost?: number; depth?: number; accumulatedOwnership?: number };
  /** An expanded company other than the root: its branch can be refreshed. */
  refreshable: boolean;
  /** When its owners were bought (the company file's mark): the newest purchase that listed them. */
  ownersAsOf?: string;
  ownersByRequestId?: string;
};

function personName(name: unknown): string | undefined {
  if (typeof name === "string") return name;
  if (name && typeof name === "object") {
    const n = name as Record<string, unknown>;
    if (typeof n.fullName === "string" && n.fullName) return n.fullName;
    const parts = [n.firstName, n.middleName, n.lastName].filter((p): p is string => typeof p === "string" && p.length > 0);
    if (parts.length) return parts.join(" ");
  }
  return undefined;
}

/** Whether the graph can be continued from this node: the registry left it unexpanded (budget) or says how to continue it. */
export function expandable(node: GraphNode): boolean {
  return node.flags?.status === "budget_truncated" || node.continuation !== undefined;
}

/** A company whose owners the graph lists: the registry found and expanded it (the root included). */
export function expandedCompany(node: GraphNode): boolean {
  return node.type === "company" && node.flags?.status === "found" && !expandable(node);
}

/** A company expanded before, not the root (which a new graph order refreshes): its branch can be refreshed. */
export function refreshable(node: GraphNode): boolean {
  return expandedCompany(node) && node.flags?.isRoot !== true;
}

/**
 * What a company file adds to the nodes of its merged graph: when an expansion opened the node and by which
 * request, and which purchase the node's owners (the edges to it) come from, the newest that listed them.
 */
export type NodeMarks = { expandedAt?: string; expandedByRequestId?: string; ownersAsOf?: string; ownersByRequestId?: string };

/** What a node box shows. */
export function nodeView(node: GraphNode & NodeMarks): NodeView {
  const name = node.company?.legalName ?? personName(node.individual?.name) ?? node.company?.id ?? node.nodeId;
  const c = node.continuation;
  const canRefresh = refreshable(node);
  return {
    id: node.nodeId,
    name,
    type: node.type,
    country: node.company?.countryCode ?? node.individual?.nationality,
    companyId: node.company?.id,
    totalOwnership: node.totalOwnershipPercentage,
    isRoot: node.flags?.isRoot === true,
    isUbo: node.flags?.isUbo === true,
    isUboProxy: node.flags?.isUboProxy === true,
    status: node.flags?.status,
    truncated: expandable(node)
      ? { reason: c?.reason, estimatedCost: c?.estimatedCost, depth: c?.depth, accumulatedOwnership: c?.accumulatedOwnership }
      : undefined,
    refreshable: canRefresh,
    ...(canRefresh && (node.ownersAsOf ?? node.expandedAt)
      ? { ownersAsOf: node.ownersAsOf ?? node.expandedAt, ownersByRequestId: node.ownersByRequestId ?? node.expandedByRequestId }
      : {}),
  };
}

/** An edge's label: the stated percentage, or nothing (never an even split the register did not state). */
export function edgeLabel(edge: Pick<GraphEdge, "percentage">): string | undefined {
  return typeof edge.percentage === "number" && Number.isFinite(edge.percentage) ? `${formatPercentNumber(edge.percentage)} %` : undefined;
}

/** 12.5 → "12.5": a percentage's number, at most two decimals, without the sign (callers add " %"). */
export function formatPercentNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2).replace(/0+$/, "").replace(/\.$/, "");
}

/**
 * `continuation.accumulatedOwnership` is documented as a fraction (0–1); a value above 1 is read as a
 * percentage already, so a vendor change does not make every node look like 100 times its share.
 */
export function accumulatedPercent(accumulated: number | undefined): number | undefined {
  if (accumulated === undefined || !Number.isFinite(accumulated)) return undefined;
  return accumulated > 1 ? accumulated : Math.round(accumulated * 10_000) / 100;
}

/** A status in words; an unknown value is shown as it is, a missing one says so. */
export function statusLabel(status: string | undefined): string {
  if (status === undefined) return "Status not reported";
  return label("graphNodeStatus", status);
}

/**
 * The expandable nodes whose accumulated ownership is at least `thresholdPercent`, each once (a node the API
 * lists twice is one node); what expanding them costs is `continuationPlan`'s, as for any other choice.
 */
export function selectExpandAbove(nodes: readonly GraphNode[], thresholdPercent: number): string[] {
  const picked = nodes.filter((n) => {
    const pct = accumulatedPercent(n.continuation?.accumulatedOwnership);
    return expandable(n) && pct !== undefined && pct >= thresholdPercent;
  });
  return [...new Set(picked.map((n) => n.nodeId))];
}

/** A percentage typed by the user, "2.5" or "2,5"; undefined unless a number from 0 to 100. */
export function parsePercent(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(",", "."));
  return value <= 100 ? value : undefined;
}

/** Nodes whose name, id or company id contains the query (case- and accent-insensitive). */
export function findNodes(nodes: readonly NodeView[], query: string): NodeView[] {
  const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();
  const q = fold(query.trim());
  if (!q) return [];
  return nodes.filter(
    (n) => fold(n.name).includes(q) || fold(n.id).includes(q) || (n.companyId !== undefined && fold(n.companyId).includes(q)),
  );
}

/** Mermaid's default limits (maxEdges 500, maxTextSize 50,000): beyond them it refuses to render. */
export const mermaidLimits = { maxEdges: 500, maxTextSize: 50_000 } as const;

/** Links in a flowchart: arrows outside quoted labels (a chain `a --> b --> c` counts two). */
export function mermaidEdgeCount(diagram: string): number {
  let count = 0;
  for (const line of diagram.split("\n")) {
    const bare = line.replace(/"[^"]*"/g, "").replace(/\|[^|]*\|/g, "");
    count += bare.match(/<?(?:-{2,}|={2,}|-\.+-|~~~)[->xo]?/g)?.length ?? 0;
  }
  return count;
}

/** Why mermaid would refuse this diagram, or undefined when it is within its limits. */
export function mermaidRefusal(diagram: string): string | undefined {
  if (diagram.length > mermaidLimits.maxTextSize) {
    return `The diagram is ${diagram.length.toLocaleString("en")} characters long; Mermaid renders at most ${mermaidLimits.maxTextSize.toLocaleString("en")}.`;
  }
  const edges = mermaidEdgeCount(diagram);
  if (edges > mermaidLimits.maxEdges)
    return `The diagram has ${edges.toLocaleString("en")} links; Mermaid renders at most ${mermaidLimits.maxEdges}.`;
  return undefined;
}

/** Class names mermaid gives the groups and shapes of its own drawing (a flowchart sits in a `<g class="root">`). */
const mermaidOwnClasses = new Set([
  "root",
  "nodes",
  "node",
  "edgePaths",
  "edgeLabels",
  "edgeLabel",
  "clusters",
  "cluster",
  "label",
  "marker",
]);

/**
 * The diagram with every class it defines under one of mermaid's own class names renamed (`root` → `rootClass`):
 * mermaid scopes a classDef to its class name, so `classDef root fill:…` filled every edge path as a node. Diagrams
 * stored before toMermaid stopped using the name, and the registry's own, may still define one.
 */
export function withMermaidClassesRenamed(diagram: string): string {
  const rename = (name: string) => (mermaidOwnClasses.has(name) ? `${name}Class` : name);
  return diagram
    .split("\n")
    .map((line) => {
      const definition = line.match(/^(\s*classDef\s+)(\S+)(.*)$/);
      if (definition) return `${definition[1]}${definition[2]!.split(",").map(rename).join(",")}${definition[3]}`;
      const assignment = line.match(/^(\s*class\s+\S+\s+)([\w-]+)(\s*;?\s*)$/);
      if (assignment) return `${assignment[1]}${rename(assignment[2]!)}${assignment[3]}`;
      return line.replace(/:::([\w-]+)/g, (_, name: string) => `:::${rename(name)}`);
    })
    .join("\n");
}

export type ContinuationPlan = {
  /** The chosen budget-truncated nodes (unknown or not truncated ids are refused). */
  chosen: string[];
  /** Nodes already expanded (found companies, not the root): passed again so the continued tree keeps them, at no cost. */
  keep: string[];
  estimatedCost: number;
  /** Chosen nodes whose estimated cost the registry did not state. */
  costUnknown: number;
  unknownIds: string[];
};

/**
 * What continuing the graph from `nodeIds` asks for. The continuation is interactive (one level, only the
 * named nodes expanded), so it can never spend on nodes the user did not pick; the already expanded
 * companies are named as well so the continued tree still contains them (already paid: about 0).
 */
export function continuationPlan(graph: Pick<Graph, "nodes">, nodeIds: readonly string[]): ContinuationPlan {
  const byId = new Map(graph.nodes.map((n) => [n.nodeId, n]));
  const chosen: string[] = [];
  const unknownIds: string[] = [];
  let estimatedCost = 0;
  let costUnknown = 0;
  for (const id of new Set(nodeIds)) {
    const node = byId.get(id);
    if (!node || !expandable(node)) {
      unknownIds.push(id);
      continue;
    }
    chosen.push(id);
    if (typeof node.continuation?.estimatedCost === "number") estimatedCost += node.continuation.estimatedCost;
    else costUnknown++;
  }
  const keep = [...new Set(graph.nodes.filter(refreshable).map((n) => n.nodeId))];
  return { chosen, keep, estimatedCost: Math.round(estimatedCost * 100) / 100, costUnknown, unknownIds };
}

export type RefreshPlan = {
  /** The chosen expanded companies (anything else is refused: `unknownIds`). */
  chosen: string[];
  /**
   * The expanded companies between them and the root (what they own, directly or through others): continued as
   * well, or the registry, which expands only the named nodes, would never reach the chosen ones.
   */
  through: string[];
  unknownIds: string[];
};

/**
 * What refreshing the branches of `nodeIds` asks for: those companies expanded again (their owners listed anew), and
 * the expanded companies on their way down to the root. Other branches are not named, so not touched.
 */
export function refreshPlan(graph: Pick<Graph, "nodes" | "edges">, nodeIds: readonly string[]): RefreshPlan {
  const byId = new Map(graph.nodes.map((n) => [n.nodeId, n]));
  const chosen: string[] = [];
  const unknownIds: string[] = [];
  for (const id of new Set(nodeIds)) {
    const node = byId.get(id);
    if (node && refreshable(node)) chosen.push(id);
    else unknownIds.push(id);
  }
  const owned = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const list = owned.get(edge.fromId);
    if (list) list.push(edge.toId);
    else owned.set(edge.fromId, [edge.toId]);
  }
  const seen = new Set(chosen);
  const through: string[] = [];
  const queue = [...chosen];
  for (let head = 0; head < queue.length; head++) {
    for (const next of owned.get(queue[head]!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      const node = byId.get(next);
      // Down to the root, not past it (a company the root owns back is not on the way).
      if (!node || !refreshable(node)) continue;
      through.push(next);
      queue.push(next);
    }
  }
  return { chosen, through, unknownIds };
}

/**
 * What refreshing costs at most: each company the plan names again at the ownership graph's price per company in its
 * country (`pricePerCompany`; undefined when not known). The registry may charge less (a company fetched within the
 * day is not charged again). `cost` is null when a price is not known; `unpriced` names those countries.
 */
export function refreshCost(
  graph: Pick<Graph, "nodes">,
  plan: RefreshPlan,
  pricePerCompany: (countryCode: string | undefined) => number | undefined,
): { cost: number | null; unpriced: string[] } {
  const byId = new Map(graph.nodes.map((n) => [n.nodeId, n]));
  let cost = 0;
  const unpriced = new Set<string>();
  for (const id of [...plan.chosen, ...plan.through]) {
    const country = byId.get(id)?.company?.countryCode;
    const price = pricePerCompany(country);
    if (price === undefined) unpriced.add(country ?? "country not reported");
    else cost += price;
  }
  return { cost: unpriced.size ? null : Math.round(cost * 100) / 100, unpriced: [...unpriced] };
}

/**
 * The `POST /v2/company` body continuing request `parent` from `continueFrom` (interactive: only the named nodes are
 * expanded), capped at `cap` credits when it is known.
 */
export function continuationBody(
  parent: { requestId: string; companyId: string; countryCode: string },
  continueFrom: readonly string[],
  cap: number | null,
) {
  return {
    // The registry derives the company from the parent request; id and country are repeated for clients that need them.
    requestId: parent.requestId,
    id: parent.companyId,
    countryCode: parent.countryCode,
    dataPoints: ["graph"],
    graphContinueFromNodeIds: [...continueFrom],
    graphInteractive: true,
    ...(cap !== null ? { graphMaxBudget: cap, maxBudget: cap } : {}),
  };
}
