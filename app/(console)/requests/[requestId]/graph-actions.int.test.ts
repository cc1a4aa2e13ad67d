import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyFiles, companyRequests, paidRequestIntents, registryConnections } from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import type { CompanyResponse, Graph, GraphNode } from "@/lib/registry/schemas.shared";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { signInAs } from "@/test/session";
import { startHttpStub } from "@/test/http-stub";
import { testApiKey } from "@/simulator/test-harness";
import { GET as refreshQuote } from "@/app/api/requests/[requestId]/refresh-quote/route";
import { expandGraphAction } from "./graph-actions";

const company = (nodeId: string, id: string, status: string, countryCode = "DE", extra: Partial<GraphNode> = {}): GraphNode => ({
  nodeId,
  type: "company",
  company: { id, countryCode, legalName: `${nodeId} GmbH` },
  flags: { status },
  ...(status === "budget_truncated" ? { continuation: { reason: "budget", estimatedCost: 1.5, depth: 1 } } : {}),
  ...extra,
});
const person = (nodeId: string, name: string): GraphNode => ({
  nodeId,
  type: "individual",
  individual: { name },
  flags: { status: "found" },
});

// The company's graph as the file holds it: hold-a expanded (Ada its owner, and a US company, itself expanded), hold-b not.
const parentGraph: Graph = {
  nodes: [
    company("root", "HRB 86891", "found", "DE", { flags: { isRoot: true, status: "found" } }),
    company("hold-a", "HRB 1", "found"),
    company("hold-b", "HRB 2", "budget_truncated"),
    person("ada", "Ada Owner"),
    company("us-co", "123", "found", "US-DE"),
  ],
  edges: [
    { id: "e1", fromId: "hold-a", toId: "root", percentage: 60 },
    { id: "e2", fromId: "hold-b", toId: "root", percentage: 40 },
    { id: "e3", fromId: "ada", toId: "hold-a", percentage: 70 },
    { id: "e4", fromId: "us-co", toId: "hold-a", percentage: 30 },
  ],
  metadata: { stoppedReason: "budget_exhausted", amountSpent: 3 },
};

const graphSucceeded = { dataPoints: { graph: { status: "succeeded" } } };
const pricing = {
  blocks: [{ sku: "graph", datapoints: ["graph"], modes: { verification: { price: 1.5 } }, includedDocuments: [] }],
  graph: { available: true, price: 1.5 },
};

let stub: Awaited<ReturnType<typeof startHttpStub>>;
let connectionId = "";
const parentId = `req_parent_${crypto.randomUUID()}`;
let sent = 0;

/** What the stub was sent: the company requests posted (pricing reads are not spending). */
const posted = () => stub.requests.filter((r) => r.method === "POST").map((r) => JSON.parse(r.body) as Record<string, unknown>);
const intentsFor = async () => db().select().from(paidRequestIntents).where(eq(paidRequestIntents.connectionId, connectionId));

