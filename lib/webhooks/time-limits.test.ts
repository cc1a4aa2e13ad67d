/**
 * The app server's node:http limits cut requests that do not arrive, never answers that take long: a live stream
 * or a slow page outlives `requestTimeout`, a stalled head or body does not. Here on a server with the same
 * options, shortened, on 127.0.0.1.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { appServerTimeouts, bodyReadTimeoutMs } from "./time-limits";

const short = { ...appServerTimeouts, headersTimeout: 300, requestTimeout: 600, connectionsCheckingInterval: 50 };

let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A server with the short limits: `/live` streams `events` events `everyMs` apart, `/slow-page` answers after `everyMs * events`. */
async function listen(events: number, everyMs: number): Promise<number> {
  server = http.createServer(short, (request, response) => {
    if (request.url === "/live") {
      response.writeHead(200, { "content-type": "text/event-stream" });
      let sent = 0;
      const timer = setInterval(() => {
        response.write(`data: ${++sent}\n\n`);
        if (sent < events) return;
        clearInterval(timer);
        response.end();
      }, everyMs);
      request.on("close", () => clearInterval(timer));
    } else if (request.url === "/slow-page") {
      setTimeout(() => response.end("<html>rendered</html>"), everyMs * events);
    } else {
      request.resume().on("end", () => response.end("received"));
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** What a raw connection that sends `sent` receives until the server closes it. */
function rawExchange(port: number, sent: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(sent));
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString()));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

describe("the app server's request limits", () => {
  it("leaves the intake's own 10 s body limit to answer first, and checks often", () => {
    expect(bodyReadTimeoutMs).toBe(10_000);
    expect(appServerTimeouts.requestTimeout).toBeGreaterThan(bodyReadTimeoutMs);
    expect(appServerTimeouts.headersTimeout).toBeLessThanOrEqual(appServerTimeouts.requestTimeout);
    expect(appServerTimeouts.connectionsCheckingInterval).toBeLessThanOrEqual(1_000);
  });

  it("never cuts a live stream, however long it outlasts requestTimeout", async () => {
    const port = await listen(8, short.requestTimeout / 2); // 4× requestTimeout in all
    const response = await fetch(`http://127.0.0.1:${port}/live`);
    const text = await response.text(); // rejects if the stream is cut
    expect(text.match(/^data: \d+$/gm)).toEqual(Array.from({ length: 8 }, (_, i) => `data: ${i + 1}`));
  });

  it("never cuts a page that takes longer than requestTimeout to render", async () => {
    const port = await listen(3, short.requestTimeout);
    const response = await fetch(`http://127.0.0.1:${port}/slow-page`);
    expect(await response.text()).toBe("<html>rendered</html>");
  });

  it("never cuts a kept-alive connection that waits between requests longer than requestTimeout", async () => {
    const port = await listen(1, 10);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const postOnce = () =>
      new Promise<string>((resolve, reject) => {
        const request = http.request({ host: "127.0.0.1", port, method: "POST", path: "/", agent }, (response) => {
          response.resume().on("end", () => resolve(`${response.statusCode} ${request.reusedSocket ? "reused" : "new"}`));
        });
        request.on("error", reject).end("a delivery");
      });
    try {
      expect(await postOnce()).toBe("200 new");
      await new Promise((resolve) => setTimeout(resolve, short.requestTimeout * 2)); // idle: no request under way
      expect(await postOnce()).toBe("200 reused");
    } finally {
      agent.destroy();
    }
  });

  it("answers 408 and closes a request whose body stops arriving", async () => {
    const port = await listen(1, 10);
    const stalled = "POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\npartial";
    expect(await rawExchange(port, stalled)).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("answers 408 and closes a request whose head stops arriving", async () => {
    const port = await listen(1, 10);
    expect(await rawExchange(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")).toMatch(/^HTTP\/1\.1 408 /);
  });
});
