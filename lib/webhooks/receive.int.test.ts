import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDatabase, db } from "@/db/client";
import {
  alertEvents,
  alerts,
  monitorNotifications,
  billingEvents,
  companyRequestVersions,
  companyRequests,
  liveEvents,
  registryConnections,
  webhookDeliveries,
  webhookRejectionCounts,
  webhookRejections,
} from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import { generateMessageId, webhookHeaders } from "../../simulator/webhooks/sign";
import { pruneLedger, receiveWebhook } from "./receive";
import { flushRejections } from "./rejections";
import { ledgerRetentionMs, senderRetryWindowMs } from "./retention";
import {
  forgetSigningSecrets,
  keptSigningSecretsCount,
  signingSecretsRecheckMs,
  unreadableSigningSecrets,
} from "@/lib/connections/signing-secrets";
import { storeSandboxConnection } from "@/test/stored-connection";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const oldSecret = "whsec_Xg6Ww8Fs1hRvVz5EwqUa0yW7pTmQn2Lc";
let connectionId = "";

const now = () => Math.floor(Date.now() / 1000);

function deliver(
  payload: unknown,
  options: { id?: string; key?: string; body?: string; connection?: string; database?: ReturnType<typeof db> } = {},
) {
  const body = options.body ?? JSON.stringify(payload);
  const id = options.id ?? generateMessageId();
  const headers = new Headers(webhookHeaders(options.key ?? secret, id, now(), body));
  return receiveWebhook(options.database ?? db(), {
    connectionId: options.connection ?? connectionId,
    rawBody: body,
    headers,
    arrivedAt: performance.now(),
  });
}

const snapshot = (requestId: string, version: number, status: "in_progress" | "succeeded" = "in_progress") => ({
  type: "company.updated",
  request: {
    requestId,
    version,
    companyId: "HRB 12345",
    countryCode: "DE",
    dataPoints: ["company"],
    dataStatus: { dataPoints: { company: { status } }, documents: {} },
  },
  ...(status === "succeeded" && { company: { legalName: `Acme GmbH v${version}` } }),
});

const notification = {
  type: "monitor.notification",
  monitorId: "mon_1",
  companyId: "HRB 12345",
  countryCode: "DE",
  timestamp: "2026-11-22T10:00:00Z",
  changeCategories: ["address", "legalRepresentatives"],
  monitorHasBeenDeactivated: false,
  metadata: { caseRef: "C-1" },
};

const outcomes = async () =>
  (await db().select({ outcome: webhookDeliveries.outcome }).from(webhookDeliveries).orderBy(asc(webhookDeliveries.id))).map(
    (r) => r.outcome,
  );

