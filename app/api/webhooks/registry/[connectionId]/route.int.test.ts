/**
 * The webhook URL as the internet reaches it, through both of its entry points: the Next.js route (`next dev`, a
 * plain `next start`) and the launcher's server, which serves deliveries before Next.js (lib/webhooks/serve-webhook.ts,
 * here on a real node:http server on 127.0.0.1). A body over WEBHOOK_MAX_BYTES (8 MiB by default) is answered 413
 * before anything is hashed or stored, and the simulator's largest snapshot (`LARGE`) fits with room to spare.
 * An unknown connection or a request without signature headers is refused before the body is read (the app
 * server's front under abuse: lib/webhooks/intake.int.test.ts).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, registryConnections, webhookDeliveries, webhookRejections } from "@/db/schema";
import { appEnv } from "@/lib/env";
import { flushRejections } from "@/lib/webhooks/rejections";
import { webhookDeliveryTarget } from "@/lib/webhooks/delivery-target";
import { isKnownConnection } from "@/lib/webhooks/known-connections";
import { serveWebhook } from "@/lib/webhooks/serve-webhook";
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

type Answer = { status: number; json: () => Promise<unknown>; headers: Record<string, string | string[] | undefined> };
type Post = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string>, connection?: string) => Promise<Answer>;

/** Straight into the Next.js route handler. */
const postToRoute: Post = async (body, headers, connection = connectionId) => {
  const request = new Request(`http://127.0.0.1/api/webhooks/registry/${connection}`, {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  const response = await POST(request, { params: Promise.resolve({ connectionId: connection }) });
  return { status: response.status, json: () => response.json(), headers: Object.fromEntries(response.headers) };
};

let server: http.Server | undefined;
/** Over HTTP to a node:http server dispatching as scripts/app-server.ts does (anything else would answer 418). */
const postToServer: Post = async (body, headers, connection = connectionId) => {
  server ??= await new Promise<http.Server>((resolve) => {
    const listening = http.createServer((request, response) => {
      const target = webhookDeliveryTarget(request.method, request.url);
      if (target === undefined) return void response.writeHead(418).end();
      void serveWebhook(request, response, target);
    });
    listening.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const request = http.request(
      { host: "127.0.0.1", port, method: "POST", path: `/api/webhooks/registry/${connection}`, headers },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({ status: response.statusCode ?? 0, json: async () => JSON.parse(text), headers: response.headers });
        });
      },
    );
    // The server may answer (413) and close while the body is still going out: the answer is what counts.
    request.on("error", (error) => answered || reject(error));
    if (typeof body === "string") return void request.end(body);
    void (async () => {
      const reader = body.getReader();
      for (let chunk = await reader.read(); !chunk.done && !request.destroyed; chunk = await reader.read()) {
        if (!request.write(chunk.value))
          await new Promise<void>((resolve) => {
            const go = () => (request.off("drain", go).off("close", go), resolve());
            request.once("drain", go).once("close", go);
          });
      }
      request.end();
    })().catch(() => {});
  });
};

/**
 * A connection stored just now: the intake takes it once this process has read the connection ids again, at most
 * a second after the last miss (lib/webhooks/known-connections.ts), as a sender retrying would find.
 */
async function storeKnownConnection(): Promise<string> {
  const id = await storeSandboxConnection({ webhookSecret: testSecret, name: "Simulator", baseUrl: "http://127.0.0.1" });
  while (!(await isKnownConnection(db(), id))) await new Promise((resolve) => setTimeout(resolve, 50));
  return id;
}

const signed = (body: string) => webhookHeaders(testSecret, generateMessageId(), Math.floor(Date.now() / 1000), body);

async function nothingRecorded() {
  await flushRejections(db());
  expect(await db().select().from(webhookDeliveries)).toEqual([]);
  expect(await db().select().from(webhookRejections)).toEqual([]);
  expect(await db().select().from(companyRequests)).toEqual([]);
}

describe.each([
  ["the Next.js route", postToRoute],
  ["the launcher's server (serveWebhook)", postToServer],
])("POST /api/webhooks/registry/[connectionId] through %s", (_entry, post) => {
  beforeAll(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests} cascade`);
    connectionId = await storeKnownConnection();
    sim = await startTestSimulator({ walletCredits: 100_000 });
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
  });
  afterAll(async () => {
    await sim.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
  });

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
    expect(response.headers["cache-control"]).toBe("no-store");
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

describe("the Next.js route, refusing before it reads", () => {
  beforeAll(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests} cascade`);
    connectionId = await storeKnownConnection();
  });
  afterAll(() => flushRejections(db())); // the refusal below is counted: written before the database goes

  /** A body that counts what was read of it, and whether it was cancelled; nothing is pulled until someone reads. */
  function watchedBody() {
    const seen = { pulled: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull: (controller) => void (seen.pulled++, controller.enqueue(new Uint8Array(65_536))),
        cancel: () => void (seen.cancelled = true),
      },
      { highWaterMark: 0 },
    );
    return { stream, seen };
  }

  const post = (connection: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>) =>
    POST(
      new Request(`http://127.0.0.1/api/webhooks/registry/${connection}`, { method: "POST", body, headers, duplex: "half" } as RequestInit),
      { params: Promise.resolve({ connectionId: connection }) },
    );

  it("answers 404 to an unknown connection and 401 without signature headers, reading nothing of the body", async () => {
    const unknown = watchedBody();
    const refused = await post("00000000-0000-4000-8000-000000000000", signed("{}"), unknown.stream);
    expect(refused.status).toBe(404);
    expect(unknown.seen).toEqual({ pulled: 0, cancelled: true });

    const unsigned = watchedBody();
    const { "svix-signature": _, ...headers } = signed("{}");
    const unsignedAnswer = await post(connectionId, headers, unsigned.stream);
    expect(unsignedAnswer.status).toBe(401);
    expect(await unsignedAnswer.json()).toEqual({ error: { code: "invalid_signature", message: "missing svix-signature header" } });
    expect(unsigned.seen).toEqual({ pulled: 0, cancelled: true });
    expect(await db().select().from(webhookDeliveries)).toEqual([]);
    expect(await db().select().from(companyRequests)).toEqual([]);
  });
});
