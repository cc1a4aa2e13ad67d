import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { batchRows, registryConnections, type User } from "@/db/schema";
import { findConnection } from "@/lib/connections/manage-connections";
import { openRegistry, type Registry } from "@/lib/connections/registry-for";
import { stopJobQueue } from "@/lib/jobs/job-queue";
import { intentMetadataKey, openIntent } from "@/lib/orders/paid-request-intents";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { insertUser } from "@/test/users-fixture";
import type { startTestSimulator } from "../../simulator/test-harness";
import { cancelBatch, confirmBatch } from "./batch-control";
import { runBatchStep, startBatchWorkers, stopBatchWorkers, sweepBatches } from "./batch-driver";
import { claimRow } from "./batch-ordering";
import { createBatch, readBatch, readBatchRows, type NewBatchRow } from "./batch-records";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let connectionId: string;
let registry: Registry;
let user: User;
let proxy: RegistryProxy;

/**
 * A registry in front of the simulator that records every order sent (with the batch it names) and can answer an
 * order itself (a 429) or fail the pricing of a country, as a real registry might.
 */
type RegistryProxy = {
  url: string;
  orders: { at: number; id: string; batchId: string | undefined; status: number }[];
  /** Answers the next `POST /v2/company` itself with this status and headers, once each. */
  answerNext: { status: number; headers: Record<string, string>; body: object }[];
  failPricing: Set<string>;
  close(): Promise<void>;
};

async function startProxy(target: string): Promise<RegistryProxy> {
  const state: Omit<RegistryProxy, "url" | "close"> = { orders: [], answerNext: [], failPricing: new Set() };
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", async () => {
      const url = new URL(request.url!, "http://proxy");
      if (request.method === "GET" && url.pathname === "/v2/pricing" && state.failPricing.has(url.searchParams.get("countryCode") ?? "")) {
        response
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { code: "service_unavailable", message: "Pricing is down; retry later." } }));
        return;
      }
      const order =
        request.method === "POST" && url.pathname === "/v2/company"
          ? (JSON.parse(body) as { id: string; metadata?: Record<string, string> })
          : undefined;
      const canned = order && state.answerNext.shift();
      // Recorded as they arrive, in the order they were sent.
      const seen = order && { at: Date.now(), id: order.id, batchId: order.metadata?.batchId, status: 0 };
      if (seen) state.orders.push(seen);
      if (seen && canned) {
        seen.status = canned.status;
        response.writeHead(canned.status, { "content-type": "application/json", ...canned.headers }).end(JSON.stringify(canned.body));
        return;
      }
      const answer = await fetch(target + request.url, {
        method: request.method,
        headers: Object.fromEntries(
          Object.entries(request.headers).filter(([k]) => !["host", "content-length", "connection"].includes(k)),
        ) as Record<string, string>,
        body: request.method === "GET" ? undefined : body,
      });
      if (seen) seen.status = answer.status;
      const headers: Record<string, string> = { "content-type": answer.headers.get("content-type") ?? "application/json" };
      const retryAfter = answer.headers.get("retry-after");
      if (retryAfter) headers["retry-after"] = retryAfter;
      response.writeHead(answer.status, headers).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

const simRequests = () => Object.values(sim.simulator.ctx.store.state.requests);
/** How many orders the registry received for each company. */
const ordersPerCompany = () => {
  const counts = new Map<string, number>();
  for (const r of simRequests()) counts.set(r.companyId, (counts.get(r.companyId) ?? 0) + 1);
  return counts;
};
/** What the registry charged for the requests of these companies (its ledger). */
const spentOn = (companyIds: readonly string[]) => {
  const requestIds = new Set(
    simRequests()
      .filter((r) => companyIds.includes(r.companyId))
      .map((r) => r.requestId),
  );
  return sim.simulator.ctx.store.state.spends
    .filter((s) => s.requestId && requestIds.has(s.requestId))
    .reduce((sum, s) => sum + s.credits, 0);
};

