import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordPeerAddresses } from "./peer-address";

let server: http.Server;
let port: number;

beforeAll(async () => {
  recordPeerAddresses();
  server = http.createServer((request, response) => response.end(request.headers["x-forwarded-for"] ?? ""));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const forwardedFor = async (headers: Record<string, string> = {}) => (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();

describe("the peer address on every request", () => {
  it("is the X-Forwarded-For header when the client sent none", async () => {
    expect(await forwardedFor()).toBe("127.0.0.1");
  });

  it("is appended after whatever X-Forwarded-For the client sent, so it stays the right-most entry", async () => {
    expect(await forwardedFor({ "X-Forwarded-For": "203.0.113.9" })).toBe("203.0.113.9, 127.0.0.1");
    expect(await forwardedFor({ "X-Forwarded-For": "1.1.1.1, 2.2.2.2" })).toBe("1.1.1.1, 2.2.2.2, 127.0.0.1");
  });

  it("is appended once, however often recording is switched on", async () => {
    recordPeerAddresses();
    expect(await forwardedFor({ "X-Forwarded-For": "203.0.113.9" })).toBe("203.0.113.9, 127.0.0.1");
  });
});
