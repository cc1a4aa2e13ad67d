import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, monitors, registryConnections } from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import type { ImportOutcome } from "@/lib/monitors/csv-import";
import { testApiKey } from "@/simulator/test-harness";
import { chooseConnection, signInAs } from "@/test/session";
import { startHttpStub } from "@/test/http-stub";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { importMonitorsCsvAction, previewMonitorsCsvAction } from "./actions";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let simConnection = "";
/** A registry that answers as each test says, and records every call. */
let stub: Awaited<ReturnType<typeof startHttpStub>>;
let stubConnection = "";

const importedRows = async (csv: string): Promise<ImportOutcome[]> => {
  const result = await importMonitorsCsvAction({ csv });
  if (!result.ok) throw new Error(`${result.code}: ${result.error}`);
  return result.data.outcomes;
};

const importAudits = (actorEmail: string) =>
  db()
    .select({ target: auditLog.target, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, "monitors.imported"), eq(auditLog.actorEmail, actorEmail)))
    .orderBy(auditLog.id);

/** The stub as a registry: the company is not monitored yet, and a start is answered by `answerStart`. */
function registryStub(
  answerStart: (
    body: { companyId: string; countryCode: string },
    at: number,
  ) => { status: number; body: unknown; headers?: Record<string, string> },
) {
  stub.answer((req, res, raw) => {
    const at = Date.now();
    if (req.method === "GET")
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ monitors: [], total: 0, hasNextPage: false }));
    const answer = answerStart(JSON.parse(raw), at);
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers }).end(JSON.stringify(answer.body));
  });
}

const monitorFor = (body: { companyId: string; countryCode: string }) => ({ id: `mon_${body.countryCode}_${body.companyId}`, ...body });

