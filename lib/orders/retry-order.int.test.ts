import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRequests, registryConnections } from "@/db/schema";
import type { FollowUpContext } from "@/lib/registry-seam/registry-context";
import type { Registry } from "@/lib/connections/registry-for";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { storedRequest, type StoredRequest } from "@/lib/requests/stored-request";
import { openedRegistry } from "@/test/opened-registry";
import { insertUser } from "@/test/users-fixture";
import { startTestSimulator } from "../../simulator/test-harness";
import { orderInputSchema } from "./order-input.shared";
import { placeOrder } from "./place-order";
import { orderRetry, quoteRetry } from "./retry-order";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: Registry;
let context: FollowUpContext;
let parent: StoredRequest;

/** The parent request as stored, with its shareholders marked failed the way the registry marks a retryable failure. */
const withFailedShareholders = (request: StoredRequest): StoredRequest => {
  const snapshot = request.snapshot as CompanyResponse;
  const failed = { status: "failed", error: { code: "source_unavailable", message: "Down.", retryable: true } };
  return {
    ...request,
    snapshot: {
      ...snapshot,
      request: { ...snapshot.request, dataStatus: { ...snapshot.request.dataStatus, dataPoints: { shareholders: failed } } },
    } as CompanyResponse,
  };
};

describe("retrying a failed datapoint", () => {
  beforeAll(async () => {
    sim = await startTestSimulator({ walletCredits: 100 });
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${auditLog} cascade`);
    registry = await openedRegistry(sim.baseUrl);
    const user = await insertUser("officer@example.com", "compliance");
    const order = orderInputSchema.parse({
      countryCode: "DE",
      id: "HRB 86891",
      dataPoints: ["company"],
      quotedTotal: 8,
      caseReference: "KYC-9",
    });
    const placed = await placeOrder(user, order, registry);
    if (!placed.ok) throw new Error(placed.error);
    parent = withFailedShareholders((await storedRequest(placed.data.requestId))!);
    context = { user, followed: parent, registry: async () => registry };
  });
  afterAll(() => sim.close());

  it("quotes the datapoint alone, then orders it as a retry of its request, under the request's case", async () => {
    const input = { requestId: parent.requestId, kind: "dataPoint" as const, name: "shareholders" };
    const quote = await quoteRetry(input, context);
    expect(quote).toMatchObject({ ok: true, data: { label: "shareholders", unpriced: [] } });
    const total = quote.ok ? quote.data.total : -1;
    expect(total).toBeGreaterThan(0);

    const retried = await orderRetry({ ...input, quotedTotal: total }, context);
    expect(retried.ok).toBe(true);
    const requestId = retried.ok ? retried.data.requestId : "";
    expect(requestId).not.toBe(parent.requestId);
    const [row] = await db().select().from(companyRequests).where(eq(companyRequests.requestId, requestId));
    expect(row).toMatchObject({ purpose: "retry", parentRequestId: parent.requestId, countryCode: "DE", companyId: "HRB 86891" });
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'company.ordered' and ${auditLog.details}->>'requestId' = ${requestId}`);
    expect(audited!.details).toMatchObject({ quotedTotal: total, dataPoints: ["shareholders"], caseReference: "KYC-9" });
  });

  it("refuses an entry that did not fail without opening the connection", async () => {
    const unopened = { ...context, registry: () => Promise.reject(new Error("The connection was opened.")) };
    const input = { requestId: parent.requestId, kind: "dataPoint" as const, name: "company" };
    const refusal = { ok: false, code: "not_retryable", error: "This entry has not failed in a way the registry says a retry can help." };
    expect(await quoteRetry(input, unopened)).toEqual(refusal);
    expect(await orderRetry({ ...input, quotedTotal: 0 }, unopened)).toEqual(refusal);
  });
});
