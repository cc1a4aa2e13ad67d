import "server-only";
import type { CompanyFileDocument, CompanyFileFilings, CompanyFileGraphPart, CompanyFileSource } from "@/db/schema";
import { expandable, expandedCompany, type NodeMarks } from "@/lib/graph/ownership-graph.shared";
import { toMermaid } from "@/lib/registry/graph-mermaid.shared";
import { datapointSections, type CompanyResponse, type Graph, type GraphEdge, type GraphNode } from "@/lib/registry/schemas.shared";
import { filingsOf } from "@/lib/calendar/stored-filings";
import { signedUrlOf } from "@/lib/dossier/snapshot-documents.shared";

/** What a company file holds, apart from its sections' values (which the database merges: `sectionPatch`). */
export type CompanyFileState = {
  companyName: string | null;
  sources: Record<string, CompanyFileSource>;
  graph: Graph | null;
  graphParts: CompanyFileGraphPart[];
  documents: CompanyFileDocument[];
  filings: CompanyFileFilings | null;
  latestRequest: { requestId: string; createdAt: string } | null;
};

export const emptyCompanyFile: CompanyFileState = {
  companyName: null,
  sources: {},
  graph: null,
  graphParts: [],
  documents: [],
  filings: null,
  latestRequest: null,
};

/** One request's current (merged) snapshot, offered to its company's file. */
export type Contribution = {
  requestId: string;
  version: number;
  /** When the request was made: the newest request is the file's `latestRequest`. */
  createdAt: string;
  /** When each datapoint first succeeded in this request (company_requests.succeeded_at). */
  succeededAt: Record<string, string>;
  /** A first order (or one made elsewhere) names the company's case reference; a follow-up does not. */
  firstOrder: boolean;
  snapshot: CompanyResponse;
};

/** The file after the contribution, and the sections to write over the stored ones (null: remove the section). */
export type MergeResult = { file: CompanyFileState; sectionPatch: Record<string, unknown>; changed: boolean };

/** A value from `candidate` replaces `current`: none yet, a newer version of the same request, or delivered later. */
function wins(current: CompanyFileSource | undefined, candidate: CompanyFileSource): boolean {
  if (!current) return true;
  if (current.requestId === candidate.requestId) return candidate.version > current.version;
  return candidate.asOf > current.asOf;
}

const isSucceeded = (entry: { status?: string } | undefined) => entry?.status === "succeeded";

/**
 * Merges one request's snapshot into its company's file. The rules:
 * - each datapoint keeps its newest succeeded value (by when the registry delivered it); a failed or running
 *   datapoint, in however new a request, never hides an older good value;
 * - the ownership graph is the union of every purchase: nodes matched by `nodeId` or by the entity they stand
 *   for, edges without duplicates, an expanded node never replaced by a budget-truncated copy of it, and each
 *   node an expansion opened marked with when it was bought;
 * - every document, delivered or listed, from any request, with the request that brought it (a delivered copy
 *   beats a listed one; signed URLs are never kept here);
 * - filings from the newest company datapoint that holds them; the case reference from the newest first order.
 * Pure, and independent of the order contributions arrive in (but for equal delivery times).
 */
export function mergeIntoCompanyFile(file: CompanyFileState, contribution: Contribution): MergeResult {
  const { requestId, version, snapshot } = contribution;
  const next: CompanyFileState = { ...file, sources: { ...file.sources } };
  const sectionPatch: Record<string, unknown> = {};
  let changed = false;
  const statuses = snapshot.request.dataStatus?.dataPoints ?? {};
  const response = snapshot as unknown as Record<string, unknown>;
  const sourceOf = (datapoint: string): CompanyFileSource => ({
    requestId,
    version,
    asOf: contribution.succeededAt[datapoint] ?? contribution.createdAt,
  });

  for (const [datapoint, entry] of Object.entries(statuses)) {
    if (!isSucceeded(entry) || datapoint === "graph") continue;
    const candidate = sourceOf(datapoint);
    if (!wins(next.sources[datapoint], candidate)) continue;
    next.sources[datapoint] = candidate;
    for (const section of datapointSections[datapoint] ?? [datapoint]) {
      const value = section === "availableDocuments" ? undefined : response[section];
      if (section !== "availableDocuments") sectionPatch[section] = value ?? null;
    }
    changed = true;
  }

  if (isSucceeded(statuses.graph) && snapshot.graph) {
    const merged = mergeGraphPart(next, snapshot.graph, sourceOf("graph"));
    if (merged) {
      Object.assign(next, merged);
      next.sources.graph = wins(file.sources.graph, sourceOf("graph")) ? sourceOf("graph") : file.sources.graph!;
      changed = true;
    }
  }

  const documents = mergeDocuments(next.documents, snapshot, requestId, sourceOf("availableDocuments").asOf);
  if (documents) {
    next.documents = documents;
    changed = true;
  }

  const filings = mergeFilings(next.filings, contribution, next.sources);
  if (filings) {
    next.filings = filings;
    changed = true;
  }

  const name = (snapshot.company?.legalName as string | undefined) ?? snapshot.request.companyLegalName ?? null;
  const companyWon = sectionPatch.company !== undefined;
  if (name && (companyWon || !next.companyName) && name !== next.companyName) {
    next.companyName = name;
    changed = true;
  }
  if (!next.latestRequest || contribution.createdAt > next.latestRequest.createdAt || next.latestRequest.requestId === requestId) {
    if (next.latestRequest?.requestId !== requestId) changed = true;
    next.latestRequest = {
      requestId,
      createdAt: next.latestRequest?.requestId === requestId ? next.latestRequest.createdAt : contribution.createdAt,
    };
  }
  return { file: next, sectionPatch, changed };
}

