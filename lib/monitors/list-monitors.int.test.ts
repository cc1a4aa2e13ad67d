import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { alerts, monitors } from "@/db/schema";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import { createRegistryClient } from "@/lib/registry/client";
import { startHttpStub } from "@/test/http-stub";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { listMonitorsPage } from "./list-monitors";
import { inactiveMonitorRecords } from "./monitor-records";
import { startMonitor } from "./start-monitor";

/** A registry on 127.0.0.1 answering the list and each monitor's log as the test sets them. */
let stub: Awaited<ReturnType<typeof startHttpStub>>;
let registry: { connection: ConnectionView; client: ReturnType<typeof createRegistryClient> };

const now = new Date("2026-11-24T12:00:00Z");
const hoursBefore = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();
const monitor = (id: string, createdHoursAgo = 100) => ({
  id,
  companyId: `C-${id}`,
  countryCode: "DE",
  companyName: `Company ${id}`,
  metadata: {},
  createdAt: hoursBefore(createdHoursAgo),
});
const log = (hoursAgo: number, fetchStatus = "success", errorMessage: string | null = null) => ({
  logs: [{ id: "l1", changeDetected: false, changeCategories: [], fetchStatus, createdAt: hoursBefore(hoursAgo), errorMessage }],
  hasNextPage: true,
  nextCursor: "c1",
});
const noLogs = { logs: [], hasNextPage: false, nextCursor: null };

/** Answers GET /v2/monitors with `listed` and GET /v2/monitors/<id>/logs from `logs` (a status and body). */
function serve(listed: ReturnType<typeof monitor>[], logs: Record<string, [number, unknown]>) {
  stub.answer((req, res) => {
    const url = new URL(req.url!, "http://stub");
    const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/v2/monitors") return json(200, { monitors: listed, total: 120, hasNextPage: true, nextCursor: "next" });
    const id = decodeURIComponent(url.pathname.split("/")[3] ?? "");
    const [status, body] = logs[id] ?? [
      404,
      { statusCode: 404, error: { code: "not_found", message: "Monitor not found or access denied." } },
    ];
    return json(status, body);
  });
}

describe("the monitors list", () => {
  beforeAll(async () => {
    stub = await startHttpStub();
    const id = await storeSandboxConnection({ webhookSecret: "whsec_unused", name: "Stub", baseUrl: stub.url });
    registry = {
      connection: {
        id,
        name: "Stub",
        environment: "sandbox",
        baseUrl: stub.url,
        apiKeyHint: "sk_dev_…",
        isDefault: true,
        hasWebhookSecret: true,
        hasPreviousWebhookSecret: false,
        updatedAt: "",
      },
      client: createRegistryClient({ baseUrl: stub.url, apiKey: "sk_dev_x" }),
    };
  });
  afterAll(() => stub.close());

  it("gives each monitor its health from its newest check, read for each monitor, with the list's paging and total", async () => {
    serve([monitor("ok"), monitor("stale"), monitor("error"), monitor("young", 10)], {
      ok: [200, log(20)],
      stale: [200, log(50)],
      error: [200, log(2, "error", "The register did not answer.")],
      young: [200, noLogs],
    });
    const page = await listMonitorsPage(registry, { countryCode: "DE", first: 4 }, now);
    expect(page).toMatchObject({ total: 120, hasNextPage: true, nextCursor: "next" });
    expect(page.rows.map((r) => [r.monitor.id, r.health.state, r.health.detail])).toEqual([
      ["ok", "ok", "Last check succeeded."],
      ["stale", "stale", "No check logged for 50 hours (checks run daily)."],
      ["error", "error", "Last check: error: The register did not answer."],
      ["young", "ok", "No check yet."],
    ]);
    const logReads = stub.requests.filter((r) => r.url.includes("/logs"));
    expect(logReads.map((r) => r.url).sort()).toEqual(["error", "ok", "stale", "young"].map((id) => `/v2/monitors/${id}/logs?first=1`));
    expect(stub.requests.find((r) => r.url.startsWith("/v2/monitors?"))?.url).toBe("/v2/monitors?countryCode=DE&first=4");
  });

  it("records what it read into the console's record; a monitor started elsewhere gets one naming no starter", async () => {
    serve([monitor("error")], { error: [200, log(2, "error", "The register did not answer.")] });
    await listMonitorsPage(registry, {}, now);
    const [row] = await db()
      .select()
      .from(monitors)
      .where(and(eq(monitors.connectionId, registry.connection.id), eq(monitors.monitorId, "error")));
    expect(row).toMatchObject({
      companyId: "C-error",
      startedBy: null,
      startedByEmail: null,
      lastCheckAt: new Date(hoursBefore(2)),
      lastFetchStatus: "error",
      lastErrorMessage: "The register did not answer.",
    });
  });

  it("shows a refused log read on its row only (an unsupported country's 400), keeping the last check it recorded", async () => {
    serve([monitor("ok"), monitor("error")], {
      ok: [200, log(20)],
      error: [400, { statusCode: 400, error: { code: "invalid_request", message: "Monitoring is not supported for CN." } }],
    });
    const page = await listMonitorsPage(registry, {}, now);
    expect(page.rows[0]!.checkError).toBeUndefined();
    expect(page.rows[1]).toMatchObject({
      checkError: { status: 400, code: "invalid_request", message: "Monitoring is not supported for CN." },
      lastCheck: { fetchStatus: "error" },
      health: { state: "error" },
    });
  });

  it("names who started a monitor here, its case reference, its open real alert, and a deactivation from a final notification", async () => {
    const user = await insertUser("starter@example.com", "compliance");
    // startMonitor lists the company's monitors (none yet), then creates one.
    stub.answer((req, res) => {
      const body = req.method === "POST" ? monitor("mine") : { monitors: [], total: 0, hasNextPage: false };
      res.writeHead(req.method === "POST" ? 201 : 200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await startMonitor(user, registry, { countryCode: "DE", companyId: "C-mine", metadata: {}, caseReference: "KYC-9" });
    const [open] = await db()
      .insert(alerts)
      .values({
        connectionId: registry.connection.id,
        monitorId: "mine",
        countryCode: "DE",
        companyId: "C-mine",
        categories: [],
        dueAt: now,
      })
      .returning();
    await db().insert(alerts).values({
      connectionId: registry.connection.id,
      monitorId: "mine",
      countryCode: "DE",
      companyId: "C-mine",
      categories: [],
      dueAt: now,
      isTest: true,
    });
    await db().execute(
      sql`update monitors set deactivated_at = ${hoursBefore(1)}, deactivation_reason = 'The company is no longer found in the register.' where monitor_id = 'mine'`,
    );
    serve([monitor("mine")], { mine: [200, log(20)] });
    const [row] = (await listMonitorsPage(registry, {}, now)).rows;
    expect(row!.record).toMatchObject({ startedByEmail: "starter@example.com", caseReference: "KYC-9", openAlertId: open!.id });
    expect(row!.health).toEqual({ state: "deactivated", detail: "The company is no longer found in the register." });
  });

  it("lists the monitors the registry no longer checks (deactivated, or stopped here) from the record, newest first", async () => {
    await db().execute(
      sql`update monitors set stopped_at = ${hoursBefore(0.5)} where monitor_id = 'ok' and connection_id = ${registry.connection.id}`,
    );
    const inactive = await inactiveMonitorRecords(registry.connection.id);
    expect(inactive.map((r) => [r.monitorId, r.deactivation?.reason ?? null, r.stopped ? "stopped" : null])).toEqual([
      ["ok", null, "stopped"],
      ["mine", "The company is no longer found in the register.", null],
    ]);
  });
});
