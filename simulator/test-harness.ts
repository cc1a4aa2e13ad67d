import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createSimulator, type Simulator } from "./server";

export const testApiKey = "sk_dev_test_harness_key";
export const testSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

export type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A simulator on a free loopback port, with a webhook receiver beside it that records deliveries. */
export async function startTestSimulator(options: { walletCredits?: number; receiverStatus?: () => number } = {}) {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const status = options.receiverStatus?.() ?? 204;
      if (status < 300) received.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const p = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const simulator: Simulator = createSimulator({
    apiKey: testApiKey,
    webhookSecret: testSecret,
    publicUrl: baseUrl,
    walletCredits: options.walletCredits ?? 1000,
    webhookUrl: receiverUrl,
    tickMs: 20,
  });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: simulator.app.fetch, hostname: "127.0.0.1", port }, () => resolve());
  });

  const call = async (method: string, path: string, body?: unknown, key = testApiKey) => {
    const response = await fetch(baseUrl + path, {
      method,
      headers: { ...(key && { "x-api-key": key }), ...(body !== undefined && { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined, text };
  };

  return {
    baseUrl,
    receiverUrl,
    received,
    simulator,
    call,
    async close() {
      await simulator.close();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    },
  };
}