// ---------------------------------------------------------------------------------------------------
// The ownership graph

/** The entity a node stands for, so the same company reached from two purchases is one node. */
function entityKey(node: GraphNode): string | undefined {
  if (node.company?.countryCode && node.company.id) return `company:${node.company.countryCode}:${node.company.id}`;
  const name = node.individual?.name;
  const fullName = typeof name === "string" ? name : name?.fullName;
  if (!fullName) return undefined;
  const born = node.individual?.birthDate;
  return `individual:${fullName}:${typeof born === "string" ? born : born ? `${born.year}-${born.month}-${born.day}` : ""}`;
}

type MarkedNode = GraphNode & NodeMarks;

/**
 * Whether `source`'s list of a company's owners is newer than the one the file holds for `node`: the same request
 * (a later version of it), or one the registry delivered later (the request id breaks a tie). A node whose owners the
 * file never marked (filed before the marks) takes any purchase that lists them.
 */
function newerOwners(node: MarkedNode, source: CompanyFileSource): boolean {
  const asOf = node.ownersAsOf ?? node.expandedAt;
  const by = node.ownersByRequestId ?? node.expandedByRequestId;
  if (asOf === undefined || by === undefined || by === source.requestId) return true;
  return source.asOf > asOf || (source.asOf === asOf && source.requestId > by);
}

/** The nodes reached from `roots` by walking from each company to its owners. */
function reachedFrom(roots: readonly string[], edges: Iterable<GraphEdge>): Set<string> {
  const owners = new Map<string, string[]>();
  for (const edge of edges) {
    const list = owners.get(edge.toId);
    if (list) list.push(edge.fromId);
    else owners.set(edge.toId, [edge.fromId]);
  }
  const reached = new Set(roots);
  const queue = [...roots];
  for (let head = 0; head < queue.length; head++) {
    for (const owner of owners.get(queue[head]!) ?? []) {
      if (reached.has(owner)) continue;
      reached.add(owner);
      queue.push(owner);
    }
  }
  return reached;
}

/** `total` with one part's figure replaced by its newer one (a request merged again must not be counted twice). */
function replacedFigure(total: number | undefined, before: number | undefined, now: number | undefined): number | undefined {
  if (total === undefined && now === undefined) return undefined;
  return Math.round(((total ?? 0) - (before ?? 0) + (now ?? 0)) * 100) / 100;
}

/**
 * Adds one purchase's graph to the file's graph; undefined when it adds nothing (a version of a part already merged
 * that changes nothing is still merged again: its request may have grown).
 *
 * A purchase that expanded a company lists all its owners then: the newest such list is the company's owners (its edges
 * are replaced, so an owner who left is gone, and with it whatever only it linked to the root), and an older list
 * arriving late changes nothing. A company the purchase did not expand keeps what the file holds.
 */
