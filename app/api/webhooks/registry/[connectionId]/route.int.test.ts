/**
 * The webhook route as the internet reaches it: a body over WEBHOOK_MAX_BYTES (8 MiB by default) is answered 413
 * before anything is hashed or stored, and the simulator's largest snapshot (`LARGE`) fits with room to spare.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, registryConnections, webhookDeliveries, webhookRejections } from "@/db/schema";
import { appEnv } from "@/lib/env";
import { flushRejections } from "@/lib/webhooks/rejections";
import { startTestSimulator, testSecret } from "../../../../../simulator/test-harness";
import { generateMessageId, webhookHeaders } from "../../../../../simulator/webhooks/sign";
import { POST } from "./route";
import { storeSandboxConnection } from "@/test/stored-connection";

let connectionId = "";
let sim: Awaited<ReturnType<typeof startTestSimulator>>;

const everyDataPoint = [
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

function post(body: BodyInit, headers: Record<string, string>, connection = connectionId) {
  const request = new Request(`http://127.0.0.1/api/webhooks/registry/${connection}`, {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return POST(request, { params: Promise.resolve({ connectionId: connection }) });
}

const signed = (body: string) => webhookHeaders(testSecret, generateMessageId(), Math.floor(Date.now() / 1000), body);

async function nothingRecorded() {
  await flushRejections(db());
  expect(await db().select().from(webhookDeliveries)).toEqual([]);
  expect(await db().select().from(webhookRejections)).toEqual([]);
  expect(await db().select().from(companyRequests)).toEqual([]);
}

describe("POST /api/webhooks/registry/[connectionId]", () => {
  beforeAll(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests} cascade`);
    connectionId = await storeSandboxConnection({ webhookSecret: testSecret, name: "Simulator", baseUrl: "http://127.0.0.1" });
    sim = await startTestSimulator({ walletCredits: 100_000 });
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
  });
  afterAll(() => sim.close());

  it("caps bodies at 8 MiB by default", () => {
    expect(appEnv().WEBHOOK_MAX_BYTES).toBe(8 * 1024 * 1024);
  });

  it("answers 413 to one byte over the cap, sent as a stream without a length, and records nothing", async () => {
    const cap = appEnv().WEBHOOK_MAX_BYTES;
    const body = `{"type":"company.updated","pad":"${"x".repeat(cap - 34)}"}`;
    expect(Buffer.byteLength(body)).toBe(cap + 1);
    let sent = 0;
    const chunks = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= body.length) return controller.close();
        controller.enqueue(Buffer.from(body.slice(sent, sent + 65_536)));
        sent += 65_536;
      },
    });
    const response = await post(chunks, signed(body));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: {
        code: "payload_too_large",
        message: `The body is larger than ${cap} bytes (WEBHOOK_MAX_BYTES); nothing was read further or stored.`,
      },
    });
    await nothingRecorded();
  });

  it("answers 413 at once to a Content-Length over the cap", async () => {
    const body = "{}";
    const response = await post(body, { ...signed(body), "content-length": String(appEnv().WEBHOOK_MAX_BYTES + 1) });
    expect(response.status).toBe(413);
    await nothingRecorded();
  });

  it("answers 404 to an unknown connection", async () => {
    const body = "{}";
    const response = await post(body, signed(body), "00000000-0000-4000-8000-000000000000");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "unknown_connection" } });
    await nothingRecorded();
  });

  it("takes the simulator's LARGE snapshot (under half the cap) and applies it", { timeout: 60_000 }, async () => {
    const created = await sim.call("POST", "/v2/company", { id: "LARGE", countryCode: "DE", dataPoints: everyDataPoint });
    expect(created.status).toBe(200);
    const requestId = created.json.request.requestId as string;
    let current = created;
    for (let i = 0; i < 40 && !everyDataPoint.every((d) => current.json.request.dataStatus?.dataPoints?.[d]?.status === "succeeded"); i++) {
      await sim.call("POST", "/_sim/advance", { seconds: 30 });
      await sim.simulator.runDue();
      current = await sim.call("GET", `/v2/company/${requestId}`);
    }
    const body = JSON.stringify({ type: "company.updated", ...current.json });
    const bytes = Buffer.byteLength(body);
    console.log(`[route test] the simulator's LARGE company.updated body: ${bytes} bytes (cap ${appEnv().WEBHOOK_MAX_BYTES})`);
    expect(bytes).toBeGreaterThan(500_000);
    expect(bytes).toBeLessThan(appEnv().WEBHOOK_MAX_BYTES / 2);

    const response = await post(body, signed(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: "applied" });
    const [stored] = await db().select().from(companyRequests);
    expect(stored).toMatchObject({ requestId, connectionId });
  });
});
