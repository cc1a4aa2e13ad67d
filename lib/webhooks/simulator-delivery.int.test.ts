/**
 * The receiver against the simulator's real webhook sender (Standard Webhooks signing, retries, chaos):
 * duplicates and reordering, and a receiver that is down while the sender delivers.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq, ne, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, registryConnections, webhookDeliveries } from "@/db/schema";
import { startTestSimulator, testSecret } from "../../simulator/test-harness";
import { receiveWebhook } from "./receive";
import { storeSandboxConnection } from "@/test/stored-connection";

type TestSimulator = Awaited<ReturnType<typeof startTestSimulator>>;

/** The app's receiver on a node:http server, which can be stopped and started again on the same port. */
function receiverServer() {
  const server = http.createServer((req, res) => {
    const arrivedAt = performance.now();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const connectionId = req.url!.split("/").at(-1)!;
      const result = await receiveWebhook(db(), { connectionId, rawBody: Buffer.concat(chunks).toString("utf8"), headers, arrivedAt });
      res.writeHead(result.status, { "content-type": "application/json" }).end(JSON.stringify(result.body));
    });
  });
  let port = 0;
  return {
    async start() {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
      return `http://127.0.0.1:${port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Signed document URLs are minted per answer; everything else must be equal. */
function withoutSignedUrls(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, v) => (key === "downloadUrl" || key === "urlExpiresAt" ? undefined : v));
}

const dataPoints = [
  "company",
  "legalRepresentatives",
  "ultimateBeneficialOwners",
  "shareholders",
  "subsidiaries",
  "establishments",
  "otherKeyPersons",
  "graph",
  "availableDocuments",
];

let sim: TestSimulator;
let receiver: ReturnType<typeof receiverServer>;
let connectionId = "";

async function settle(stepSeconds: number, rounds = 40) {
  for (let i = 0; i < rounds; i++) {
    await sim.call("POST", "/_sim/advance", { seconds: stepSeconds });
    const pending = (await sim.call("GET", "/_sim/deliveries?state=pending")).json as unknown[];
    if (pending.length === 0 && i > 2) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("deliveries did not settle");
}

async function order(id: string) {
  const created = await sim.call("POST", "/v2/company", { id, countryCode: "DE", dataPoints });
  expect(created.status).toBe(200);
  return created.json.request.requestId as string;
}

async function expectStoredEqualsApi(requestId: string) {
  const [stored] = await db().select().from(companyRequests).where(eq(companyRequests.requestId, requestId));
  const api = await sim.call("GET", `/v2/company/${requestId}`);
  expect(stored?.complete).toBe(true);
  expect(stored?.version).toBe(api.json.request.version);
  expect(withoutSignedUrls(stored?.snapshot)).toEqual(withoutSignedUrls(api.json));
}

/** Every message the simulator delivered has exactly one first receipt in the ledger; repeats are duplicates. */
async function expectEachMessageOnce() {
  const delivered = (await sim.call("GET", "/_sim/deliveries?state=delivered")).json as { id: string }[];
  const firsts = await db()
    .select({ messageId: webhookDeliveries.messageId })
    .from(webhookDeliveries)
    .where(ne(webhookDeliveries.outcome, "duplicate"));
  expect(firsts.map((f) => f.messageId).sort()).toEqual(delivered.map((d) => d.id).sort());
}

describe("deliveries from the simulator", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests} cascade`);
    connectionId = await storeSandboxConnection({ webhookSecret: testSecret, name: "Simulator", baseUrl: "http://127.0.0.1" });
    sim = await startTestSimulator({ walletCredits: 100_000 });
    receiver = receiverServer();
    const base = await receiver.start();
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: `${base}/api/webhooks/registry/${connectionId}` });
  });

  afterEach(async () => {
    await sim.close();
    await receiver.stop();
  });

  it("with duplicates and reordering, each order's stored dossier ends identical to GET /v2/company/{requestId}", async () => {
    await sim.call("PUT", "/_sim/chaos", { duplicateRate: 0.5, reorderWindowMs: 1500 });
    const requests = [await order("HRB 86891"), await order("HRB 12345"), await order("LARGE")];
    await settle(2);
    for (const requestId of requests) await expectStoredEqualsApi(requestId);
    await expectEachMessageOnce();
    const outcomes = await db().select({ outcome: webhookDeliveries.outcome }).from(webhookDeliveries);
    expect(outcomes.filter((o) => o.outcome === "duplicate").length).toBeGreaterThan(0);
  });

  it("with the receiver down while the simulator delivers, every delivery ends applied exactly once after it is back", async () => {
    await receiver.stop();
    const requestId = await order("HRB 86891");
    await sim.call("POST", "/_sim/advance", { seconds: 10 });
    await sim.simulator.runDue();
    const failedAttempts = (await sim.call("GET", "/_sim/deliveries")).json as { ok: boolean }[];
    expect(failedAttempts.length).toBeGreaterThan(0);
    expect(failedAttempts.every((a) => !a.ok)).toBe(true);
    expect(await db().select().from(webhookDeliveries)).toEqual([]);

    await receiver.start();
    await settle(6 * 60);
    await expectStoredEqualsApi(requestId);
    await expectEachMessageOnce();
    const ledger = await db().select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id));
    expect(ledger.filter((l) => l.outcome === "applied").length).toBeGreaterThan(0);
  });
});
