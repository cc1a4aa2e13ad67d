/** A webhook receiver for tests: a node:http server on 127.0.0.1 that records every request. */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { headers: Record<string, string>; body: string };
/** Status code to answer with, or "hang" to never answer. */
export type Responder = (request: ReceivedRequest, index: number) => number | "hang";

export type TestReceiver = {
  url: string;
  received: ReceivedRequest[];
  /** Most requests seen open at the same moment. */
  maxConcurrent: () => number;
  close: () => Promise<void>;
};

export async function startReceiver(respond: Responder = () => 204, delayMs = 0): Promise<TestReceiver> {
  const received: ReceivedRequest[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = http.createServer((req, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
      const request = { headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(request);
      const answer = respond(request, received.length - 1);
      if (answer === "hang") return;
      setTimeout(() => {
        open--;
        res.writeHead(answer).end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    maxConcurrent: () => maxOpen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small seedable PRNG (mulberry32) for deterministic chaos in tests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
