import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyFiles, companyRequests, type CompanyFileRow } from "@/db/schema";
import type { CompanyResponse, Graph, GraphNode } from "@/lib/registry/schemas.shared";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { storeSandboxConnection } from "@/test/stored-connection";
import { companyFilesSettled } from "@/lib/requests/company-file-filer";
import { fileUnfiledRequests } from "@/lib/requests/unfiled-requests";

let connectionId: string;
let otherConnectionId: string;

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

type Status = "succeeded" | "failed" | "in_progress";

function snapshot(
  requestId: string,
  version: number,
  dataPoints: Record<string, Status>,
  sections: Record<string, unknown>,
  companyId = "FILE-1",
): CompanyResponse {
  return {
    request: {
      requestId,
      version,
      countryCode: "GB",
      companyId,
      dataStatus: {
        dataPoints: Object.fromEntries(
          Object.entries(dataPoints).map(([name, status]) => [
            name,
            status === "failed" ? { status, error: { code: "registry_unavailable", message: "down", retryable: true } } : { status },
          ]),
        ),
      },
    },
    ...sections,
  } as CompanyResponse;
}

async function store(connection: string, response: CompanyResponse) {
  await pause(); // each delivery at its own millisecond: as-of times are compared
  return storeSnapshot(db(), connection, response, "webhook");
}

async function fileOf(connection: string, companyId = "FILE-1"): Promise<CompanyFileRow> {
  const [row] = await db()
    .select()
    .from(companyFiles)
    .where(and(eq(companyFiles.connectionId, connection), eq(companyFiles.countryCode, "GB"), eq(companyFiles.companyId, companyId)));
  if (!row) throw new Error(`no company file for ${companyId}`);
  return row;
}

const companyNode = (nodeId: string, id: string, extra: Partial<GraphNode> = {}): GraphNode => ({
  nodeId,
  type: "company",
  company: { id, countryCode: "GB", legalName: `${id} Ltd` },
  flags: { status: "found" },
  ...extra,
});
const truncated = (nodeId: string, id: string) =>
  companyNode(nodeId, id, { flags: { status: "budget_truncated" }, continuation: { reason: "budget", estimatedCost: 4 } });

/**
 * The expansion of HOLD-A (Ada Owner its owner), drawn with its own node ids. Like the registry's continued tree, it
 * lists all the root's owners again, HOLD-B left unexpanded.
 */
const expansionGraph = (): Graph => ({
  nodes: [
    companyNode("x0", "ROOT", { flags: { isRoot: true, status: "found" } }),
    companyNode("x1", "HOLD-A"),
    truncated("x2", "HOLD-B"),
    { nodeId: "x9", type: "individual", individual: { name: "Ada Owner" }, flags: { status: "found", isUbo: true } },
  ],
  edges: [
    { id: "f1", fromId: "x1", toId: "x0", percentage: 60 },
    { id: "f3", fromId: "x2", toId: "x0", percentage: 40 },
    { id: "f2", fromId: "x9", toId: "x1", percentage: 100 },
  ],
  metadata: { stoppedReason: "completed", amountSpent: 4 },
});

beforeAll(async () => {
  connectionId = await storeSandboxConnection({ webhookSecret: "whsec_a", name: "File sandbox" });
  otherConnectionId = await storeSandboxConnection({ webhookSecret: "whsec_b", name: "Other account" });
});

