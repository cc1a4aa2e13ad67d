// The ownership graph datapoint: the ownership structure (ownership-structure.ts) explored breadth-first
// from the root within a budget, a node cap, or one level at a time (interactive).
import type { RegistryCountry } from "../../lib/registry/countries.shared";
import type { Graph, GraphEdge, GraphMetadata, GraphNode } from "../../lib/registry/schemas.shared";
import { accumulateOwnership, uboThreshold } from "./accumulation";
import { getProfile } from "./country-profiles";
import { nodeLabel, toMermaid } from "../../lib/registry/graph-mermaid.shared";
import { ownershipStructure, type OwnershipStructure, type StructureEdge, type StructureNode } from "./ownership-structure";

export interface GraphOptions {
  /** Cap on the number of nodes returned. */
  maxNodes?: number;
  /** Credits available for fetching companies (each company costs its country's graph price). */
  budgetCredits?: number;
  /** One level at a time: only the root and `continueFrom` nodes are expanded. */
  interactive?: boolean;
  /** Node ids (from earlier `budget_truncated` nodes) to expand; the root and these are expanded. */
  continueFrom?: string[];
  /** Node ids already paid for in earlier requests: expanding them again costs 0. */
  alreadyFetched?: string[];
}

type GraphEdgeOut = GraphEdge & { cycle?: boolean };

interface Exploration {
  visible: Set<string>;
  expanded: Set<string>;
  truncated: Map<string, "budget" | "max_nodes">;
  depth: Map<string, number>;
  spent: number;
  fetched: number;
  /** Owners left out because of `maxNodes`. */
  capped: boolean;
}

const costOf = (node: StructureNode) => (node.kind === "company" ? getProfile(node.country).graphCompanyCost : 0);

function explore(structure: OwnershipStructure, options: GraphOptions): Exploration {
  const nodes = new Map(structure.nodes.map((n) => [n.nodeId, n]));
  const ownersOf = new Map<string, StructureEdge[]>();
  for (const edge of structure.edges) {
    const list = ownersOf.get(edge.toId);
    if (list) list.push(edge);
    else ownersOf.set(edge.toId, [edge]);
  }
  const continueFrom = new Set(options.continueFrom ?? []);
  const paid = new Set([...(options.alreadyFetched ?? []), ...(continueFrom.size ? [structure.rootId] : [])]);
  const maxNodes = options.maxNodes ?? Number.POSITIVE_INFINITY;
  let budget = options.budgetCredits ?? Number.POSITIVE_INFINITY;
  const state: Exploration = {
    visible: new Set([structure.rootId]),
    expanded: new Set(),
    truncated: new Map(),
    depth: new Map([[structure.rootId, 0]]),
    spent: 0,
    fetched: 0,
    capped: false,
  };
  const queue = [structure.rootId];
  for (let head = 0; head < queue.length; head++) {
    const nodeId = queue[head] as string;
    const node = nodes.get(nodeId);
    if (!node || node.kind !== "company") continue;
    const isRoot = nodeId === structure.rootId;
    if (options.interactive && !isRoot && !continueFrom.has(nodeId)) {
      state.truncated.set(nodeId, "budget");
      continue;
    }
    const cost = paid.has(nodeId) ? 0 : costOf(node);
    if (!isRoot && cost > budget) {
      state.truncated.set(nodeId, "budget");
      continue;
    }
    const owners = ownersOf.get(nodeId) ?? [];
    const newcomers = owners.filter((e) => !state.visible.has(e.fromId));
    if (!isRoot && state.visible.size + newcomers.length > maxNodes) {
      state.truncated.set(nodeId, "max_nodes");
      continue;
    }
    budget -= cost;
    state.spent += cost;
    if (cost > 0) state.fetched++;
    state.expanded.add(nodeId);
    for (const edge of owners) {
      if (state.visible.has(edge.fromId)) continue;
      if (state.visible.size >= maxNodes) {
        state.capped = true;
        break;
      }
      state.visible.add(edge.fromId);
      state.depth.set(edge.fromId, (state.depth.get(nodeId) ?? 0) + 1);
      queue.push(edge.fromId);
    }
  }
  return state;
}

