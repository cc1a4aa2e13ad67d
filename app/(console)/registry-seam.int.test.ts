import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, paidRequestIntents, registryConnections } from "@/db/schema";
import { noConnectionConfigured, requestConnectionGone } from "@/lib/connections/no-connection";
import { sealSecret } from "@/lib/secret-box";
import { chooseConnection, signInAs } from "@/test/session";
import { startHttpStub } from "@/test/http-stub";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { listDocumentsAction, orderCompanyAction } from "@/app/(console)/companies/[country]/[id]/actions";
import { onboardingPriceAction } from "@/app/(console)/onboarding/actions";
import { expandGraphAction } from "@/app/(console)/requests/[requestId]/graph-actions";
import { quoteRetryAction } from "@/app/(console)/requests/[requestId]/retry-actions";
import { GET as searchStream } from "@/app/api/search/stream/route";
import { GET as downloadDocument } from "@/app/api/requests/[requestId]/documents/[documentId]/route";
import { testApiKey } from "@/simulator/test-harness";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
/** B: the simulator. A: a server that records every call and answers 500, chosen as the session's active connection. */
let connectionB = "";
let connectionA = "";
let hostA: Awaited<ReturnType<typeof startHttpStub>>;

const storeRequest = (requestId: string, connectionId: string | null, snapshot: unknown) =>
  db().insert(companyRequests).values({ requestId, connectionId, origin: "console", countryCode: "DE", companyId: "HRB 86891", snapshot });

/** A stored graph with one budget-truncated node, so an expansion gets as far as calling the registry. */
const graphSnapshot = (requestId: string) => ({
  request: { requestId, countryCode: "DE", companyId: "HRB 86891" },
  graph: {
    nodes: [
      {
        nodeId: "root",
        type: "company",
        company: { id: "HRB 86891", legalName: "Root", countryCode: "DE" },
        flags: { isRoot: true, status: "found" },
      },
      {
        nodeId: "far",
        type: "company",
        company: { id: "HRB 1", legalName: "Far", countryCode: "DE" },
        flags: { status: "budget_truncated" },
        continuation: { reason: "budget", estimatedCost: 2, depth: 2 },
      },
    ],
    edges: [{ id: "e1", fromId: "far", toId: "root", percentage: 60 }],
  },
});

describe("the registry seam", () => {
  beforeAll(async () => {
    ({ sim, connectionId: connectionB } = await startSimulatorWithConnection());
    hostA = await startHttpStub();
    const [a] = await db()
      .insert(registryConnections)
      .values({
        name: "Elsewhere",
        environment: "production",
        baseUrl: hostA.url,
        apiKeySealed: sealSecret(testApiKey),
        apiKeyHint: "sk_live_…",
        isDefault: true,
      })
      .returning();
    connectionA = a!.id;
  });
  afterAll(async () => {
    await hostA.close();
    await sim.close();
  });
  beforeEach(() => {
    hostA.answer((_req, res) => res.writeHead(500).end());
    chooseConnection(connectionA);
  });

  it("refuses a role without the capability before anything else: a finance user posting an order gets forbidden and nothing is sent", async () => {
    await signInAs("finance");
    chooseConnection(connectionB);
    const before = await db().select().from(companyRequests);
    const result = await orderCompanyAction({ countryCode: "DE", id: "HRB 86891", dataPoints: ["company"], quotedTotal: 1 });
    expect(result).toMatchObject({ ok: false, code: "forbidden" });
    expect(await db().select().from(companyRequests)).toHaveLength(before.length);
    expect(await db().select().from(paidRequestIntents)).toHaveLength(0);
  });

  it("sends a new order through the session's active connection", async () => {
    await signInAs("compliance");
    chooseConnection(connectionB);
    const result = await listDocumentsAction({ countryCode: "DE", id: "HRB 86891" });
    expect(result.ok).toBe(true);
    const [stored] = await db()
      .select()
      .from(companyRequests)
      .where(eq(companyRequests.requestId, result.ok ? result.data.requestId : ""));
    expect(stored?.connectionId).toBe(connectionB);
  });

  it("sends a follow-up through its request's own connection, not the session's active one", async () => {
    await signInAs("compliance");
    const requestId = `req_on_b_${crypto.randomUUID()}`;
    await storeRequest(requestId, connectionB, {
      request: {
        requestId,
        countryCode: "DE",
        companyId: "HRB 86891",
        dataStatus: {
          dataPoints: { shareholders: { status: "failed", error: { code: "source_unavailable", message: "Down.", retryable: true } } },
        },
      },
    });
    const quote = await quoteRetryAction({ requestId, kind: "dataPoint", name: "shareholders" });
    expect(quote).toMatchObject({ ok: true, data: { label: "shareholders" } });
    expect(hostA.requests).toEqual([]);
  });

  it("refuses a graph expansion of a request whose connection is gone, in the one wording, without falling back to the active connection", async () => {
    await signInAs("compliance");
    const requestId = `req_orphan_${crypto.randomUUID()}`;
    await storeRequest(requestId, null, graphSnapshot(requestId));
    const result = await expandGraphAction({ requestId, nodeIds: ["far"], confirmedCost: 2 });
    expect(result).toEqual({
      ok: false,
      code: "no_connection",
      error: requestConnectionGone,
      registry: expect.objectContaining({ code: "no_connection", retryable: false }),
    });
    expect(hostA.requests).toEqual([]);
    expect(
      await db()
        .select()
        .from(paidRequestIntents)
        .where(sql`details->>'parentRequestId' = ${requestId}`),
    ).toHaveLength(0);
  });

  it("answers a follow-up of a request this console does not have as not found", async () => {
    await signInAs("admin");
    expect(await quoteRetryAction({ requestId: "req_never_stored", kind: "dataPoint", name: "company" })).toEqual({
      ok: false,
      code: "not_found",
      error: "This console has no request with this id.",
    });
    const response = await downloadDocument(new NextRequest("http://localhost/api/requests/req_never_stored/documents/doc_1"), {
      params: Promise.resolve({ requestId: "req_never_stored", documentId: "doc_1" }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "This console has no request with this id." } });
  });

  it("answers 'no connection' in one wording, as an action's result and as a route's 409", async () => {
    await signInAs("compliance");
    await db().delete(registryConnections);
    chooseConnection(undefined);
    expect(await onboardingPriceAction({ countryCode: "FR" })).toMatchObject({
      ok: false,
      code: "no_connection",
      error: noConnectionConfigured,
    });
    const response = await searchStream(new NextRequest("http://localhost/api/search/stream?country=DE&query=acme"), {});
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: "no_connection", message: noConnectionConfigured } });
  });
});