describe("importing monitors from a CSV", () => {
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
  beforeEach(() => {
    chooseConnection(simConnection);
  });

  it("refuses a finance user, and an auditor, before reading the file or calling the registry", async () => {
    chooseConnection(stubConnection);
    stub.answer((_req, res) => res.writeHead(500).end());
    for (const role of ["finance", "auditor"] as const) {
      await signInAs(role);
      expect(await previewMonitorsCsvAction({ csv: "FR,1\n" })).toMatchObject({ ok: false, code: "forbidden" });
      expect(await importMonitorsCsvAction({ csv: "FR,1\n" })).toMatchObject({ ok: false, code: "forbidden" });
    }
    expect(stub.requests).toEqual([]);
  });

  it("previews each row's errors without calling the registry", async () => {
    chooseConnection(stubConnection);
    stub.answer((_req, res) => res.writeHead(500).end());
    await signInAs("compliance");
    const result = await previewMonitorsCsvAction({ csv: "country,company id\nFR,1\nXX,2\nFR,1\n" });
    expect(result.ok && result.data.rows.map((r) => r.errors)).toEqual([
      [],
      ['Unknown country "XX": use a two-letter code the registry supports, such as FR or DE.'],
      ["Duplicate of row 2: the same country and company id."],
    ]);
    expect(await previewMonitorsCsvAction({ csv: "" })).toEqual({ ok: false, code: "invalid_input", error: "The file has no rows." });
    expect(stub.requests).toEqual([]);
  });

  it("creates the valid rows' monitors with their case reference and who asked; a re-run of the same file finds them already monitored", async () => {
    const user = await signInAs("compliance");
    const [a, b] = [`IMP-${crypto.randomUUID().slice(0, 8)}`, `IMP-${crypto.randomUUID().slice(0, 8)}`];
    const csv = `Country,Company ID,Case reference\r\nFR,${a},KYC-7\r\nde,${b},\r\nXX,${a},\r\nFR,${a},KYC-8\r\n`;

    const first = await importedRows(csv);
    expect(first.map((o) => [o.row, o.kind])).toEqual([
      [2, "created"],
      [3, "created"],
      [4, "invalid"],
      [5, "invalid"],
    ]);
    const listed = await sim.call("GET", `/v2/monitors?companyId=${encodeURIComponent(a)}&countryCode=FR`);
    expect(listed.json.monitors).toHaveLength(1);
    expect(listed.json.monitors[0].metadata).toEqual({ caseReference: "KYC-7", requestedBy: user.email });
    const mirrored = await db()
      .select({ companyId: monitors.companyId, caseReference: monitors.caseReference, startedByEmail: monitors.startedByEmail })
      .from(monitors)
      .where(eq(monitors.connectionId, simConnection))
      .orderBy(monitors.countryCode);
    expect(mirrored.filter((m) => m.companyId === a || m.companyId === b)).toEqual([
      { companyId: b, caseReference: null, startedByEmail: user.email },
      { companyId: a, caseReference: "KYC-7", startedByEmail: user.email },
    ]);

    const again = await importedRows(csv);
    expect(again.map((o) => o.kind)).toEqual(["already_monitored", "already_monitored", "invalid", "invalid"]);
    expect(again.slice(0, 2).map((o) => "monitorId" in o && o.monitorId)).toEqual(
      first.slice(0, 2).map((o) => "monitorId" in o && o.monitorId),
    );
    const total = await sim.call("GET", `/v2/monitors?companyId=${encodeURIComponent(a)}`);
    expect(total.json.total).toBe(1);

    expect(await importAudits(user.email)).toEqual([
      {
        target: "Simulator",
        details: { connectionId: simConnection, rows: 4, created: 2, already_monitored: 0, refused: 0, not_sent: 0, invalid: 2 },
      },
      {
        target: "Simulator",
        details: { connectionId: simConnection, rows: 4, created: 0, already_monitored: 2, refused: 0, not_sent: 0, invalid: 2 },
      },
    ]);
    const started = await db().execute<{ n: string }>(
      sql`select count(*) as n from audit_log where action = 'monitor.started' and actor_email = ${user.email}`,
    );
    expect(Number(started.rows[0]!.n)).toBe(4);
  });

  it("shows the registry's refusal on its row, in its words, and goes on with the others", async () => {
    chooseConnection(stubConnection);
    await signInAs("compliance");
    registryStub((body) =>
      body.countryCode === "MC"
        ? { status: 400, body: { statusCode: 400, error: { code: "invalid_request", message: "Monitoring is not supported for MC." } } }
        : { status: 201, body: monitorFor(body) },
    );
    const outcomes = await importedRows("MC,12345\nFR,1\n");
    expect(outcomes).toEqual([
      {
        row: 1,
        country: "MC",
        companyId: "12345",
        kind: "refused",
        refusal: expect.objectContaining({ status: 400, code: "invalid_request", message: "Monitoring is not supported for MC." }),
      },
      { row: 2, country: "FR", companyId: "1", kind: "created", monitorId: "mon_FR_1", blockedDatapoints: [] },
    ]);
  });

  it("leaves the rest unsent when a 429 asks for a longer wait than the import makes, naming the wait", async () => {
    chooseConnection(stubConnection);
    await signInAs("compliance");
    registryStub(() => ({
      status: 429,
      body: { statusCode: 429, error: { code: "rate_limited", message: "Too many requests." } },
      headers: { "Retry-After": "30" },
    }));
    const outcomes = await importedRows(["FR,1", "FR,2", "FR,3", "FR,4", "FR,5", "FR,6"].join("\n"));
    // The first four are in flight together (importConcurrency); none is started after the first 429 came back.
    expect(outcomes.map((o) => o.kind)).toEqual(["refused", "refused", "refused", "refused", "not_sent", "not_sent"]);
    expect(outcomes[0]).toMatchObject({ refusal: { status: 429, code: "rate_limited", retryAfter: 30 } });
    expect(outcomes[5]).toMatchObject({ reason: expect.stringContaining("the registry asked to wait 30 s") });
    expect(stub.requests.filter((r) => r.method === "POST")).toHaveLength(4);
  });

  it("waits out a short Retry-After before sending the next rows", async () => {
    chooseConnection(stubConnection);
    await signInAs("compliance");
    const posts: { companyId: string; at: number }[] = [];
    // The whole first batch (rows 1 to 4, in flight together) is refused, so no worker is free to start row 5 before
    // a 429 has come back; rows 5 and 6 must then wait the second out, counted from the first 429.
    let limitedAt = Infinity;
    registryStub((body, at) => {
      posts.push({ companyId: body.companyId, at });
      if (!["1", "2", "3", "4"].includes(body.companyId)) return { status: 201, body: monitorFor(body) };
      limitedAt = Math.min(limitedAt, at);
      return {
        status: 429,
        body: { statusCode: 429, error: { code: "rate_limited", message: "Too many requests." } },
        headers: { "Retry-After": "1" },
      };
    });
    const outcomes = await importedRows(["FR,1", "FR,2", "FR,3", "FR,4", "FR,5", "FR,6"].join("\n"));
    expect(outcomes.map((o) => o.kind)).toEqual(["refused", "refused", "refused", "refused", "created", "created"]);
    const later = posts.filter((p) => ["5", "6"].includes(p.companyId));
    expect(later).toHaveLength(2);
    for (const post of later) expect(post.at - limitedAt).toBeGreaterThanOrEqual(950);
  });
});