function graphNode(
  node: StructureNode,
  rootId: string,
  state: Exploration,
  totals: ReturnType<typeof accumulateOwnership>,
  paid: Set<string>,
): GraphNode {
  const isRoot = node.nodeId === rootId;
  const acc = totals.get(node.nodeId);
  const out: GraphNode =
    node.kind === "company"
      ? { nodeId: node.nodeId, type: "company", company: { id: node.id, legalName: node.legalName, countryCode: node.country } }
      : {
          nodeId: node.nodeId,
          type: "individual",
          individual: { name: { fullName: node.name }, birthDate: node.birthDate, nationality: node.nationality },
        };
  if (acc && acc.total > 0) out.totalOwnershipPercentage = acc.total;
  const isUbo = node.kind === "individual" && acc !== undefined && (acc.total > uboThreshold || acc.dominates);
  const methods = isUbo ? [...(acc.total > uboThreshold ? ["accumulation"] : []), ...(acc.dominates ? ["domination"] : [])] : undefined;
  const truncation = state.truncated.get(node.nodeId);
  out.flags = {
    isRoot,
    isUbo,
    isUboProxy: node.kind === "company" && node.uboProxy === true,
    ...(methods ? { uboCalculationMethod: methods } : {}),
    status: truncation === "budget" ? "budget_truncated" : truncation === "max_nodes" ? "pending" : "found",
  };
  if (truncation && node.kind === "company") {
    out.continuation = {
      reason: truncation,
      estimatedCost: paid.has(node.nodeId) ? 0 : costOf(node),
      depth: state.depth.get(node.nodeId) ?? 0,
      // A fraction (0–1), as the vendor documents it, not a percentage.
      accumulatedOwnership: Math.round((acc?.total ?? 0) * 100) / 10_000,
    };
  }
  return out;
}

function describe(rootName: string, nodes: GraphNode[], edges: GraphEdgeOut[], metadata: GraphMetadata): string {
  const companies = nodes.filter((n) => n.type === "company").length;
  const ubos = nodes.filter((n) => n.flags?.isUbo).map((n) => `${nodeLabel(n)} (${n.totalOwnershipPercentage ?? 0}%)`);
  const proxies = nodes.filter((n) => n.flags?.isUboProxy).map(nodeLabel);
  const cycles = edges.filter((e) => e.cycle).length;
  const truncated = nodes.filter((n) => n.continuation).length;
  return [
    `Ownership of ${rootName}: ${nodes.length} nodes (${companies} companies, ${nodes.length - companies} individuals) and ${edges.length} ownership links.`,
    ubos.length
      ? `Beneficial owners by accumulated ownership above ${uboThreshold}%: ${ubos.join(", ")}.`
      : `No individual holds more than ${uboThreshold}% on the known paths.`,
    proxies.length ? `Ultimate controlling entity (UBO proxy): ${proxies.join(", ")}.` : "",
    cycles ? `One circular holding: the company owns part of one of its own shareholders (marked as a cycle).` : "",
    truncated ? `${truncated} companies were not expanded (${metadata.stoppedReason}); they can be continued.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** Builds the graph datapoint from an already computed structure (used by generateCompany). */
export function graphFromStructure(structure: OwnershipStructure, options: GraphOptions = {}): Graph {
  const state = explore(structure, options);
  const paid = new Set(options.alreadyFetched ?? []);
  const source = (n: StructureNode | undefined) => (n?.kind === "company" ? getProfile(n.country).register : "register");
  const byId = new Map(structure.nodes.map((n) => [n.nodeId, n]));
  const visibleEdges: GraphEdgeOut[] = structure.edges
    .filter((e) => state.expanded.has(e.toId) && state.visible.has(e.fromId))
    .map((e) => ({
      id: e.id,
      fromId: e.fromId,
      toId: e.toId,
      ...(e.percentage !== undefined ? { percentage: e.percentage } : {}),
      source: source(byId.get(e.toId)),
      ...(e.cycle ? { cycle: true } : {}),
    }));
  const totals = accumulateOwnership(structure.rootId, visibleEdges);
  const nodes = structure.nodes.filter((n) => state.visible.has(n.nodeId)).map((n) => graphNode(n, structure.rootId, state, totals, paid));
  const reasons = [...state.truncated.values()];
  const metadata: GraphMetadata = {
    stoppedReason:
      state.capped || reasons.includes("max_nodes")
        ? "max_nodes_reached"
        : reasons.length && !options.interactive
          ? "budget_exhausted"
          : "completed",
    amountSpent: state.spent,
    companiesFetched: state.fetched,
    companiesSkipped: reasons.length,
    interactive: options.interactive ?? false,
  };
  const root = byId.get(structure.rootId);
  return {
    nodes,
    edges: visibleEdges,
    mermaidDiagram: toMermaid(nodes, visibleEdges),
    description: describe(root?.kind === "company" ? root.legalName : structure.rootId, nodes, visibleEdges, metadata),
    metadata,
  };
}

export function generateOwnershipGraph(rootCountry: RegistryCountry, rootId: string, options: GraphOptions = {}): Graph {
  return graphFromStructure(ownershipStructure(rootCountry, rootId), options);
}
