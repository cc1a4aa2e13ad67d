import { desc, eq, sql } from "drizzle-orm";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRequests, paidRequestIntents, registryConnections } from "@/db/schema";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import { createRegistryClient, type RegistryClient } from "@/lib/registry/client";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { insertUser } from "@/test/users-fixture";
import { startTestSimulator, testApiKey } from "../../simulator/test-harness";
import { companyRequestBody, orderInputSchema } from "./order-input.shared";
import { intentMetadataKey, openIntent } from "./paid-request-intents";
import { placeOrder } from "./place-order";
import { reconcileIntents } from "./reconcile-intents";
import { sendAndRecord } from "./send-and-record";
import { openedRegistry } from "@/test/opened-registry";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: { connection: ConnectionView; client: RegistryClient };
let user: Awaited<ReturnType<typeof insertUser>>;

const order = (extra: Record<string, unknown> = {}) =>
  orderInputSchema.parse({
    countryCode: "DE",
    id: "HRB 86891",
    dataPoints: ["company"],
    quotedTotal: 4,
    maxBudget: 4,
    caseReference: "KYC-9",
    ...extra,
  });
const intentRow = async (id: string) => (await db().select().from(paidRequestIntents).where(eq(paidRequestIntents.id, id)))[0]!;
const latestIntent = async () => (await db().select().from(paidRequestIntents).orderBy(desc(paidRequestIntents.createdAt)).limit(1))[0]!;
const latestAudit = async (action: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0]!;
const storedRequest = async (requestId: string) =>
  (await db().select().from(companyRequests).where(eq(companyRequests.requestId, requestId)))[0];

/** What the webhook route does with a `company.updated` delivery for a request it does not know. */
async function receiveAsWebhook(requestId: string) {
  const snapshot = await registry.client.getCompany(requestId);
  await db().transaction((tx) => storeSnapshot(tx, registry.connection.id, snapshot, "webhook"));
  return snapshot;
}