const setPace = (ordersPerMinute: number) =>
  db().execute(sql`
    insert into batch_connection_pace (connection_id, orders_per_minute, next_slot_at) values (${connectionId}, ${ordersPerMinute}, now())
    on conflict (connection_id) do update set orders_per_minute = excluded.orders_per_minute, next_slot_at = now()`);

const row = (companyId: string, rowNumber: number, extra: Partial<NewBatchRow> = {}): NewBatchRow => ({
  rowNumber,
  input: { name: companyId, countryCode: "DE", number: companyId },
  countryCode: "DE",
  matchState: "matched",
  companyId,
  companyName: `Company ${companyId}`,
  ...extra,
});

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `HRB ${prefix}${i + 1}`);

/** A batch of matched rows for `companyIds`, matched and priced (its first step): waiting for a confirm. */
async function pricedBatch(companyIds: readonly string[], extraRows: NewBatchRow[] = [], datapoints = ["company", "shareholders"]) {
  const { batchId } = await createBatch(user, {
    kind: "import",
    connectionId,
    datapoints,
    rows: [...companyIds.map((id, i) => row(id, i + 1)), ...extraRows],
  });
  expect(await runBatchStep(batchId)).toEqual({ next: "none" });
  expect((await readBatch(batchId))?.status).toBe("reviewing");
  return batchId;
}

const rowsOf = async (batchId: string) => readBatchRows(batchId);
const outcomes = async (batchId: string) => (await rowsOf(batchId)).map((r) => r.outcome);

/** What webhooks would bring: every request the registry holds (but those withheld), as it has it now (after time moves on). */
async function deliverWebhooks(withheld: readonly string[] = []) {
  await sim.call("POST", "/_sim/advance", { seconds: 600 });
  for (const { requestId } of simRequests()) {
    if (withheld.includes(requestId)) continue;
    const snapshot = await registry.client.getCompany(requestId);
    await db().transaction((tx) => storeSnapshot(tx, connectionId, snapshot, "webhook"));
  }
}

/** Runs the batch's steps as the queue would, delivering webhooks while it waits, until no step is left. */
async function runToEnd(batchId: string, withheld: readonly string[] = []) {
  for (let i = 0; i < 100; i++) {
    const step = await runBatchStep(batchId);
    if (step.next === "none") return;
    expect(step.next).toBe("again");
    await deliverWebhooks(withheld);
  }
  throw new Error("the batch never finished");
}

beforeAll(async () => {
  ({ sim, connectionId } = await startSimulatorWithConnection());
  registry = (await openRegistry(await findConnection(connectionId)))!;
  user = await insertUser("officer@example.com", "compliance");
  proxy = await startProxy(sim.baseUrl);
});

afterAll(async () => {
  await stopBatchWorkers();
  await stopJobQueue(0);
  await proxy.close();
  await sim.close();
});

beforeEach(async () => {
  await db().update(registryConnections).set({ baseUrl: sim.baseUrl }).where(eq(registryConnections.id, connectionId));
  await setPace(60_000);
});

