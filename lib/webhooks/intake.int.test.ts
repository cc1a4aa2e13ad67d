/**
 * The webhook URL under abuse: nothing a sender without the connection's URL and signature headers
 * sends is read, the bodies read at once stay within the process's budget, and a body that stops arriving is cut
 * off. Replayed against the app server's front (serveWebhook on a node:http server on 127.0.0.1, with short
 * injected limits) over raw sockets, so a sender can send a head and then nothing. The Next.js route's share of
 * it is in app/api/webhooks/registry/[connectionId]/route.int.test.ts.
 */
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, webhookDeliveries, webhookRejectionCounts, webhookRejections } from "@/db/schema";
import { storeSandboxConnection } from "@/test/stored-connection";
import { generateMessageId, webhookHeaders } from "../../simulator/webhooks/sign";
import { ByteBudget } from "./byte-budget";
import { webhookDeliveryTarget } from "./delivery-target";
import { busyRetryAfterSeconds, type IntakeLimits } from "./intake";
import { isKnownConnection } from "./known-connections";
import { flushRejections } from "./rejections";
import { serveWebhook } from "./serve-webhook";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const strangerId = "00000000-0000-4000-8000-000000000000";
let connectionId = "";
let limits: IntakeLimits;
let server: http.Server;
let port = 0;

const snapshotBody = (requestId: string) =>
  JSON.stringify({
    type: "company.updated",
    request: {
      requestId,
      version: 1,
      companyId: "HRB 12345",
      countryCode: "DE",
      dataPoints: ["company"],
      dataStatus: { dataPoints: { company: { status: "in_progress" } }, documents: {} },
    },
  });

const signed = (body: string) => webhookHeaders(secret, generateMessageId(), Math.floor(Date.now() / 1000), body);

type Exchange = {
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
  socket: net.Socket;
};

/** A raw HTTP/1.1 POST to a connection's webhook URL: the head, then `body` (all of it, or only what is given). */
function send(connection: string, headers: Record<string, string | number>, body = ""): Exchange {
  const head = [
    `POST /api/webhooks/registry/${connection} HTTP/1.1`,
    "Host: 127.0.0.1",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  const socket = net.connect(port, "127.0.0.1", () => socket.write(`${head.join("\r\n")}\r\n\r\n${body}`));
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString()));
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)).on("error", () => {}));
  return { closed, socket };
}

/** The answer's status, lower-cased headers and JSON body (sent whole or in chunks). */
function parsed(raw: string) {
  const split = raw.indexOf("\r\n\r\n");
  const [statusLine, ...lines] = raw.slice(0, split).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  let body = raw.slice(split + 4);
  if (headers["transfer-encoding"] === "chunked") {
    let whole = "";
    for (let size = 0; (size = Number.parseInt(body, 16)) > 0; body = body.slice(body.indexOf("\r\n") + 2 + size + 2)) {
      whole += body.slice(body.indexOf("\r\n") + 2, body.indexOf("\r\n") + 2 + size);
    }
    body = whole;
  }
  return { status: Number(statusLine?.split(" ")[1]), headers, json: body ? (JSON.parse(body) as unknown) : undefined };
}

