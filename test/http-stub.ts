import http from "node:http";
import type { AddressInfo } from "node:net";

export type StubHandler = (request: http.IncomingMessage, response: http.ServerResponse, body: string) => unknown;

/** A tiny HTTP server on 127.0.0.1 whose answer each test sets; it records every request it gets. */
export async function startHttpStub() {
  let handler: StubHandler = (_req, res) => res.writeHead(500).end();
  const requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      void handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(next: StubHandler) {
      handler = next;
      requests.length = 0;
    },
    json(status: number, body: unknown, headers: Record<string, string> = {}) {
      this.answer((_req, res) => res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body)));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