describe("the company file", () => {
  it("keeps each datapoint's newest succeeded value: a newer failure never hides it, a newer success replaces it", async () => {
    await store(
      connectionId,
      snapshot(
        "req_first",
        1,
        { company: "succeeded", ultimateBeneficialOwners: "succeeded" },
        { company: { legalName: "Old Name Ltd" }, ultimateBeneficialOwners: [{ entityId: "ubo-1" }] },
      ),
    );
    await store(connectionId, snapshot("req_failed", 1, { company: "failed", ultimateBeneficialOwners: "in_progress" }, {}));
    let file = await fileOf(connectionId);
    expect(file.sections.company).toEqual({ legalName: "Old Name Ltd" });
    expect(file.sources.company?.requestId).toBe("req_first");
    expect(file.latestRequestId).toBe("req_failed");

    await store(connectionId, snapshot("req_newer", 1, { company: "succeeded" }, { company: { legalName: "New Name Ltd" } }));
    file = await fileOf(connectionId);
    expect(file.sections.company).toEqual({ legalName: "New Name Ltd" });
    expect(file.companyName).toBe("New Name Ltd");
    expect(file.sources.company?.requestId).toBe("req_newer");
    // The UBOs came only with the first order: kept, with its older as-of time.
    expect(file.sections.ultimateBeneficialOwners).toEqual([{ entityId: "ubo-1" }]);
    expect(file.sources.ultimateBeneficialOwners!.asOf < file.sources.company!.asOf).toBe(true);
  });

  it("ignores an out-of-order older version, and a late version of an older request does not beat a newer value", async () => {
    const before = await fileOf(connectionId);
    // req_newer is at version 1; a stale version 1 again changes nothing.
    expect(
      (await store(connectionId, snapshot("req_newer", 1, { company: "succeeded" }, { company: { legalName: "Stale" } }))).outcome,
    ).toBe("stale");
    // The first order's version 2 arrives late (its company value was delivered before req_newer's).
    await store(
      connectionId,
      snapshot(
        "req_first",
        2,
        { company: "succeeded", ultimateBeneficialOwners: "succeeded" },
        {
          company: { legalName: "Old Name Ltd" },
          ultimateBeneficialOwners: [{ entityId: "ubo-1" }, { entityId: "ubo-2" }],
        },
      ),
    );
    const file = await fileOf(connectionId);
    expect(file.sections.company).toEqual({ legalName: "New Name Ltd" });
    // The same request's newer version of the UBOs replaces its older one.
    expect(file.sections.ultimateBeneficialOwners).toEqual([{ entityId: "ubo-1" }, { entityId: "ubo-2" }]);
    expect(file.sources.ultimateBeneficialOwners).toMatchObject({ requestId: "req_first", version: 2 });
    expect(file.sources.ultimateBeneficialOwners!.asOf).toBe(before.sources.ultimateBeneficialOwners!.asOf);
    expect(file.revision).toBeGreaterThan(before.revision);
  });

  it("keeps two connections' files for the same company apart", async () => {
    await store(otherConnectionId, snapshot("req_other", 1, { company: "succeeded" }, { company: { legalName: "Other Account's View" } }));
    expect((await fileOf(otherConnectionId)).sections.company).toEqual({ legalName: "Other Account's View" });
    expect((await fileOf(connectionId)).sections.company).toEqual({ legalName: "New Name Ltd" });
  });

  it("merges graph expansions: union of nodes and edges, expanded nodes marked and never truncated again", async () => {
    const root = companyNode("n0", "ROOT", { flags: { isRoot: true, status: "found" } });
    const first: Graph = {
      nodes: [root, truncated("n1", "HOLD-A"), truncated("n2", "HOLD-B")],
      edges: [
        { id: "e1", fromId: "n1", toId: "n0", percentage: 60 },
        { id: "e2", fromId: "n2", toId: "n0", percentage: 40 },
      ],
      metadata: { stoppedReason: "budget_exhausted", amountSpent: 2 },
    };
    await store(connectionId, snapshot("req_graph", 1, { graph: "succeeded" }, { graph: first }, "GRAPH-1"));
    // The expansion draws its part with its own node ids: HOLD-A is matched by the company it stands for.
    const expansion = expansionGraph();
    await store(connectionId, snapshot("req_expand", 1, { graph: "succeeded" }, { graph: expansion }, "GRAPH-1"));
    let file = await fileOf(connectionId, "GRAPH-1");
    let graph = file.graph as Graph & { nodes: (GraphNode & { expandedAt?: string; expandedByRequestId?: string })[] };
    expect(graph.nodes.map((n) => n.nodeId).sort()).toEqual(["n0", "n1", "n2", "x9"]);
    expect(graph.edges.map((e) => `${e.fromId}>${e.toId}`).sort()).toEqual(["n1>n0", "n2>n0", "x9>n1"]);
    const holdA = graph.nodes.find((n) => n.nodeId === "n1")!;
    expect(holdA.flags?.status).toBe("found");
    expect(holdA.expandedByRequestId).toBe("req_expand");
    expect(holdA.expandedAt).toBe(file.graphParts.find((p) => p.requestId === "req_expand")!.boughtAt);
    expect(file.graphParts.map((p) => [p.requestId, p.nodeIds])).toEqual([
      ["req_graph", []],
      ["req_expand", ["n1"]],
    ]);
    // Spend summed over purchases; HOLD-B is still truncated, so the merged graph says it stopped for the budget.
    expect(graph.metadata).toMatchObject({ amountSpent: 6, stoppedReason: "budget_exhausted" });
    expect(graph.mermaidDiagram).toContain("Ada Owner");

    // A new first order's graph, truncated at HOLD-A again, does not undo the paid expansion.
    await store(connectionId, snapshot("req_graph_again", 1, { graph: "succeeded" }, { graph: first }, "GRAPH-1"));
    file = await fileOf(connectionId, "GRAPH-1");
    graph = file.graph as typeof graph;
    expect(graph.nodes.find((n) => n.nodeId === "n1")).toMatchObject({ flags: { status: "found" }, expandedByRequestId: "req_expand" });
    expect(graph.edges).toHaveLength(3);
  });

  it("refreshes a branch: its owners replaced by the refresh's, marked with it; an older version arriving late undoes nothing", async () => {
    type Marked = GraphNode & { ownersAsOf?: string; ownersByRequestId?: string; expandedByRequestId?: string };
    const before = await fileOf(connectionId, "GRAPH-1");
    // Refreshing HOLD-A: Ada Owner has sold to Bo Newcomer; HOLD-B is not continued.
    const refresh: Graph = {
      nodes: [
        companyNode("x0", "ROOT", { flags: { isRoot: true, status: "found" } }),
        companyNode("x1", "HOLD-A"),
        truncated("x2", "HOLD-B"),
        { nodeId: "x8", type: "individual", individual: { name: "Bo Newcomer" }, flags: { status: "found", isUbo: true } },
      ],
      edges: [
        { id: "g1", fromId: "x1", toId: "x0", percentage: 60 },
        { id: "g3", fromId: "x2", toId: "x0", percentage: 40 },
        { id: "g2", fromId: "x8", toId: "x1", percentage: 100 },
      ],
      metadata: { stoppedReason: "completed", amountSpent: 4 },
    };
    await store(connectionId, snapshot("req_refresh", 1, { graph: "succeeded" }, { graph: refresh }, "GRAPH-1"));
    let file = await fileOf(connectionId, "GRAPH-1");
    let graph = file.graph as Graph & { nodes: Marked[] };
    const refreshedAt = file.graphParts.find((p) => p.requestId === "req_refresh")!.boughtAt;
    expect(graph.edges.map((e) => `${e.fromId}>${e.toId}`).sort()).toEqual(["n1>n0", "n2>n0", "x8>n1"]);
    expect(graph.nodes.map((n) => n.nodeId).sort()).toEqual(["n0", "n1", "n2", "x8"]);
    expect(graph.nodes.find((n) => n.nodeId === "n1")).toMatchObject({
      expandedByRequestId: "req_expand",
      ownersByRequestId: "req_refresh",
      ownersAsOf: refreshedAt,
    });
    expect(file.graphParts.find((p) => p.requestId === "req_refresh")).toMatchObject({ nodeIds: [], refreshedNodeIds: ["n1"] });
    // HOLD-B, not continued by the refresh, is as it was.
    expect(graph.nodes.find((n) => n.nodeId === "n2")).toEqual((before.graph as Graph).nodes.find((n) => n.nodeId === "n2"));
    expect(graph.mermaidDiagram).toContain("Bo Newcomer");
    expect(graph.mermaidDiagram).not.toContain("Ada Owner");
    // Spend: each purchase once (req_graph and req_graph_again 2 each, req_expand 4, req_refresh 4).
    expect(graph.metadata?.amountSpent).toBe(12);

    // The expansion's request grows a version after the refresh: its list of HOLD-A's owners is older, so it loses.
    expect(
      (await store(connectionId, snapshot("req_expand", 2, { graph: "succeeded" }, { graph: expansionGraph() }, "GRAPH-1"))).outcome,
    ).toBe("applied");
    file = await fileOf(connectionId, "GRAPH-1");
    graph = file.graph as typeof graph;
    expect(graph.edges.map((e) => `${e.fromId}>${e.toId}`).sort()).toEqual(["n1>n0", "n2>n0", "x8>n1"]);
    expect(graph.nodes.find((n) => n.nodeId === "n1")).toMatchObject({ ownersByRequestId: "req_refresh", ownersAsOf: refreshedAt });
    expect(graph.metadata?.amountSpent).toBe(12);
  });

  it("holds every document with the request that brought it, a delivered copy over a listed one, never a signed URL", async () => {
    await store(
      connectionId,
      snapshot(
        "req_list",
        1,
        { availableDocuments: "succeeded" },
        {
          availableDocuments: [
            { id: "doc-extract", name: "Extract", price: 3 },
            { id: "doc-accounts", name: "Accounts 2025", price: 5 },
          ],
        },
        "DOCS-1",
      ),
    );
    await store(
      connectionId,
      snapshot(
        "req_docs",
        1,
        { company: "succeeded" },
        {
          company: { legalName: "Docs Ltd" },
          documents: { tradeRegisterExtract: { id: "doc-extract", name: "Extract", url: "https://signed.example/secret?sig=1" } },
        },
        "DOCS-1",
      ),
    );
    const file = await fileOf(connectionId, "DOCS-1");
    const byId = Object.fromEntries(file.documents.map((d) => [d.document.id, d]));
    expect(byId["doc-extract"]).toMatchObject({ key: "tradeRegisterExtract", requestId: "req_docs", delivered: true });
    expect(byId["doc-accounts"]).toMatchObject({ key: "availableDocuments", requestId: "req_list", delivered: false });
    expect(JSON.stringify(file.documents)).not.toContain("signed.example");
  });

  it("takes filings from the newest company value and the case reference from the newest first order, never from a listing", async () => {
    await db()
      .insert(companyRequests)
      .values({ requestId: "req_case", connectionId, origin: "console", purpose: "order", countryCode: "GB", companyId: "CAL-1" });
    const order = snapshot(
      "req_case",
      1,
      { company: "succeeded" },
      {
        company: { legalName: "Calendar Ltd", statutoryFilings: { accounts: { next: { dueDate: "2026-12-31", overdue: true } } } },
      },
      "CAL-1",
    );
    order.request.metadata = { caseReference: "CASE-9" };
    await store(connectionId, order);
    await db().insert(companyRequests).values({
      requestId: "req_listing",
      connectionId,
      origin: "console",
      purpose: "document_listing",
      countryCode: "GB",
      companyId: "CAL-1",
    });
    const listing = snapshot("req_listing", 1, { availableDocuments: "succeeded" }, { availableDocuments: [] }, "CAL-1");
    listing.request.metadata = { caseReference: "not a case" };
    await store(connectionId, listing);
    const file = await fileOf(connectionId, "CAL-1");
    expect(file.filings).toMatchObject({ legalName: "Calendar Ltd", statutoryFilings: { accounts: { next: { dueDate: "2026-12-31" } } } });
    expect(file.filings?.source?.requestId).toBe("req_case");
    expect(file.filings?.caseReference).toBe("CASE-9");
    expect(file.latestRequestId).toBe("req_listing");
  });

  it("files requests stored without their file (the backfill and the repair after a crash)", async () => {
    await db()
      .insert(companyRequests)
      .values({
        requestId: "req_unfiled",
        connectionId,
        origin: "elsewhere",
        countryCode: "GB",
        companyId: "LATE-1",
        version: 2,
        snapshot: snapshot("req_unfiled", 2, { company: "succeeded" }, { company: { legalName: "Late Ltd" } }, "LATE-1"),
        succeededAt: { company: "2026-01-02T03:04:05.000Z" },
      });
    expect(await fileUnfiledRequests(db())).toBeGreaterThanOrEqual(1);
    const file = await fileOf(connectionId, "LATE-1");
    expect(file.sections.company).toEqual({ legalName: "Late Ltd" });
    expect(file.sources.company).toEqual({ requestId: "req_unfiled", version: 2, asOf: "2026-01-02T03:04:05.000Z" });
    const [request] = await db().select().from(companyRequests).where(eq(companyRequests.requestId, "req_unfiled"));
    expect(request!.filedVersion).toBe(2);
    expect(await fileUnfiledRequests(db())).toBe(0);
  });

  it("files a burst of webhook deliveries for one company soon after, in few writes, every request filed", async () => {
    const before = await db().select().from(companyFiles).where(eq(companyFiles.companyId, "BURST-1"));
    expect(before).toHaveLength(0);
    const burst = Array.from({ length: 12 }, (_, i) =>
      storeSnapshot(
        db(),
        connectionId,
        snapshot(`req_burst_${i}`, 1, { company: "succeeded" }, { company: { legalName: `Burst ${i}` } }, "BURST-1"),
        "webhook",
        { fileLater: true },
      ),
    );
    expect((await Promise.all(burst)).every((r) => r.outcome === "applied")).toBe(true);
    await companyFilesSettled();
    const file = await fileOf(connectionId, "BURST-1");
    // Twelve requests, one file: fewer writes than deliveries (they were merged in batches).
    expect(file.revision).toBeLessThan(12);
    expect(file.sources.company!.requestId).toMatch(/^req_burst_/);
    const unfiled = await db().execute(
      sql`select request_id from company_requests where company_id = 'BURST-1' and filed_version < version`,
    );
    expect(unfiled.rows).toEqual([]);
  });
});