/** Waits for a condition, checking every 10 ms (the test's own time-out bounds it). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function nothingStored() {
  expect(await db().select().from(webhookDeliveries)).toEqual([]);
  expect(await db().select().from(companyRequests)).toEqual([]);
}

beforeAll(async () => {
  connectionId = await storeSandboxConnection({ webhookSecret: secret });
  // Taken once this process has read the connection ids again (at most a second after a miss).
  while (!(await isKnownConnection(db(), connectionId))) await new Promise((resolve) => setTimeout(resolve, 50));
  server = http.createServer((request, response) => {
    const target = webhookDeliveryTarget(request.method, request.url);
    if (target === undefined) return void response.writeHead(418).end();
    void serveWebhook(request, response, target, limits);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await flushRejections(db()); // before the database goes
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  // A long read limit unless a test shortens it: no answer below may come from a time-out it did not ask for.
  limits = { maxBytes: 8 * 1024 * 1024, readTimeoutMs: 60_000, budget: new ByteBudget(100_000) };
  await flushRejections(db());
  for (const table of [webhookRejections, webhookRejectionCounts, webhookDeliveries, companyRequests]) await db().delete(table);
});

describe("the app server's webhook front under abuse", () => {
  it("answers 404 to an unknown connection at once, without waiting for the body, and closes the connection", async () => {
    for (const connection of [strangerId, "not-a-connection"]) {
      const body = snapshotBody("req_stranger");
      const { closed } = send(connection, { ...signed(body), "content-length": 8 * 1024 * 1024 }); // and never sends it
      const answer = parsed(await closed);
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ error: { code: "unknown_connection" } });
      expect(answer.headers.connection).toBe("close");
    }
    expect(limits.budget.inFlight).toBe(0);
    await nothingStored();
  });

  it("answers 401 at once to a request without the signature headers, without reading its body, and counts the rejection", async () => {
    for (const missing of ["svix-id", "svix-timestamp", "svix-signature"]) {
      const headers: Record<string, string | number> = { ...signed("{}"), "content-length": 1_000_000 };
      delete headers[missing];
      const answer = parsed(await send(connectionId, headers).closed);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ error: { code: "invalid_signature", message: `missing ${missing} header` } });
      expect(answer.headers.connection).toBe("close");
    }
    await flushRejections(db());
    const [counted] = await db().select().from(webhookRejectionCounts);
    expect(counted).toMatchObject({ connectionId, total: 3 });
    await nothingStored();
  });

  it("answers 408 and closes the connection when a body stops arriving, and gives its bytes back to the budget", async () => {
    limits.readTimeoutMs = 200;
    const body = snapshotBody("req_stalled");
    const { closed } = send(connectionId, { ...signed(body), "content-length": Buffer.byteLength(body) }, body.slice(0, 20));
    const answer = parsed(await closed);
    expect(answer.status).toBe(408);
    expect(answer.json).toEqual({ error: { code: "body_timeout", message: "The body did not arrive within 0.2 s; nothing was stored." } });
    expect(answer.headers.connection).toBe("close");
    await until(() => limits.budget.inFlight === 0);
    await nothingStored();
  });

  it("answers 503 with Retry-After past the in-flight budget, before or while reading, and takes deliveries again once it frees", async () => {
    // A sender holds 80,000 of the 100,000 bytes: most of a body, and then nothing more.
    const stalled = send(connectionId, { ...signed("x"), "content-length": 90_000 }, "x".repeat(80_000));
    await until(() => limits.budget.inFlight === 80_000);

    const body = snapshotBody("req_valid");
    const declared = parsed(await send(connectionId, { ...signed(body), "content-length": 30_000 }, body).closed);
    expect(declared.status).toBe(503);
    expect(declared.headers["retry-after"]).toBe(String(busyRetryAfterSeconds));
    expect(declared.json).toMatchObject({ error: { code: "busy" } });
    expect(declared.headers.connection).toBe("close");

    const chunk = "y".repeat(30_000);
    const chunked = `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`;
    const streamed = parsed(await send(connectionId, { ...signed(chunk), "transfer-encoding": "chunked" }, chunked).closed);
    expect(streamed.status).toBe(503);
    expect(streamed.headers["retry-after"]).toBe(String(busyRetryAfterSeconds));
    expect(limits.budget.inFlight).toBe(80_000);

    stalled.socket.destroy(); // the sender goes away: what it held is given back
    await until(() => limits.budget.inFlight === 0);
    const accepted = send(connectionId, { ...signed(body), "content-length": Buffer.byteLength(body), connection: "close" }, body);
    const answer = parsed(await accepted.closed);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ outcome: "applied" });
    expect(limits.budget.inFlight).toBe(0);
  });
});