describe("pricing a batch", () => {
  it("gives each matched row its datapoints and ceiling, and skips in words what needs no order", async () => {
    // A company already ordered outside batches: its file holds company and shareholders, fresh.
    const fresh = "HRB 5001";
    const held = await createBatch(user, { kind: "import", connectionId, datapoints: ["company", "shareholders"], rows: [row(fresh, 1)] });
    await runBatchStep(held.batchId);
    await confirmBatch(user, held.batchId, { capCredits: 1_000, concurrency: 1 });
    await runToEnd(held.batchId);
    expect(await outcomes(held.batchId)).toEqual(["completed"]);
    await db().execute(sql`update batch_rows set updated_at = now() - interval '2 days' where batch_id = ${held.batchId}`);

    const batchId = await pricedBatch(
      ["HRB 5002"],
      [
        row(fresh, 2),
        row("HRB 5002", 3),
        row("", 4, { matchState: "not_found", companyId: undefined, problems: [] }),
        row("", 5, { matchState: "invalid", companyId: undefined, problems: ["The country is missing"] }),
      ],
    );
    const rows = await rowsOf(batchId);
    expect(rows[0]).toMatchObject({ outcome: "pending", datapoints: ["company", "shareholders"], outcomeReason: null });
    expect(rows[0]!.ceilingCredits).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({
      outcome: "skipped",
      outcomeReason: expect.stringMatching(/already holds all of it, fresh \(as of \d{4}-\d\d-\d\d\)/),
    });
    expect(rows[2]).toMatchObject({ outcome: "skipped", outcomeReason: "Row 1 is for the same company" });
    expect(rows[3]).toMatchObject({ outcome: "skipped", outcomeReason: "Not found in the register" });
    expect(rows[4]).toMatchObject({ outcome: "skipped", outcomeReason: "Cannot be read: The country is missing" });

    // Ordered by another batch in the last day: skipped even when its file is not fresh for all of it.
    await db().execute(sql`update batch_rows set updated_at = now() where batch_id = ${held.batchId}`);
    const again = await createBatch(user, {
      kind: "import",
      connectionId,
      datapoints: ["company", "ultimateBeneficialOwners"],
      rows: [row(fresh, 1)],
    });
    await runBatchStep(again.batchId);
    expect((await rowsOf(again.batchId))[0]).toMatchObject({
      outcome: "skipped",
      outcomeReason: "Another batch ordered this company in the last 24 hours",
    });
  });

  it("leaves the rows of a country whose pricing fails unpriced, in the registry's words, and prices them on a later step", async () => {
    await db().update(registryConnections).set({ baseUrl: proxy.url }).where(eq(registryConnections.id, connectionId));
    proxy.failPricing.add("FR");
    const { batchId } = await createBatch(user, {
      kind: "import",
      connectionId,
      datapoints: ["company"],
      rows: [{ ...row("552100554", 1), countryCode: "FR" }, row("HRB 5101", 2)],
    });
    expect(await runBatchStep(batchId)).toEqual({ next: "again", afterSeconds: 30 });
    let rows = await rowsOf(batchId);
    expect(rows[0]).toMatchObject({
      outcome: "pending",
      ceilingCredits: null,
      outcomeReason: expect.stringMatching(/registry gave no price for FR/),
    });
    expect(rows[1]!.ceilingCredits).toBeGreaterThan(0);
    expect(await confirmBatch(user, batchId, { capCredits: 100, concurrency: 1 })).toMatchObject({ ok: false, code: "not_priced" });

    proxy.failPricing.clear();
    expect(await runBatchStep(batchId)).toEqual({ next: "none" });
    rows = await rowsOf(batchId);
    expect(rows[0]).toMatchObject({ outcome: "pending", outcomeReason: null });
    expect(rows[0]!.ceilingCredits).toBeGreaterThan(0);
  });
});