function mergeGraphPart(
  file: CompanyFileState,
  incoming: Graph,
  source: CompanyFileSource,
): Pick<CompanyFileState, "graph" | "graphParts"> | undefined {
  const current = file.graph;
  const nodes = new Map<string, MarkedNode>();
  const byEntity = new Map<string, string>();
  for (const node of current?.nodes ?? []) {
    nodes.set(node.nodeId, node);
    const key = entityKey(node);
    if (key) byEntity.set(key, node.nodeId);
  }
  const idFor = new Map<string, string>();
  const opened: string[] = [];
  /** Companies whose owners this purchase lists, newer than the file's: their edges are this purchase's. */
  const restated = new Set<string>();
  /** Of those, the ones another purchase had expanded already (not the root): refreshed by this one. */
  const refreshed: string[] = [];
  /** Companies whose owners a newer purchase listed: this purchase's edges to them are left out. */
  const stale = new Set<string>();
  for (const node of incoming.nodes) {
    const key = entityKey(node);
    const existingId = nodes.has(node.nodeId) ? node.nodeId : key ? byEntity.get(key) : undefined;
    const id = existingId ?? node.nodeId;
    idFor.set(node.nodeId, id);
    const existing = existingId ? nodes.get(existingId) : undefined;
    if (existing && !expandable(existing) && expandable(node)) continue; // never undo a paid expansion
    const listsOwners = expandedCompany(node);
    if (listsOwners && existing && expandedCompany(existing) && !newerOwners(existing, source)) {
      stale.add(id);
      // Bought earlier than the file knew (contributions may arrive out of order): it was expanded then.
      if (existing.expandedAt && source.asOf < existing.expandedAt)
        nodes.set(id, { ...existing, expandedAt: source.asOf, expandedByRequestId: source.requestId });
      continue;
    }
    const replaced: MarkedNode = { ...node, nodeId: id };
    // The file's root stays its root: a continuation may be drawn from the node it continues.
    if (current) replaced.flags = { ...replaced.flags, isRoot: Boolean(existing?.flags?.isRoot) };
    if (existing && expandable(existing) && !expandable(node)) {
      replaced.expandedAt = source.asOf;
      replaced.expandedByRequestId = source.requestId;
      opened.push(id);
    } else if (existing?.expandedAt) {
      replaced.expandedAt = existing.expandedAt;
      replaced.expandedByRequestId = existing.expandedByRequestId;
    }
    if (listsOwners) {
      replaced.ownersAsOf = source.asOf;
      replaced.ownersByRequestId = source.requestId;
      restated.add(id);
      const before = existing?.ownersByRequestId ?? existing?.expandedByRequestId;
      if (existing && expandedCompany(existing) && !replaced.flags?.isRoot && before !== source.requestId) refreshed.push(id);
    } else if (existing?.ownersAsOf) {
      replaced.ownersAsOf = existing.ownersAsOf;
      replaced.ownersByRequestId = existing.ownersByRequestId;
    }
    nodes.set(id, replaced);
    if (key) byEntity.set(key, id);
  }

  const edges = new Map<string, GraphEdge>();
  const edgeKey = (edge: GraphEdge) => `${edge.fromId}>${edge.toId}`;
  /** Edges no longer stated: replaced by a newer list of owners, or older than the one the file holds. */
  const dropped = new Map<string, GraphEdge>();
  for (const edge of current?.edges ?? []) {
    if (restated.has(edge.toId)) dropped.set(edgeKey(edge), edge);
    else edges.set(edgeKey(edge), edge);
  }
  for (const edge of incoming.edges) {
    const mapped = { ...edge, fromId: idFor.get(edge.fromId) ?? edge.fromId, toId: idFor.get(edge.toId) ?? edge.toId };
    const key = edgeKey(mapped);
    if (stale.has(mapped.toId)) {
      if (!edges.has(key)) dropped.set(key, mapped);
      continue;
    }
    // An owner listed again keeps its edge's id.
    const known = edges.get(key) ?? dropped.get(key);
    dropped.delete(key);
    if (!edges.has(key) || mapped.percentage !== undefined) edges.set(key, { ...mapped, id: known?.id ?? mapped.id });
  }
  // Whatever only a dropped edge linked to the root has left the graph (an owner who left, and its own owners).
  const roots = [...nodes.values()].filter((n) => n.flags?.isRoot).map((n) => n.nodeId);
  if (dropped.size && roots.length) {
    const reached = reachedFrom(roots, edges.values());
    for (const id of reachedFrom(roots, [...edges.values(), ...dropped.values()])) if (!reached.has(id)) nodes.delete(id);
    for (const [key, edge] of edges) if (!nodes.has(edge.fromId) || !nodes.has(edge.toId)) edges.delete(key);
  }

  const parts = file.graphParts.filter((p) => p.requestId !== source.requestId);
  const previous = file.graphParts.find((p) => p.requestId === source.requestId);
  const refreshedIds = [...new Set([...(previous?.refreshedNodeIds ?? []), ...refreshed])];
  const part: CompanyFileGraphPart = {
    requestId: source.requestId,
    nodeIds: [...new Set([...(previous?.nodeIds ?? []), ...opened])],
    boughtAt: previous?.boughtAt ?? source.asOf,
    ...(refreshedIds.length ? { refreshedNodeIds: refreshedIds } : {}),
    ...(incoming.metadata?.amountSpent !== undefined ? { amountSpent: incoming.metadata.amountSpent } : {}),
    ...(incoming.metadata?.companiesFetched !== undefined ? { companiesFetched: incoming.metadata.companiesFetched } : {}),
  };
  const mergedNodes = [...nodes.values()];
  const mergedEdges = [...edges.values()];
  const graphParts = [...parts, part].sort((a, b) => (a.boughtAt < b.boughtAt ? -1 : a.boughtAt > b.boughtAt ? 1 : 0));
  return { graph: withMergedSummary(mergedNodes, mergedEdges, incoming, file.graph, previous, graphParts.length), graphParts };
}