describe("refreshing a branch of the ownership graph", () => {
  beforeAll(async () => {
    stub = await startHttpStub();
    const [row] = await db()
      .insert(registryConnections)
      .values({ name: "Stub", environment: "sandbox", baseUrl: stub.url, apiKeySealed: sealSecret(testApiKey), apiKeyHint: "sk_dev_…" })
      .returning();
    connectionId = row!.id;
    const parent = {
      request: {
        requestId: parentId,
        version: 1,
        countryCode: "DE",
        companyId: "HRB 86891",
        dataStatus: graphSucceeded,
        metadata: { caseReference: "KYC-DE-1" },
      },
      graph: parentGraph,
    } as CompanyResponse;
    await storeSnapshot(db(), connectionId, parent, "webhook");
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    // Pricing for DE; a company request answered with hold-a's owners listed anew: Ada has sold to Bo.
    stub.answer((req, res, body) => {
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (req.method === "GET" && req.url?.startsWith("/v2/pricing")) return json(200, pricing);
      if (req.method !== "POST") return json(404, { error: { code: "not_found", message: "No." } });
      const request = JSON.parse(body) as { metadata?: Record<string, string> };
      const requestId = `req_refresh_${++sent}_${crypto.randomUUID().slice(0, 8)}`;
      return json(200, {
        request: {
          requestId,
          version: 1,
          countryCode: "DE",
          companyId: "HRB 86891",
          dataStatus: graphSucceeded,
          metadata: request.metadata,
        },
        graph: {
          nodes: [
            company("root", "HRB 86891", "found", "DE", { flags: { isRoot: true, status: "found" } }),
            company("hold-a", "HRB 1", "found"),
            company("hold-b", "HRB 2", "budget_truncated"),
            person("bo", "Bo Newcomer"),
            company("us-co", "123", "budget_truncated", "US-DE"),
          ],
          edges: [
            { id: "r1", fromId: "hold-a", toId: "root", percentage: 60 },
            { id: "r2", fromId: "hold-b", toId: "root", percentage: 40 },
            { id: "r3", fromId: "bo", toId: "hold-a", percentage: 70 },
            { id: "r4", fromId: "us-co", toId: "hold-a", percentage: 30 },
          ],
          metadata: { stoppedReason: "completed", amountSpent: 0, interactive: true },
        },
      });
    });
  });

  it("refuses a node that is not a company expanded before (or unknown, or the root), sending nothing and recording nothing", async () => {
    await signInAs("compliance");
    for (const nodeIds of [["hold-b"], ["ada"], ["root"], ["nope"], ["hold-a", "hold-b"]]) {
      const result = await expandGraphAction({ requestId: parentId, nodeIds, confirmedCost: 1.5, refresh: true });
      expect(result).toMatchObject({ ok: false, code: "invalid_input" });
      expect(!result.ok && result.error).toMatch(/Only a company expanded before can be refreshed/);
    }
    // A refresh is always capped.
    expect(await expandGraphAction({ requestId: parentId, nodeIds: ["hold-a"], confirmedCost: null, refresh: true })).toMatchObject({
      ok: false,
      code: "invalid_input",
    });
    expect(stub.requests).toEqual([]);
    expect(await intentsFor()).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "company.graph_refreshed"))).toHaveLength(0);
  });

  it("refuses a role that may not spend, before anything else", async () => {
    await signInAs("finance");
    expect(await expandGraphAction({ requestId: parentId, nodeIds: ["hold-a"], confirmedCost: 1.5, refresh: true })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    const quote = await refreshQuote(new NextRequest(`http://localhost/api/requests/${parentId}/refresh-quote?node=hold-a`), {
      params: Promise.resolve({ requestId: parentId }),
    });
    expect(quote.status).toBe(403);
    expect(stub.requests).toEqual([]);
  });

  it("quotes the price first (the graph's price per company), and refuses a confirmation of another amount without spending", async () => {
    await signInAs("compliance");
    const response = await refreshQuote(new NextRequest(`http://localhost/api/requests/${parentId}/refresh-quote?node=hold-a`), {
      params: Promise.resolve({ requestId: parentId }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ quote: { chosen: ["hold-a"], through: [], unknownIds: [], cost: 1.5, unpriced: [] } });
    const refused = await expandGraphAction({ requestId: parentId, nodeIds: ["hold-a"], confirmedCost: 3, refresh: true });
    expect(refused).toMatchObject({ ok: false, code: "cost_changed" });
    expect(posted()).toEqual([]);
  });

  it("continues the graph from the expanded company, capped at the confirmed price; recorded and audited as a refresh; the file takes its owners", async () => {
    const user = await signInAs("compliance");
    const result = await expandGraphAction({ requestId: parentId, nodeIds: ["hold-a"], confirmedCost: 1.5, refresh: true });
    expect(result.ok).toBe(true);
    const requestId = result.ok ? result.data.requestId : "";
    expect(posted()).toEqual([
      expect.objectContaining({
        requestId: parentId,
        id: "HRB 86891",
        countryCode: "DE",
        dataPoints: ["graph"],
        graphContinueFromNodeIds: ["hold-a"],
        graphInteractive: true,
        graphMaxBudget: 1.5,
        maxBudget: 1.5,
        // Filed under the case of the request it continues.
        metadata: expect.objectContaining({ caseReference: "KYC-DE-1" }),
      }),
    ]);
    const [stored] = await db().select().from(companyRequests).where(eq(companyRequests.requestId, requestId));
    expect(stored).toMatchObject({ purpose: "graph_refresh", parentRequestId: parentId, orderedBy: user.id, origin: "console" });
    expect(stored?.filings?.caseReference).toBe("KYC-DE-1");
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "company.graph_refreshed"), eq(auditLog.actorId, user.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({
      refresh: true,
      requestId,
      parentRequestId: parentId,
      nodeIds: ["hold-a"],
      throughNodeIds: [],
      estimatedCost: 1.5,
      caps: { graphMaxBudget: 1.5, maxBudget: 1.5 },
      caseReference: "KYC-DE-1",
      outcome: "ordered",
    });
    // The company file: hold-a's owners are the refresh's (Ada gone, Bo come), marked with it; us-co keeps its expansion.
    const [file] = await db().select().from(companyFiles).where(eq(companyFiles.connectionId, connectionId));
    const graph = file!.graph as Graph & { nodes: (GraphNode & { ownersByRequestId?: string })[] };
    expect(
      graph.edges
        .filter((e) => e.toId === "hold-a")
        .map((e) => e.fromId)
        .sort(),
    ).toEqual(["bo", "us-co"]);
    expect(graph.nodes.some((n) => n.nodeId === "ada")).toBe(false);
    expect(graph.nodes.find((n) => n.nodeId === "hold-a")?.ownersByRequestId).toBe(requestId);
    expect(graph.nodes.find((n) => n.nodeId === "us-co")?.flags?.status).toBe("found");
  });

  it("says when no price can be known, and caps the request at what the user confirmed", async () => {
    await signInAs("compliance");
    const response = await refreshQuote(new NextRequest(`http://localhost/api/requests/${parentId}/refresh-quote?node=us-co`), {
      params: Promise.resolve({ requestId: parentId }),
    });
    // us-co is reached through hold-a: both are named again; a US state has no price of the graph.
    expect(await response.json()).toEqual({
      quote: { chosen: ["us-co"], through: ["hold-a"], unknownIds: [], cost: null, unpriced: ["US-DE"] },
    });
    const result = await expandGraphAction({ requestId: parentId, nodeIds: ["us-co"], confirmedCost: 5, refresh: true });
    expect(result.ok).toBe(true);
    expect(posted()).toEqual([expect.objectContaining({ graphContinueFromNodeIds: ["hold-a", "us-co"], graphMaxBudget: 5, maxBudget: 5 })]);
  });
});