describe("ordering a batch", () => {
  it("never exceeds the confirmed cap: rows beyond it are skipped, and the registry charged no more than the cap", async () => {
    // With the ownership graph, which spends per company it fetches: these companies' graphs reach past the six
    // companies of its default cap, so each order must cap its graph within the row's ceiling.
    const companies = ["HRB 6114", "HRB 6131", "HRB 6138", "HRB 6166", "HRB 6168", "HRB 61111"];
    const batchId = await pricedBatch(companies, [], ["company", "shareholders", "graph"]);
    const ceiling = (await rowsOf(batchId))[0]!.ceilingCredits!;
    const cap = ceiling * 3.5;
    expect(await confirmBatch(user, batchId, { capCredits: cap, concurrency: 4 })).toEqual({ ok: true, data: undefined });
    await runToEnd(batchId);

    const batch = (await readBatch(batchId))!;
    expect(batch.status).toBe("done");
    expect(batch.reservedCredits).toBeLessThanOrEqual(cap);
    const rows = await rowsOf(batchId);
    expect(rows.filter((r) => r.outcome === "completed")).toHaveLength(3);
    expect(rows.filter((r) => r.outcome === "skipped").map((r) => r.outcomeReason)).toEqual(
      Array(3).fill("Not sent: the confirmed cap is reached"),
    );
    expect(spentOn(companies)).toBeGreaterThan(0);
    expect(spentOn(companies)).toBeLessThanOrEqual(cap);
    for (const r of rows.filter((r) => r.outcome === "completed")) {
      expect(r.requestId).toBeTruthy();
      expect(r.intentId).toBeTruthy();
    }
    // Audited as orders of this batch, with its id sent to the registry.
    const { rows: audits } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'company.ordered' and details ->> 'batchId' = ${batchId}`,
    );
    expect(audits[0]!.n).toBe(3);
  });

  it("resumes after a crash at each point of an order, never ordering a company twice", async () => {
    const companies = ids("62", 5);
    const batchId = await pricedBatch(companies);
    await confirmBatch(user, batchId, { capCredits: 1_000, concurrency: 2 });
    const [r1, r2, r3] = await rowsOf(batchId);

    // 1. Claimed, then the process died before the intent was written: nothing was sent.
    expect((await claimRow(batchId))?.id).toBe(r1!.id);
    // 2. Intent written and the order received by the registry, then the process died before its answer was stored;
    //    the registry's webhook then brings the request.
    expect((await claimRow(batchId))?.id).toBe(r2!.id);
    const received = await sendWithoutRecording(r2!.id, r2!.companyId!);
    // 3. The same, but no webhook ever comes.
    expect((await claimRow(batchId))?.id).toBe(r3!.id);
    const lost = await sendWithoutRecording(r3!.id, r3!.companyId!);
    const snapshot = await registry.client.getCompany(received.requestId);
    await db().transaction((tx) => storeSnapshot(tx, connectionId, snapshot, "webhook"));

    // Another instance still holds the batch (the crashed step's process is alive): nothing happens.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    await other.query("select pg_advisory_lock(hashtext('batch-step'), hashtext($1))", [batchId]);
    expect(await runBatchStep(batchId)).toEqual({ next: "locked" });
    expect((await rowsOf(batchId)).filter((r) => r.outcome === "sending")).toHaveLength(3);
    // Its process dies: the lock goes with its connection, and the next step takes over.
    await other.end();

    expect(await runBatchStep(batchId)).toMatchObject({ next: "again" });
    let rows = await rowsOf(batchId);
    expect(rows[1]).toMatchObject({ outcome: "ordered", requestId: received.requestId });
    // Not answered yet, and not two minutes old: still waiting for its answer, not sent again.
    expect(rows[2]).toMatchObject({ outcome: "sending" });
    expect(rows.filter((r) => r.outcome === "ordered")).toHaveLength(4);

    // Two minutes on, no answer: unknown, in words, and never sent again.
    await db().execute(sql`update paid_request_intents set created_at = now() - interval '3 minutes' where id = ${lost.intentId}`);
    await runToEnd(batchId, [lost.requestId]);
    rows = await rowsOf(batchId);
    expect(rows[2]).toMatchObject({
      outcome: "unknown",
      outcomeReason: "No answer was recorded; check Requests before ordering it by hand.",
    });
    expect(rows.map((r) => r.outcome)).toEqual(["completed", "completed", "unknown", "completed", "completed"]);
    expect((await readBatch(batchId))?.status).toBe("done");
    for (const company of companies) expect(ordersPerCompany().get(company)).toBe(1);
    // Reserved: every row that was sent (the unknown one may have been charged), none twice.
    expect((await readBatch(batchId))!.reservedCredits).toBeCloseTo(5 * rows[0]!.ceilingCredits!, 2);

    // The finished batch is left alone until the registry reports the lost order; its webhook comes at last: the sweep
    // wakes the batch, and the row is adopted and completed with its request, still ordered once.
    const stepQueuedFor = async () =>
      (await db().execute(sql`select 1 from pgboss.job where data ->> 'batchId' = ${batchId} and state in ('created', 'retry')`)).rows
        .length;
    // (The steps above ran by hand: the job its confirmation queued is dropped, as a worker would have run it.)
    await db().execute(sql`delete from pgboss.job where data ->> 'batchId' = ${batchId}`);
    await sweepBatches();
    expect(await stepQueuedFor()).toBe(0);
    const late = await registry.client.getCompany(lost.requestId);
    await db().transaction((tx) => storeSnapshot(tx, connectionId, late, "webhook"));
    await sweepBatches();
    expect(await stepQueuedFor()).toBe(1);
    await runToEnd(batchId);
    rows = await rowsOf(batchId);
    expect(rows[2]).toMatchObject({ outcome: "completed", requestId: lost.requestId });
    expect((await readBatch(batchId))?.status).toBe("done");
    expect(ordersPerCompany().get(r3!.companyId!)).toBe(1);
  });

  it("continues after a step that stopped mid-run, and never re-sends an order whose intent was written", async () => {
    await setPace(600);
    const companies = ids("63", 5);
    const batchId = await pricedBatch(companies);
    await confirmBatch(user, batchId, { capCredits: 1_000, concurrency: 1 });
    // A step that stops after its first orders (at its deadline; a kill leaves the same, plus what follows).
    await runBatchStep(batchId, { stepMs: 150 });
    const afterFirst = await outcomes(batchId);
    expect(afterFirst.filter((o) => o === "ordered").length).toBeGreaterThanOrEqual(1);
    expect(afterFirst.filter((o) => o === "pending").length).toBeGreaterThanOrEqual(2);
    // The next step was killed right after it wrote a row's intent, before the registry was called.
    const claimed = (await claimRow(batchId))!;
    const intent = await db().transaction(async (tx) => {
      const opened = await openIntent(tx, {
        actor: user,
        connectionId,
        action: "company.ordered",
        target: `DE ${claimed.company_id}`,
        details: {},
      });
      await tx.update(batchRows).set({ intentId: opened[intentMetadataKey] }).where(eq(batchRows.id, claimed.id));
      return opened[intentMetadataKey];
    });
    await db().execute(sql`update paid_request_intents set created_at = now() - interval '3 minutes' where id = ${intent}`);

    await runToEnd(batchId);
    const rows = await rowsOf(batchId);
    // Whether the registry got it cannot be told here: it is unknown, never sent again.
    expect(rows.find((r) => r.id === claimed.id)).toMatchObject({ outcome: "unknown" });
    expect(rows.filter((r) => r.outcome === "completed")).toHaveLength(4);
    expect(ordersPerCompany().get(claimed.company_id)).toBeUndefined();
    for (const company of companies.filter((c) => c !== claimed.company_id)) expect(ordersPerCompany().get(company)).toBe(1);
  });

  it("resumes after the process running a step is killed: every row ends in one outcome, no company ordered twice", async () => {
    await setPace(240);
    const companies = ids("68", 8);
    const batchId = await pricedBatch(companies);
    await confirmBatch(user, batchId, { capCredits: 1_000, concurrency: 2 });
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "test/run-batch-steps.ts", batchId], {
      env: process.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    let running = true;
    void exited.then(() => (running = false));
    await until(async () => {
      if (!running) throw new Error(`the step process ended before it was killed: ${stderr}`);
      return (await outcomes(batchId)).filter((o) => o === "ordered").length >= 2;
    });
    child.kill("SIGKILL");
    await exited;
    expect((await outcomes(batchId)).filter((o) => o === "pending").length).toBeGreaterThan(0);

    // This process takes over (the killed one's lock died with it); webhooks bring what the registry received.
    await deliverWebhooks();
    await runBatchStep(batchId);
    // An order whose intent was written but whose answer never came: two minutes on, unknown.
    await db().execute(sql`update paid_request_intents set created_at = now() - interval '3 minutes' where status = 'pending'`);
    await runToEnd(batchId);

    const rows = await rowsOf(batchId);
    expect(rows.every((r) => r.outcome === "completed" || r.outcome === "unknown")).toBe(true);
    // At most one order per worker was cut between its intent and the registry.
    expect(rows.filter((r) => r.outcome === "completed").length).toBeGreaterThanOrEqual(6);
    for (const company of companies) expect(ordersPerCompany().get(company) ?? 0).toBeLessThanOrEqual(1);
    for (const r of rows.filter((r) => r.outcome === "completed")) expect(ordersPerCompany().get(r.companyId!)).toBe(1);
    expect((await readBatch(batchId))?.status).toBe("done");
  }, 120_000);

  it("honours 429 Retry-After: the row goes back to waiting, and no batch order goes out through the connection before it is up", async () => {
    await db().update(registryConnections).set({ baseUrl: proxy.url }).where(eq(registryConnections.id, connectionId));
    const companies = ids("64", 3);
    const batchId = await pricedBatch(companies);
    await confirmBatch(user, batchId, { capCredits: 1_000, concurrency: 1 });
    proxy.orders.length = 0;
    proxy.answerNext.push({
      status: 429,
      headers: { "retry-after": "2" },
      body: { error: { code: "rate_limited", message: "Too many requests; retry after the time given in Retry-After." } },
    });
    await runToEnd(batchId);

    const limited = proxy.orders.findIndex((o) => o.status === 429);
    expect(limited).toBe(0);
    expect(proxy.orders[1]!.id).toBe(companies[0]);
    expect(proxy.orders[1]!.at - proxy.orders[0]!.at).toBeGreaterThanOrEqual(1_900);
    expect(proxy.orders.slice(1).map((o) => o.status)).toEqual([200, 200, 200]);
    expect(await outcomes(batchId)).toEqual(Array(3).fill("completed"));
    // The refused attempt's intent stays refused; the row's intent is the one that was ordered.
    const { rows: intents } = await db().execute<{ status: string }>(
      sql`select status from paid_request_intents where target = ${`DE ${companies[0]}`} order by created_at`,
    );
    expect(intents.map((i) => i.status)).toEqual(["refused", "ordered"]);
    for (const company of companies) expect(ordersPerCompany().get(company)).toBe(1);
  });

  it("stops new orders at once on cancel, while the orders already sent complete", async () => {
    await setPace(120);
    const companies = ids("65", 8);
    const batchId = await pricedBatch(companies);
    await confirmBatch(user, batchId, { capCredits: 1_000, concurrency: 1 });
    const step = runBatchStep(batchId);
    while ((await outcomes(batchId)).filter((o) => o === "ordered").length < 2) await new Promise((r) => setTimeout(r, 50));
    expect(await cancelBatch(user, batchId)).toEqual({ ok: true, data: undefined });
    await step;
    const sentBefore = simRequests().filter((r) => companies.includes(r.companyId)).length;
    await runToEnd(batchId);

    const rows = await rowsOf(batchId);
    const completed = rows.filter((r) => r.outcome === "completed");
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(completed.length).toBe(sentBefore);
    expect(rows.filter((r) => r.outcome === "skipped").every((r) => r.outcomeReason === "Cancelled before it was sent")).toBe(true);
    expect(completed.length + rows.filter((r) => r.outcome === "skipped").length).toBe(8);
    expect(simRequests().filter((r) => companies.includes(r.companyId))).toHaveLength(sentBefore);
    const batch = (await readBatch(batchId))!;
    expect(batch.status).toBe("cancelled");
    expect(batch.finishedAt).not.toBeNull();
  });

  it("lets two batches on one connection take turns at its pace", async () => {
    await setPace(300);
    await db().update(registryConnections).set({ baseUrl: proxy.url }).where(eq(registryConnections.id, connectionId));
    const a = await pricedBatch(ids("66", 6));
    const b = await pricedBatch(ids("67", 6));
    await confirmBatch(user, a, { capCredits: 1_000, concurrency: 2 });
    await confirmBatch(user, b, { capCredits: 1_000, concurrency: 2 });
    proxy.orders.length = 0;
    await Promise.all([runBatchStep(a), runBatchStep(b)]);

    const sequence = proxy.orders.map((o) => o.batchId);
    expect(sequence).toHaveLength(12);
    // While both have rows left, they take turns: neither sends more than its two workers' orders in a row.
    const both = sequence.slice(
      Math.max(sequence.indexOf(a), sequence.indexOf(b)),
      Math.min(sequence.lastIndexOf(a), sequence.lastIndexOf(b)) + 1,
    );
    expect(both.length).toBeGreaterThanOrEqual(6);
    let longestRun = 0;
    both.reduce((run, id, i) => {
      const length = i > 0 && id === both[i - 1] ? run + 1 : 1;
      longestRun = Math.max(longestRun, length);
      return length;
    }, 0);
    expect(longestRun).toBeLessThanOrEqual(2);
  });

  it("sets each company's owner from the row once its data is in", async () => {
    const owner = await insertUser("owner@example.com", "compliance");
    const { batchId } = await createBatch(user, {
      kind: "import",
      connectionId,
      datapoints: ["company"],
      rows: [
        row("HRB 6801", 1, { input: { name: "x", countryCode: "DE", owner: "OWNER@example.com" } }),
        row("HRB 6802", 2, { input: { name: "y", countryCode: "DE", owner: "nobody@example.com" } }),
      ],
    });
    await runBatchStep(batchId);
    await confirmBatch(user, batchId, { capCredits: 1_000, concurrency: 2 });
    await runToEnd(batchId);
    const rows = await rowsOf(batchId);
    expect(rows.map((r) => r.outcome)).toEqual(["completed", "completed"]);
    expect(rows[1]!.outcomeReason).toBe('Received; the owner "nobody@example.com" was not set: no active user has that email or name.');
    const { rows: entries } = await db().execute<{ company_id: string; owner_id: string | null }>(
      sql`select company_id, owner_id from portfolio_entries where connection_id = ${connectionId} and company_id in ('HRB 6801', 'HRB 6802')`,
    );
    expect(entries).toEqual([{ company_id: "HRB 6801", owner_id: owner.id }]);
  });
});

describe("the connections that hold batch locks", () => {
  it("carry one error handler however many steps take them (one per step would grow without end)", async () => {
    for (let i = 0; i < 12; i++) expect(await runBatchStep(randomUUID())).toEqual({ next: "none" });
    const { pool } = (globalThis as { registryDeskBatchDriver?: { pool?: pg.Pool } }).registryDeskBatchDriver ?? {};
    expect(pool?.listenerCount("error")).toBe(1);
  });
});

describe("the batch-step jobs", () => {
  it("drive a batch from matching to done on the job queue, and the sweep wakes a batch left without a job", async () => {
    const companies = ids("69", 3);
    const { batchId } = await createBatch(user, {
      kind: "import",
      connectionId,
      datapoints: ["company"],
      rows: companies.map((id, i) => row(id, i + 1)),
    });
    // The sweep finds it (matching, no job yet) and queues its step; a second sweep finds that job waiting.
    const jobsOf = async () =>
      (await db().execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where data ->> 'batchId' = ${batchId}`)).rows[0]!.n;
    expect(await jobsOf()).toBe(0);
    await sweepBatches();
    expect(await jobsOf()).toBe(1);
    await sweepBatches();
    expect(await jobsOf()).toBe(1);
    await startBatchWorkers();
    await until(async () => (await readBatch(batchId))?.status === "reviewing");
    await confirmBatch(user, batchId, { capCredits: 1_000, concurrency: 2 });
    await until(async () => (await outcomes(batchId)).every((o) => o === "ordered" || o === "completed"));
    await deliverWebhooks();
    await until(async () => (await readBatch(batchId))?.status === "done");
    expect(await outcomes(batchId)).toEqual(Array(3).fill("completed"));
    for (const company of companies) expect(ordersPerCompany().get(company)).toBe(1);
    await stopBatchWorkers();
  }, 120_000);
});

/** Waits until `check` holds (the queue works in its own time). */
async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((r) => setTimeout(r, 100));
}

/**
 * What a step that died after the registry received its order leaves: the row's intent written and linked, the
 * order received by the registry (its request exists there), nothing of its answer stored here.
 */
async function sendWithoutRecording(rowId: number, companyId: string) {
  const intent = await db().transaction(async (tx) => {
    const opened = await openIntent(tx, { actor: user, connectionId, action: "company.ordered", target: `DE ${companyId}`, details: {} });
    await tx.update(batchRows).set({ intentId: opened[intentMetadataKey] }).where(eq(batchRows.id, rowId));
    return opened;
  });
  const answer = await registry.client.createCompany({
    id: companyId,
    countryCode: "DE",
    dataPoints: ["company", "shareholders"],
    metadata: { ...intent },
  });
  return { intentId: intent[intentMetadataKey], requestId: answer.request.requestId };
}