/**
 * The merged graph's metadata and diagram: spend summed over purchases (each counted once, however often its request
 * is merged again), and why it stops judged on the merged nodes.
 */
function withMergedSummary(
  nodes: GraphNode[],
  edges: GraphEdge[],
  incoming: Graph,
  current: Graph | null,
  previous: CompanyFileGraphPart | undefined,
  parts: number,
): Graph {
  if (parts === 1 && !current) return { ...incoming, nodes, edges };
  const truncated = nodes.filter(expandable).length;
  const before = current?.metadata;
  const added = incoming.metadata;
  const stoppedReason = truncated > 0 ? (added?.stoppedReason ?? before?.stoppedReason ?? "budget_exhausted") : "completed";
  return {
    ...incoming,
    nodes,
    edges,
    mermaidDiagram: toMermaid(nodes, edges),
    description: incoming.description,
    metadata: {
      ...before,
      ...added,
      stoppedReason: stoppedReason === "completed" && truncated > 0 ? "budget_exhausted" : stoppedReason,
      amountSpent: replacedFigure(before?.amountSpent, previous?.amountSpent, added?.amountSpent),
      companiesFetched: replacedFigure(before?.companiesFetched, previous?.companiesFetched, added?.companiesFetched),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Documents and filings

const signedFields = ["url", "pdfUrl", "downloadUrl", "urlExpiresAt"];

function withoutSigned(document: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...document };
  for (const field of signedFields) delete copy[field];
  return copy;
}

/** The documents after this snapshot's: delivered ones replace listed ones; undefined when nothing changes. */
function mergeDocuments(
  current: CompanyFileDocument[],
  snapshot: CompanyResponse,
  requestId: string,
  listedAt: string,
): CompanyFileDocument[] | undefined {
  const byId = new Map(current.map((d) => [String(d.document.id), d]));
  let changed = false;
  const put = (entry: CompanyFileDocument) => {
    const existing = byId.get(String(entry.document.id));
    if (existing && existing.delivered && !entry.delivered) return;
    if (existing && existing.requestId === entry.requestId && existing.delivered === entry.delivered) {
      if (JSON.stringify(existing.document) === JSON.stringify(entry.document)) return;
    }
    byId.set(String(entry.document.id), entry);
    changed = true;
  };
  const documentStatus = snapshot.request.dataStatus?.documents ?? {};
  for (const [key, value] of Object.entries(snapshot.documents ?? {})) {
    for (const document of (Array.isArray(value) ? value : value ? [value] : []) as Record<string, unknown>[]) {
      if (!document || typeof document.id !== "string") continue;
      const delivered = Boolean(signedUrlOf(document as never)) || isSucceeded(documentStatus[document.id]);
      put({ key, requestId, deliveredAt: listedAt, delivered, document: withoutSigned(document) });
    }
  }
  for (const document of snapshot.availableDocuments ?? []) {
    if (typeof document.id !== "string") continue;
    put({ key: "availableDocuments", requestId, deliveredAt: listedAt, delivered: false, document: withoutSigned(document) });
  }
  return changed ? [...byId.values()] : undefined;
}

/** Filings follow the company datapoint's source; the case reference, the newest first order that names one. */
function mergeFilings(
  current: CompanyFileFilings | null,
  contribution: Contribution,
  sources: Record<string, CompanyFileSource>,
): CompanyFileFilings | undefined {
  const stored = filingsOf(contribution.snapshot);
  const companySource = [sources.company, sources.companyProfile].find((s) => s?.requestId === contribution.requestId);
  const holdsFilings = stored.statutoryFilings !== null || stored.complianceFlags !== null;
  const takeFilings = companySource !== undefined && holdsFilings && (!current?.source || wins(current.source, companySource));
  const caseReference = contribution.firstOrder && stored.caseReference ? stored.caseReference : undefined;
  const takeCase = caseReference !== undefined && (!current?.caseReferenceAt || contribution.createdAt >= current.caseReferenceAt);
  if (!takeFilings && !takeCase) return undefined;
  const next: CompanyFileFilings = current
    ? { ...current }
    : { legalName: null, statutoryFilings: null, complianceFlags: null, caseReference: null, source: null };
  if (takeFilings)
    Object.assign(next, {
      legalName: stored.legalName,
      statutoryFilings: stored.statutoryFilings,
      complianceFlags: stored.complianceFlags,
      source: companySource,
    });
  if (takeCase) Object.assign(next, { caseReference, caseReferenceAt: contribution.createdAt });
  return JSON.stringify(next) === JSON.stringify(current) ? undefined : next;
}