describe("receiving webhooks", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  beforeEach(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${liveEvents} cascade`);
    connectionId = await storeSandboxConnection({ webhookSecret: secret });
  });

  it("answers an unknown connection and a connection id that is not a uuid with 404, storing nothing", async () => {
    expect(await deliver(notification, { connection: "00000000-0000-4000-8000-000000000000" })).toMatchObject({
      status: 404,
      body: { error: { code: "unknown_connection" } },
    });
    expect((await deliver(notification, { connection: "x" })).status).toBe(404);
    await flushRejections(db());
    expect(await outcomes()).toEqual([]);
    expect(await db().select().from(alerts)).toEqual([]);
    expect(await db().select().from(webhookRejections)).toEqual([]);
  });

  it("keeps nothing in memory for 1,000 unknown connection ids", async () => {
    expect((await deliver(notification)).status).toBe(200);
    const before = keptSigningSecretsCount();
    for (let i = 0; i < 1_000; i++) expect((await deliver(notification, { connection: randomUUID() })).status).toBe(404);
    expect(keptSigningSecretsCount()).toBe(before);
  });

  it("takes a connection id in capitals as the same connection, kept once", async () => {
    expect((await deliver(snapshot("req_caps", 1))).body).toEqual({ outcome: "applied" });
    const before = keptSigningSecretsCount();
    expect((await deliver(snapshot("req_caps", 2), { connection: connectionId.toUpperCase() })).body).toEqual({ outcome: "applied" });
    expect(keptSigningSecretsCount()).toBe(before);
    expect((await db().select().from(webhookDeliveries)).map((d) => d.connectionId)).toEqual([connectionId, connectionId]);
  });

  it("refuses a bad signature with 401, counts it, keeps its reason (no body) and changes nothing", async () => {
    const result = await deliver(notification, { key: oldSecret });
    expect(result).toMatchObject({ status: 401, body: { error: { code: "invalid_signature" } } });
    await flushRejections(db());
    expect(await outcomes()).toEqual([]);
    expect(await db().select().from(alerts)).toEqual([]);
    const [rejection] = await db().select().from(webhookRejections);
    expect(rejection?.reason).toMatch(/signature/i);
    expect(JSON.stringify(rejection)).not.toContain("mon_1");
    expect((await db().select().from(webhookRejectionCounts))[0]?.total).toBe(1);
  });

  it("keeps the last 100 rejection reasons and counts them all", async () => {
    for (let i = 0; i < 105; i++) await deliver(notification, { key: oldSecret, id: `msg_bad_${i}` });
    await flushRejections(db());
    const kept = await db().select().from(webhookRejections).orderBy(asc(webhookRejections.id));
    expect(kept).toHaveLength(100);
    expect(kept[0]?.messageId).toBe("msg_bad_5");
    expect((await db().select().from(webhookRejectionCounts))[0]?.total).toBe(105);
  });

  it("accepts the previous secret during a rotation, and only while it is configured", async () => {
    expect((await deliver(notification, { key: oldSecret })).status).toBe(401);
    await db()
      .update(registryConnections)
      .set({ previousWebhookSecretSealed: sealSecret(oldSecret) }); // as another process would
    // Refused deliveries re-read the stored secrets at most once a second: the sender's retry is then accepted.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + signingSecretsRecheckMs });
    expect((await deliver(notification, { key: oldSecret })).status).toBe(200);
    expect((await deliver(notification, { key: secret })).status).toBe(200);
  });

  it("accepts a secret changed by another process at once, though it keeps secrets for a few seconds", async () => {
    expect((await deliver(notification)).status).toBe(200); // the secrets are now kept by this process
    await db()
      .update(registryConnections)
      .set({ webhookSecretSealed: sealSecret(oldSecret) }); // as another process would
    expect((await deliver(notification, { key: oldSecret })).status).toBe(200);
    expect((await deliver(notification, { key: secret })).status).toBe(401);
  });

  it("applies newer snapshots, records older and equal versions as stale and repeated ids as duplicates", async () => {
    const first = generateMessageId();
    expect(await deliver(snapshot("req_a", 1), { id: first })).toEqual({ status: 200, body: { outcome: "applied" } });
    expect((await deliver(snapshot("req_a", 1), { id: first })).body).toEqual({ outcome: "duplicate" });
    expect((await deliver(snapshot("req_a", 1))).body).toEqual({ outcome: "stale" });
    expect((await deliver(snapshot("req_a", 3, "succeeded"))).body).toEqual({ outcome: "applied" });
    expect((await deliver(snapshot("req_a", 2))).body).toEqual({ outcome: "stale" });
    expect(await outcomes()).toEqual(["applied", "duplicate", "stale", "applied", "stale"]);

    const [request] = await db().select().from(companyRequests);
    expect(request).toMatchObject({
      requestId: "req_a",
      origin: "elsewhere",
      connectionId,
      version: 3,
      complete: true,
      companyId: "HRB 12345",
      countryCode: "DE",
      companyName: "Acme GmbH v3",
    });
    expect((request!.snapshot as { company?: { legalName: string } }).company?.legalName).toBe("Acme GmbH v3");
    expect(request!.snapshot).not.toHaveProperty("type");
    const history = await db().select().from(companyRequestVersions).orderBy(asc(companyRequestVersions.version));
    expect(history.map((h) => [h.version, h.source])).toEqual([
      [1, "webhook"],
      [3, "webhook"],
    ]);

    const ledger = await db().select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id));
    expect(ledger.map((l) => [l.requestId, l.version])).toEqual([
      ["req_a", 1],
      ["req_a", null],
      ["req_a", 1],
      ["req_a", 3],
      ["req_a", 2],
    ]);
    expect(ledger.every((l) => l.processingMs > 0)).toBe(true);
    expect(ledger[4]?.detail).toMatch(/version 2 is not higher than the stored 3/);
  });

  it("keeps a succeeded section that a newer snapshot leaves out, and takes one it brings", async () => {
    expect((await deliver(snapshot("req_keep", 1, "succeeded"))).body).toEqual({ outcome: "applied" });
    const withoutCompany = {
      type: "company.updated",
      request: { requestId: "req_keep", version: 2, dataStatus: { dataPoints: { graph: { status: "succeeded" } }, documents: {} } },
      graph: { nodes: [], edges: [] },
    };
    expect((await deliver(withoutCompany)).body).toEqual({ outcome: "applied" });
    let [stored] = await db().select().from(companyRequests);
    expect(stored?.snapshot).toMatchObject({
      company: { legalName: "Acme GmbH v1" },
      graph: { nodes: [], edges: [] },
      request: { version: 2, dataStatus: { dataPoints: { company: { status: "succeeded" }, graph: { status: "succeeded" } } } },
    });
    expect((await deliver(snapshot("req_keep", 3, "succeeded"))).body).toEqual({ outcome: "applied" });
    [stored] = await db().select().from(companyRequests);
    expect(stored?.snapshot).toMatchObject({ company: { legalName: "Acme GmbH v3" }, request: { version: 3 } });
  });

  it("notifies the request, the request list and the ledger at commit", async () => {
    await deliver(snapshot("req_live", 1));
    const topics = (await db().select().from(liveEvents).orderBy(asc(liveEvents.id))).map((e) => e.topic);
    expect(topics).toEqual(["request:req_live", "requests", "webhooks"]);
  });

  it("stores a monitor notification, once, in a new alert with its timeline event", async () => {
    const id = generateMessageId();
    await deliver(notification, { id });
    await deliver(notification, { id });
    const stored = await db().select().from(monitorNotifications);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      monitorId: "mon_1",
      changeCategories: ["address", "legalRepresentatives"],
      metadata: { caseRef: "C-1" },
      monitorHasBeenDeactivated: false,
      isTest: false,
      messageId: id,
    });
    const [alert] = await db().select().from(alerts);
    expect(alert).toMatchObject({
      id: stored[0]!.alertId,
      state: "new",
      notificationCount: 1,
      categories: ["address", "legalRepresentatives"],
    });
    expect((await db().select().from(alertEvents)).map((e) => e.kind)).toEqual(["notification_received"]);
    expect(await outcomes()).toEqual(["applied", "duplicate"]);
  });

  it("stores billing events, and acknowledges unknown types as unhandled with their payload", async () => {
    const billing = { type: "billing.notification", id: "evt_1", kind: "low_balance", identifier: "warning", payload: { balance: 12 } };
    expect((await deliver(billing)).body).toEqual({ outcome: "applied" });
    expect(await db().select({ kind: billingEvents.kind, payload: billingEvents.payload }).from(billingEvents)).toEqual([
      { kind: "low_balance", payload: billing },
    ]);
    // Its ledger row, claimed before the event was stored, is given the time the delivery took once stored.
    const [ledger] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.type, "billing.notification"));
    expect(ledger?.processingMs).toBeGreaterThan(0);
    const future = { type: "workspace.renamed", workspaceId: "ws_1" };
    expect(await deliver(future)).toEqual({ status: 200, body: { outcome: "unhandled" } });
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.type, "workspace.renamed"));
    expect(row).toMatchObject({ outcome: "unhandled", payload: future });
  });

  it("acknowledges a signed but malformed delivery as failed, with the reason, and stores nothing else", async () => {
    expect((await deliver({ type: "company.updated", request: { version: 2 } })).body).toEqual({ outcome: "failed" });
    expect((await deliver(undefined, { body: "not json" })).body).toEqual({ outcome: "failed" });
    const rows = await db().select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id));
    expect(rows.map((r) => [r.type, r.outcome])).toEqual([
      ["company.updated", "failed"],
      ["(none)", "failed"],
    ]);
    expect(rows[0]?.detail).toMatch(/requestId/);
    expect(await db().select().from(companyRequests)).toEqual([]);
  });

  it("applies a message delivered ten times at once exactly once", async () => {
    const id = generateMessageId();
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(notification, { id })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await db().select().from(monitorNotifications)).toHaveLength(1);
    expect((await outcomes()).sort()).toEqual(["applied", ...Array(9).fill("duplicate")]);
  });

  it("applies a snapshot delivered ten times at once exactly once, and concurrent versions end at the highest, each applied at most once", async () => {
    const id = generateMessageId();
    const same = await Promise.all(Array.from({ length: 10 }, () => deliver(snapshot("req_race", 1), { id })));
    expect(same.map((r) => r.body).filter((b) => JSON.stringify(b) === '{"outcome":"applied"}')).toHaveLength(1);
    expect(same.every((r) => r.status === 200)).toBe(true);

    const versions = [7, 3, 9, 2, 8, 5, 4, 6, 10, 9, 3, 10];
    const results = await Promise.all(versions.map((v) => deliver(snapshot("req_race", v, v === 10 ? "succeeded" : "in_progress"))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [request] = await db().select().from(companyRequests).where(eq(companyRequests.requestId, "req_race"));
    expect(request).toMatchObject({ version: 10, complete: true, companyName: "Acme GmbH v10" });
    const applied = await db()
      .select({ version: webhookDeliveries.version })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.requestId} = 'req_race' and ${webhookDeliveries.outcome} = 'applied'`);
    expect(new Set(applied.map((a) => a.version)).size).toBe(applied.length);
    const history = await db()
      .select({ version: companyRequestVersions.version })
      .from(companyRequestVersions)
      .where(eq(companyRequestVersions.requestId, "req_race"));
    expect(history.map((h) => h.version).sort((a, b) => a - b)).toEqual(applied.map((a) => a.version).sort((a, b) => a! - b!));
  });

  it("answers 503 and keeps nothing when the transaction fails part-way", async () => {
    await db().execute(sql`alter table live_events rename to live_events_gone`);
    try {
      const result = await deliver(snapshot("req_fail", 1));
      expect(result).toMatchObject({ status: 503, body: { error: { code: "unavailable" } } });
    } finally {
      await db().execute(sql`alter table live_events_gone rename to live_events`);
    }
    expect(await outcomes()).toEqual([]);
    expect(await db().select().from(companyRequests)).toEqual([]);
    expect((await deliver(snapshot("req_fail", 1))).body).toEqual({ outcome: "applied" });
  });

  it("answers 503 and keeps nothing while the signing secret cannot be decrypted, and Settings is told why", async () => {
    expect(await unreadableSigningSecrets(db())).toEqual(new Map());
    await db()
      .update(registryConnections)
      .set({ webhookSecretSealed: "v1.deadbeef.x.y.z" })
      .where(eq(registryConnections.id, connectionId));
    forgetSigningSecrets(connectionId);
    expect(await deliver(notification)).toMatchObject({ status: 503, body: { error: { code: "unavailable" } } });
    expect(await outcomes()).toEqual([]);
    expect(await db().select().from(webhookRejections)).toEqual([]);
    const problems = await unreadableSigningSecrets(db());
    expect([...problems.keys()]).toEqual([connectionId]);
    expect(problems.get(connectionId)).toMatch(
      /^the signing secret cannot be decrypted with this server's APP_ENCRYPTION_KEY \(this secret was encrypted under another key/,
    );

    await db()
      .update(registryConnections)
      .set({ webhookSecretSealed: sealSecret(secret) })
      .where(eq(registryConnections.id, connectionId));
    forgetSigningSecrets(connectionId);
    expect((await deliver(notification)).body).toEqual({ outcome: "applied" });
  });

  it("answers 503 when Postgres cannot be reached", async () => {
    const { db: unreachable, pool } = createDatabase("postgres://nobody:nothing@127.0.0.1:1/none", 1);
    try {
      expect((await deliver(notification, { database: unreachable })).status).toBe(503);
    } finally {
      await pool.end();
    }
  });

  it("keeps ledger ids past the sender's 72 hours and 5 minutes, and prunes after the retention", async () => {
    const at = (ms: number) => new Date(Date.now() - ms);
    const row = (messageId: string, receivedAt: Date) => ({
      connectionId,
      messageId,
      type: "x",
      outcome: "applied" as const,
      processingMs: 1,
      receivedAt,
    });
    await db()
      .insert(webhookDeliveries)
      .values([row("msg_recent", at(senderRetryWindowMs + 5 * 60_000 + 60_000)), row("msg_old", at(ledgerRetentionMs + 60_000))]);
    expect(await pruneLedger(db(), new Date(Date.now() - ledgerRetentionMs))).toBe(1);
    expect((await db().select({ id: webhookDeliveries.messageId }).from(webhookDeliveries)).map((r) => r.id)).toEqual(["msg_recent"]);
    expect(ledgerRetentionMs).toBeGreaterThanOrEqual(senderRetryWindowMs + 5 * 60_000);
  });
});