describe("a paid request is written down before the registry is called", () => {
  beforeAll(async () => {
    sim = await startTestSimulator({ walletCredits: 1000 });
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${auditLog}, ${paidRequestIntents} cascade`);
    registry = await openedRegistry(sim.baseUrl);
    user = await insertUser("intent.officer@example.com", "compliance");
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    await db().execute(sql`drop trigger if exists refuse_requests on company_requests`);
  });

  it("commits the intent (who, what, quoted total, caps) before the call, and settles it ordered with the request", async () => {
    const body = companyRequestBody(order(), user.email);
    let seenDuringCall: Awaited<ReturnType<typeof intentRow>> | undefined;
    const paid = {
      user,
      connectionId: registry.connection.id,
      company: { countryCode: "DE", id: "HRB 86891" },
      action: "company.ordered" as const,
      purpose: "order" as const,
      details: { quotedTotal: 4, caps: { maxBudget: 4 } },
    };
    const result = await sendAndRecord(paid, async (intent) => {
      // Read through another connection of the pool: visible, so committed.
      seenDuringCall = await intentRow(intent[intentMetadataKey]);
      return registry.client.createCompany({ ...body, metadata: { ...body.metadata, ...intent } });
    });
    expect(seenDuringCall).toMatchObject({
      status: "pending",
      actorId: user.id,
      actorEmail: user.email,
      connectionId: registry.connection.id,
      action: "company.ordered",
      target: "DE HRB 86891",
      details: { quotedTotal: 4, caps: { maxBudget: 4 } },
      requestId: null,
    });
    expect(result.ok).toBe(true);
    const requestId = result.ok ? result.data.requestId : "";
    const settled = await intentRow(seenDuringCall!.id);
    expect(settled).toMatchObject({ status: "ordered", requestId });
    expect(settled.settledAt).toBeInstanceOf(Date);
    // The registry's own record of the request carries the intent's id.
    const snapshot = (await storedRequest(requestId))!.snapshot as { request: { metadata: Record<string, string> } };
    expect(snapshot.request.metadata[intentMetadataKey]).toBe(settled.id);
    expect((await latestAudit("company.ordered")).details).toMatchObject({ outcome: "ordered", requestId, intentId: settled.id });
  });

  it("settles a definite refusal (a 4xx) as refused", async () => {
    const result = await placeOrder(user, order({ id: "INSUFFICIENT_FUNDS" }), registry);
    expect(result).toMatchObject({ ok: false, code: "insufficient_funds" });
    const intent = await latestIntent();
    expect(intent).toMatchObject({
      status: "refused",
      requestId: null,
      outcome: { code: "insufficient_funds", status: 402 },
      details: { quotedTotal: 4, caps: { maxBudget: 4 } },
    });
    expect((await latestAudit("company.ordered")).details).toMatchObject({
      outcome: "refused",
      code: "insufficient_funds",
      intentId: intent.id,
    });
  });

  it("records a time-out as outcome unknown, not refused, and tells the user so without offering a retry", async () => {
    // A registry that takes the request and never answers.
    const received: string[] = [];
    const silent = http.createServer((request) => received.push(`${request.method} ${request.url}`));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const client = createRegistryClient({ baseUrl, apiKey: testApiKey }, { timeouts: { defaultMs: 300, searchMs: 300 } });
      const result = await placeOrder(user, order(), { connection: registry.connection, client });
      expect(received).toEqual(["POST /v2/company"]);
      expect(result).toMatchObject({ ok: false, code: "outcome_unknown", registry: { code: "outcome_unknown", retryable: false } });
      expect(result.ok === false && result.error).toMatch(
        /^The registry gave no definite answer \(The registry took too long to answer\), so the order may have been placed and charged\./,
      );
      const intent = await latestIntent();
      expect(intent).toMatchObject({ status: "unknown", outcome: { code: "timeout", status: 0 } });
      expect((await latestAudit("company.ordered")).details).toMatchObject({ outcome: "unknown", code: "timeout", intentId: intent.id });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it("when the answer cannot be stored, keeps its request id; the request's webhook then makes it this console's order", async () => {
    // The database refuses new requests (as it would if full): the registry has accepted and charged by then.
    await db().execute(
      sql.raw(`
      create or replace function refuse_requests() returns trigger language plpgsql as $$ begin raise exception 'no space left on device'; end $$;
      create trigger refuse_requests before insert on company_requests for each row execute function refuse_requests();`),
    );
    await expect(placeOrder(user, order({ id: "HRB 12345" }), registry)).rejects.toThrow();
    const intent = await latestIntent();
    expect(intent).toMatchObject({ status: "unknown", outcome: { code: "not_recorded" } });
    expect(intent.requestId).toMatch(/^req_/);
    expect(await storedRequest(intent.requestId!)).toBeUndefined();
    await db().execute(sql`drop trigger refuse_requests on company_requests`);

    await receiveAsWebhook(intent.requestId!);
    expect(await storedRequest(intent.requestId!)).toMatchObject({ origin: "elsewhere", orderedBy: null });
    const reconciled = await reconcileIntents(db());
    expect(reconciled.ordered).toEqual([{ intentId: intent.id, requestId: intent.requestId }]);
    expect(await storedRequest(intent.requestId!)).toMatchObject({ origin: "console", orderedBy: user.id });
    expect(await intentRow(intent.id)).toMatchObject({ status: "ordered", requestId: intent.requestId });
  });

  it("reconciles an intent left pending by a process that died during the call, by the intent id the registry echoes", async () => {
    // As sendAndRecord does, up to the registry's answer; then the process is gone.
    const paid = {
      actor: user,
      connectionId: registry.connection.id,
      action: "company.ordered" as const,
      purpose: "order" as const,
      target: "DE HRB 4711",
      details: { quotedTotal: 4, caps: { maxBudget: 4 } },
    };
    const died = await openIntent(db(), paid);
    const body = companyRequestBody(order({ id: "HRB 4711" }), user.email);
    const answer = await registry.client.createCompany({ ...body, metadata: { ...body.metadata, ...died } });
    const requestId = answer.request.requestId;
    // Two more: one whose call never reached the registry (long ago), and one still in flight in another instance.
    const neverSent = await openIntent(db(), { ...paid, target: "DE HRB 1" });
    await db().execute(
      sql`update paid_request_intents set created_at = now() - interval '10 minutes' where id in (${died[intentMetadataKey]}, ${neverSent[intentMetadataKey]})`,
    );
    const inFlight = await openIntent(db(), { ...paid, target: "DE HRB 2" });

    await receiveAsWebhook(requestId); // stored as created elsewhere, with the intent id in request.metadata
    expect(await storedRequest(requestId)).toMatchObject({ origin: "elsewhere" });
    const reconciled = await reconcileIntents(db());

    expect(reconciled.ordered).toEqual([{ intentId: died[intentMetadataKey], requestId }]);
    expect(await storedRequest(requestId)).toMatchObject({ origin: "console", orderedBy: user.id });
    expect(await intentRow(died[intentMetadataKey])).toMatchObject({
      status: "ordered",
      requestId,
      outcome: { reconciled: true, was: "pending" },
    });
    expect((await latestAudit("company.order_reconciled")).details).toMatchObject({
      intentId: died[intentMetadataKey],
      requestId,
      orderedAs: "company.ordered",
      quotedTotal: 4,
    });

    expect(reconciled.unknown).toEqual([neverSent[intentMetadataKey]]);
    expect(await intentRow(neverSent[intentMetadataKey])).toMatchObject({ status: "unknown", outcome: { code: "outcome_unknown" } });
    const unknownAudit = await latestAudit("company.order_intent_unknown");
    expect(unknownAudit).toMatchObject({
      actorEmail: user.email,
      target: "DE HRB 1",
      details: { intentId: neverSent[intentMetadataKey], outcome: "unknown" },
    });

    expect(await intentRow(inFlight[intentMetadataKey])).toMatchObject({ status: "pending" });
    // Running it again changes nothing more.
    expect(await reconcileIntents(db())).toMatchObject({ ordered: [], unknown: [] });
  });

  it("never takes another connection's request for its own", async () => {
    const [other] = await db()
      .insert(registryConnections)
      .values({ name: "Other account", environment: "sandbox", baseUrl: sim.baseUrl, apiKeySealed: "unused-here", apiKeyHint: "sk_dev_…" })
      .returning();
    const intent = await openIntent(db(), {
      actor: user,
      connectionId: registry.connection.id,
      action: "company.ordered",
      target: "DE HRB 5",
      details: {},
    });
    const answer = await registry.client.createCompany({ id: "HRB 5", countryCode: "DE", dataPoints: ["company"], metadata: intent });
    // The same request id arriving on another connection's webhook (a forged or misrouted delivery).
    await db().transaction((tx) => storeSnapshot(tx, other!.id, answer, "webhook"));
    expect((await reconcileIntents(db())).ordered).toEqual([]);
    expect(await storedRequest(answer.request.requestId)).toMatchObject({ origin: "elsewhere", connectionId: other!.id });
  });
});
