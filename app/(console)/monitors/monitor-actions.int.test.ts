import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRequests, monitors, monitorTestRequests, registryConnections } from "@/db/schema";
import { recordMonitorNotification } from "@/lib/alerts/record-notification";
import { sealSecret } from "@/lib/secret-box";
import { chooseConnection, signInAs } from "@/test/session";
import { startHttpStub } from "@/test/http-stub";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { testApiKey } from "@/simulator/test-harness";
import { startMonitorAction, startMonitorForRequestAction, updateMonitorForRequestAction } from "./actions";
import { sendTestNotificationAction, stopMonitorAction, updateMetadataAction } from "./[monitorId]/actions";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let simConnection = "";
/** A registry stand-in that records every call, for what the simulator cannot show (what was stored before a call). */
let stub: Awaited<ReturnType<typeof startHttpStub>>;
let stubConnection = "";

const mirror = async (monitorId: string) =>
  (
    await db()
      .select()
      .from(monitors)
      .where(and(eq(monitors.connectionId, simConnection), eq(monitors.monitorId, monitorId)))
  )[0];
const auditsFor = async (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const testRequests = async (monitorId: string) =>
  db().select().from(monitorTestRequests).where(eq(monitorTestRequests.monitorId, monitorId)).orderBy(monitorTestRequests.requestedAt);

/** A company no other test in this file monitors (the simulator keeps one monitor per company). */
const freshCompany = () => `HRB ${Math.floor(Math.random() * 900_000) + 100_000}`;

describe("monitor actions", () => {
  beforeAll(async () => {
    ({ sim, connectionId: simConnection } = await startSimulatorWithConnection());
    stub = await startHttpStub();
    const [row] = await db()
      .insert(registryConnections)
      .values({ name: "Stub", environment: "sandbox", baseUrl: stub.url, apiKeySealed: sealSecret(testApiKey), apiKeyHint: "sk_dev_…" })
      .returning();
    stubConnection = row!.id;
  });
  afterAll(async () => {
    await stub.close();
    await sim.close();
  });
  beforeEach(async () => {
    chooseConnection(simConnection);
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
  });

  it("starts a monitor with its metadata, mirrored with who started it and the case reference, and audited", async () => {
    const user = await signInAs("compliance");
    const companyId = freshCompany();
    const result = await startMonitorAction({
      countryCode: "DE",
      companyId,
      metadata: [
        { key: "caseReference", value: "KYC-7" },
        { key: "requestedBy", value: user.email },
      ],
    });
    expect(result).toMatchObject({ ok: true, data: { alreadyMonitored: false } });
    const monitorId = result.ok ? result.data.monitorId : "";
    expect((await sim.call("GET", `/v2/monitors/${monitorId}`)).json.metadata).toEqual({ caseReference: "KYC-7", requestedBy: user.email });
    expect(await mirror(monitorId)).toMatchObject({
      companyId,
      countryCode: "DE",
      caseReference: "KYC-7",
      startedBy: user.id,
      startedByEmail: user.email,
      metadata: { caseReference: "KYC-7", requestedBy: user.email },
      stoppedAt: null,
    });
    const [row] = (await auditsFor("monitor.started")).filter((a) => (a.details as { monitorId: string }).monitorId === monitorId);
    expect(row).toMatchObject({ actorEmail: user.email, target: `DE ${companyId}` });
    expect(row!.details).toMatchObject({ alreadyMonitored: false, caseReference: "KYC-7", metadataKeys: ["caseReference", "requestedBy"] });
  });

  it("says a repeated start is already monitored: the same monitor, its metadata replaced, its first starter kept", async () => {
    const first = await signInAs("compliance");
    const companyId = freshCompany();
    const started = await startMonitorAction({ countryCode: "DE", companyId, metadata: [{ key: "caseReference", value: "A-1" }] });
    const second = await signInAs("admin");
    const again = await startMonitorAction({ countryCode: "DE", companyId, metadata: [{ key: "caseReference", value: "B-2" }] });
    expect(again).toMatchObject({ ok: true, data: { alreadyMonitored: true, monitorId: started.ok ? started.data.monitorId : "" } });
    const monitorId = again.ok ? again.data.monitorId : "";
    expect((await sim.call("GET", `/v2/monitors/${monitorId}`)).json.metadata).toEqual({ caseReference: "B-2" });
    expect(await mirror(monitorId)).toMatchObject({ startedBy: first.id, caseReference: "B-2", metadata: { caseReference: "B-2" } });
    const audits = (await auditsFor("monitor.started")).filter((a) => (a.details as { monitorId: string }).monitorId === monitorId);
    expect(audits.map((a) => [a.actorEmail, (a.details as { alreadyMonitored: boolean }).alreadyMonitored])).toEqual([
      [first.email, false],
      [second.email, true],
    ]);
  });

  it("refuses metadata the registry would alter (a 41-character key, a 501-character value, 51 keys) and sends nothing", async () => {
    await signInAs("compliance");
    stub.answer((_req, res) => res.writeHead(500).end());
    chooseConnection(stubConnection);
    const companyId = freshCompany();
    const longKey = await startMonitorAction({ countryCode: "DE", companyId, metadata: [{ key: "k".repeat(41), value: "v" }] });
    expect(longKey).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { "metadata.0": ["This key is over 40 characters: the registry would skip it. Shorten it."] },
    });
    const longValue = await startMonitorAction({ countryCode: "DE", companyId, metadata: [{ key: "note", value: "v".repeat(501) }] });
    expect(longValue).toMatchObject({ ok: false, fieldErrors: { "metadata.0": [expect.stringMatching(/would cut it/)] } });
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, value: "v" }));
    expect(await startMonitorAction({ countryCode: "DE", companyId, metadata: tooMany })).toMatchObject({
      ok: false,
      fieldErrors: { metadata: [expect.stringMatching(/at most 50 keys/)] },
    });
    expect(stub.requests).toEqual([]);
  });

  it("starts a monitor from a dossier for the request's company, through the request's own connection", async () => {
    await signInAs("compliance");
    stub.answer((_req, res) => res.writeHead(500).end());
    chooseConnection(stubConnection);
    const companyId = freshCompany();
    const requestId = `req_${crypto.randomUUID()}`;
    await db().insert(companyRequests).values({ requestId, connectionId: simConnection, origin: "console", countryCode: "DE", companyId });
    const result = await startMonitorForRequestAction({ requestId, metadata: [{ key: "caseReference", value: "D-1" }] });
    expect(result).toMatchObject({ ok: true, data: { alreadyMonitored: false } });
    expect(await mirror(result.ok ? result.data.monitorId : "")).toMatchObject({ companyId, caseReference: "D-1" });
    expect(stub.requests).toEqual([]);
  });

  it("edits, from a dossier, the metadata of its company's monitor through the request's own connection", async () => {
    await signInAs("compliance");
    const companyId = freshCompany();
    const requestId = `req_${crypto.randomUUID()}`;
    await db().insert(companyRequests).values({ requestId, connectionId: simConnection, origin: "console", countryCode: "DE", companyId });
    const started = await startMonitorForRequestAction({ requestId, metadata: [{ key: "caseReference", value: "D-1" }] });
    const monitorId = started.ok ? started.data.monitorId : "";
    // The session's active connection is another one, which must not be called.
    stub.answer((_req, res) => res.writeHead(500).end());
    chooseConnection(stubConnection);
    const editor = await signInAs("admin");
    const result = await updateMonitorForRequestAction({
      requestId,
      monitorId,
      metadata: [
        { key: "caseReference", value: "D-2" },
        { key: "team", value: "KYC" },
      ],
    });
    expect(result).toEqual({ ok: true, data: { monitorId } });
    expect(stub.requests).toEqual([]);
    expect((await sim.call("GET", `/v2/monitors/${monitorId}`)).json.metadata).toEqual({ caseReference: "D-2", team: "KYC" });
    expect(await mirror(monitorId)).toMatchObject({ caseReference: "D-2", metadata: { caseReference: "D-2", team: "KYC" } });
    const [row] = (await auditsFor("monitor.metadata_updated")).filter((a) => (a.details as { monitorId: string }).monitorId === monitorId);
    expect(row).toMatchObject({ actorEmail: editor.email });
  });

  it("shows the registry's datapoint notices of a start (blocked on missing credentials)", async () => {
    await signInAs("compliance");
    const result = await startMonitorAction({
      countryCode: "FR",
      companyId: String(Math.floor(Math.random() * 1e9)).padStart(9, "1"),
      metadata: [],
    });
    expect(result).toMatchObject({
      ok: true,
      data: {
        datapointNotices: [{ datapoint: "shareholders", status: "blocked_missing_credentials", message: expect.stringMatching(/vault/) }],
      },
    });
  });

  it("replaces a monitor's metadata by re-posting, mirrored and audited", async () => {
    await signInAs("compliance");
    const started = await startMonitorAction({
      countryCode: "DE",
      companyId: freshCompany(),
      metadata: [{ key: "caseReference", value: "OLD" }],
    });
    const monitorId = started.ok ? started.data.monitorId : "";
    const editor = await signInAs("admin");
    const result = await updateMetadataAction({
      monitorId,
      metadata: [
        { key: "caseReference", value: "NEW" },
        { key: "note", value: "x" },
      ],
    });
    expect(result).toEqual({ ok: true, data: { monitorId } });
    expect((await sim.call("GET", `/v2/monitors/${monitorId}`)).json.metadata).toEqual({ caseReference: "NEW", note: "x" });
    expect(await mirror(monitorId)).toMatchObject({ caseReference: "NEW", metadata: { caseReference: "NEW", note: "x" } });
    const [row] = (await auditsFor("monitor.metadata_updated")).filter((a) => (a.details as { monitorId: string }).monitorId === monitorId);
    expect(row).toMatchObject({ actorEmail: editor.email });
    expect(row!.details).toMatchObject({ keysBefore: ["caseReference"], keysAfter: ["caseReference", "note"], caseReference: "NEW" });
  });

  it("records a test notification before calling the registry, so the notification it produces is matched and marked test", async () => {
    const user = await signInAs("compliance");
    const started = await startMonitorAction({ countryCode: "DE", companyId: freshCompany(), metadata: [] });
    const monitorId = started.ok ? started.data.monitorId : "";
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: sim.receiverUrl });
    const result = await sendTestNotificationAction({ monitorId, categories: ["address", "status"], deactivation: false });
    expect(result).toMatchObject({ ok: true });
    const [request] = await testRequests(monitorId);
    expect(request).toMatchObject({ categories: ["address", "status"], deactivation: false, requestedBy: user.id, failure: null });

    // The registry's payload as receipt would file it.
    await expect.poll(() => sim.received.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const payload = JSON.parse(sim.received.at(-1)!.body);
    const { recorded } = await db().transaction((tx) =>
      recordMonitorNotification(tx, simConnection, `msg_${crypto.randomUUID()}`, payload),
    );
    expect(recorded.isTest).toBe(true);
    expect((await testRequests(monitorId))[0]!.notificationId).toBe(recorded.notificationId);
    const [audit] = (await auditsFor("monitor.test_requested")).filter((a) => (a.details as { monitorId: string }).monitorId === monitorId);
    expect(audit!.details).toMatchObject({ outcome: "sent", categories: ["address", "status"], deactivation: false });
  });

  it("has the test request stored when the registry receives the call, with the deactivation variant's flag in the body", async () => {
    await signInAs("compliance");
    const seenAtCall: unknown[] = [];
    stub.answer(async (_req, res, body) => {
      seenAtCall.push(
        (await db().execute(sql`select categories, deactivation from monitor_test_requests where monitor_id = 'mon_stub'`)).rows,
      );
      const sent = JSON.parse(body);
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          type: "monitor.notification",
          monitorId: "mon_stub",
          companyId: "HRB 1",
          countryCode: "DE",
          timestamp: new Date().toISOString(),
          changeCategories: sent.changeCategories,
          monitorHasBeenDeactivated: sent.monitorHasBeenDeactivated ?? false,
        }),
      );
    });
    chooseConnection(stubConnection);
    const result = await sendTestNotificationAction({ monitorId: "mon_stub", categories: ["other"], deactivation: true });
    expect(result).toMatchObject({ ok: true });
    expect(seenAtCall).toEqual([[{ categories: ["other"], deactivation: true }]]);
    expect(JSON.parse(stub.requests[0]!.body)).toEqual({ changeCategories: ["other"], monitorHasBeenDeactivated: true });
  });

  it("stores the registry's refusal of a test notification on its record, audited, and returns it in its words", async () => {
    await signInAs("compliance");
    const started = await startMonitorAction({ countryCode: "DE", companyId: freshCompany(), metadata: [] });
    const monitorId = started.ok ? started.data.monitorId : "";
    // The simulator has no webhook endpoint now: it refuses with 400.
    const result = await sendTestNotificationAction({ monitorId, categories: ["ownership"], deactivation: false });
    expect(result).toMatchObject({ ok: false, code: "invalid_request", error: "No webhook endpoint is configured." });
    const [request] = await testRequests(monitorId);
    expect(request!.failure).toMatchObject({ code: "invalid_request", message: "No webhook endpoint is configured.", status: 400 });
    const [audit] = (await auditsFor("monitor.test_requested")).filter((a) => (a.details as { monitorId: string }).monitorId === monitorId);
    expect(audit!.details).toMatchObject({ outcome: "refused", code: "invalid_request" });
  });

  it("stops a monitor: deleted at the registry, the record kept and marked stopped by the user, audited", async () => {
    await signInAs("compliance");
    const companyId = freshCompany();
    const started = await startMonitorAction({ countryCode: "DE", companyId, metadata: [] });
    const monitorId = started.ok ? started.data.monitorId : "";
    const stopper = await signInAs("admin");
    expect(await stopMonitorAction({ monitorId })).toEqual({ ok: true, data: undefined });
    expect((await sim.call("GET", `/v2/monitors/${monitorId}`)).status).toBe(404);
    expect(await mirror(monitorId)).toMatchObject({ stoppedBy: stopper.id, stoppedAt: expect.any(Date) });
    const [row] = (await auditsFor("monitor.stopped")).filter((a) => (a.details as { monitorId: string }).monitorId === monitorId);
    expect(row).toMatchObject({ actorEmail: stopper.email, target: `DE ${companyId}` });
    // A second stop finds no monitor: the registry's 404, and nothing more is recorded.
    expect(await stopMonitorAction({ monitorId })).toMatchObject({ ok: false, code: "not_found" });
    expect((await auditsFor("monitor.stopped")).filter((a) => (a.details as { monitorId: string }).monitorId === monitorId)).toHaveLength(
      1,
    );
  });

  it("refuses every monitor action to finance and auditors before anything is sent or stored", async () => {
    stub.answer((_req, res) => res.writeHead(500).end());
    chooseConnection(stubConnection);
    for (const role of ["finance", "auditor"] as const) {
      await signInAs(role);
      const requestId = `req_${crypto.randomUUID()}`;
      const results = [
        await startMonitorAction({ countryCode: "DE", companyId: "HRB 1", metadata: [] }),
        await startMonitorForRequestAction({ requestId, metadata: [] }),
        await updateMetadataAction({ monitorId: "mon_stub", metadata: [] }),
        await updateMonitorForRequestAction({ requestId, monitorId: "mon_stub", metadata: [] }),
        await sendTestNotificationAction({ monitorId: "mon_stub", categories: ["status"], deactivation: false }),
        await stopMonitorAction({ monitorId: "mon_stub" }),
      ];
      expect(results.map((r) => r.ok === false && r.code)).toEqual([
        "forbidden",
        "forbidden",
        "forbidden",
        "forbidden",
        "forbidden",
        "forbidden",
      ]);
    }
    expect(stub.requests).toEqual([]);
    expect(await testRequests("mon_stub")).toHaveLength(1); // only the one recorded by the stub test above
  });
});
