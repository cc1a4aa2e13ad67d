import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startHttpStub } from "@/test/http-stub";
import { createRegistryClient, timeouts } from "./client";
import { RegistryError } from "./registry-error.shared";

const result = {
  id: "552100554",
  legalName: "Société Générale",
  countryCode: "FR",
  address: { city: "Paris" },
  matchReason: { matchType: "default" },
};
const monitors = { monitors: [], total: 0, hasNextPage: false };

let stub: Awaited<ReturnType<typeof startHttpStub>>;
beforeAll(async () => {
  stub = await startHttpStub();
});
afterAll(() => stub.close());

const client = (extra: Parameters<typeof createRegistryClient>[1] = {}) =>
  createRegistryClient({ baseUrl: `${stub.url}/`, apiKey: "sk_dev_test_1234" }, { sleep: async () => {}, ...extra });

async function failure(promise: Promise<unknown>): Promise<RegistryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RegistryError);
  return error as RegistryError;
}

describe("registry client", () => {
  it("sends the key and the query, and returns the validated answer", async () => {
    stub.json(200, [{ ...result, futureField: { kept: true } }]);
    const answer = await client().search({ country: "FR", query: "Société", transliterate: true });
    expect(answer[0]).toMatchObject({ legalName: "Société Générale", futureField: { kept: true } });
    expect(stub.requests[0]!.headers["x-api-key"]).toBe("sk_dev_test_1234");
    expect(stub.requests[0]!.url).toBe("/v2/search?country=FR&query=Soci%C3%A9t%C3%A9&transliterate=true");
  });

  it("turns the spec's error body into a RegistryError with its code, message and details", async () => {
    stub.json(400, { statusCode: 400, error: { code: "invalid_request", message: "Query too short", details: ["query: min 2"] } });
    const error = await failure(client().search({ country: "FR", query: "ab" }));
    expect(error.toInfo()).toEqual({
      status: 400,
      code: "invalid_request",
      message: "Query too short",
      details: ["query: min 2"],
      retryable: false,
      retryAfter: undefined,
    });
  });

  it("marks 5xx and source_unavailable as retryable", async () => {
    stub.json(500, { statusCode: 500, error: { code: "service_unavailable", message: "Search failed" } });
    expect((await failure(client().search({ country: "FR", query: "abc" }))).retryable).toBe(true);
    stub.json(409, { statusCode: 409, error: { code: "SOURCE_UNAVAILABLE", message: "Register down" } });
    expect((await failure(client().getCompany("r1"))).retryable).toBe(true);
  });

  it("reports a non-JSON error as bad_response", async () => {
    stub.answer((_req, res) => res.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad gateway</h1>"));
    const error = await failure(client().pricing("FR"));
    expect(error).toMatchObject({ status: 502, code: "bad_response", retryable: true, details: ["<h1>Bad gateway</h1>"] });
  });

  it("reports an answer in the wrong shape as bad_response, naming the fields", async () => {
    stub.json(200, [{ id: 42 }]);
    const error = await failure(client().search({ country: "FR", query: "abc" }));
    expect(error.code).toBe("bad_response");
    expect(error.details.join(" ")).toMatch(/0\.id/);
  });

  it("reports a 2xx that is not JSON as bad_response", async () => {
    stub.answer((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok"));
    expect((await failure(client().listMonitors())).code).toBe("bad_response");
  });

  it("reports an unreachable server as network_error", async () => {
    const dead = createRegistryClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
    expect(await failure(dead.listMonitors())).toMatchObject({ status: 0, code: "network_error", retryable: true });
  });

  it("times out search after 15 s and other calls after 30 s", async () => {
    expect(timeouts).toEqual({ searchMs: 15_000, defaultMs: 30_000 });
    stub.answer(() => {}); // never answers
    const slow = client({ timeouts: { searchMs: 50, defaultMs: 120 } });
    expect(await failure(slow.search({ country: "FR", query: "abc" }))).toMatchObject({
      code: "timeout",
      retryable: true,
      message: "The registry did not answer within 0.05 s.",
    });
    expect(await failure(slow.listMonitors())).toMatchObject({ code: "timeout", message: "The registry did not answer within 0.12 s." });
  });

  it("lets a caller's abort through as an abort, not as a registry failure", async () => {
    stub.answer(() => {});
    const controller = new AbortController();
    const pending = client().listMonitors({}, { signal: controller.signal });
    await vi.waitFor(() => expect(stub.requests).toHaveLength(1)); // in flight, so no stray request reaches a later test
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });

  describe("429 and Retry-After", () => {
    it("retries an idempotent GET once by itself when the wait is at most 5 s", async () => {
      let calls = 0;
      stub.answer((_req, res) => {
        calls++;
        if (calls === 1)
          res
            .writeHead(429, { "retry-after": "5", "content-type": "application/json" })
            .end(JSON.stringify({ statusCode: 429, error: { code: "rate_limited", message: "Slow down" } }));
        else res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(monitors));
      });
      const sleep = vi.fn(async () => {});
      expect(await client({ sleep }).listMonitors()).toMatchObject({ total: 0 });
      expect(sleep).toHaveBeenCalledWith(5000);
      expect(stub.requests).toHaveLength(2);
    });

    it("does not wait longer than 5 s: the error carries retryAfter for the UI", async () => {
      stub.json(429, { statusCode: 429, error: { code: "rate_limited", message: "Slow down" } }, { "retry-after": "6" });
      expect(await failure(client().listMonitors())).toMatchObject({ status: 429, retryAfter: 6, retryable: true });
      expect(stub.requests).toHaveLength(1);
    });

    it("retries only once", async () => {
      stub.json(429, { statusCode: 429, error: { code: "rate_limited", message: "Slow down" } }, { "retry-after": "1" });
      expect(await failure(client().getCompany("r1"))).toMatchObject({ status: 429, retryAfter: 1 });
      expect(stub.requests).toHaveLength(2);
    });

    it("never retries what spends credits", async () => {
      stub.json(429, { statusCode: 429, error: { code: "rate_limited", message: "Slow down" } }, { "retry-after": "1" });
      expect(await failure(client().createCompany({ id: "552100554", countryCode: "FR", dataPoints: ["company"] }))).toMatchObject({
        status: 429,
        retryAfter: 1,
      });
      expect(await failure(client().onboarding({ id: "552100554", countryCode: "FR", dataPoints: ["companyProfile"] }))).toMatchObject({
        status: 429,
      });
      expect(stub.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /v2/company", "POST /v2/onboarding"]); // one each, no retry
    });

    it("reads Retry-After as an HTTP date too", async () => {
      const at = new Date(Date.now() + 30_000).toUTCString();
      stub.json(429, { statusCode: 429, error: { code: "rate_limited", message: "Slow down" } }, { "retry-after": at });
      const error = await failure(client().pricing("FR"));
      expect(error.retryAfter).toBeGreaterThanOrEqual(28);
      expect(error.retryAfter).toBeLessThanOrEqual(30);
    });
  });

  describe("redirects", () => {
    let elsewhere: Awaited<ReturnType<typeof startHttpStub>>;
    beforeAll(async () => {
      elsewhere = await startHttpStub();
    });
    afterAll(() => elsewhere.close());

    it("never follows one with the API key: a 3xx is unexpected_redirect, and the other host receives nothing", async () => {
      elsewhere.json(200, monitors);
      for (const status of [301, 302, 303, 307, 308]) {
        stub.answer((_req, res) => res.writeHead(status, { location: `${elsewhere.url}/collect?from=registry` }).end());
        const calls = [
          () => client().listMonitors(),
          () => client().createCompany({ id: "552100554", countryCode: "FR", dataPoints: ["company"] }),
          async () => {
            for await (const event of client().searchStream({ country: "FR", query: "abc" })) void event;
          },
        ];
        for (const call of calls) {
          const error = await failure(call());
          expect(error.toInfo()).toEqual({
            status: 502,
            code: "unexpected_redirect",
            message: `The registry answered ${status}, a redirect to ${elsewhere.url}. The console never follows a redirect with the API key, so the call was not sent on; check the connection's base URL.`,
            details: [],
            retryable: false,
            retryAfter: undefined,
          });
          expect(JSON.stringify(error.toInfo())).not.toContain("sk_dev_test_1234");
        }
        expect(stub.requests).toHaveLength(3);
      }
      expect(elsewhere.requests).toEqual([]);
    });

    it("names a redirect without a readable Location by its status alone", async () => {
      stub.answer((_req, res) => res.writeHead(302, { location: "http://[::1" }).end());
      expect((await failure(client().getCompany("r1"))).message).toMatch(/^The registry answered 302, a redirect\. /);
    });
  });

  it("answers a 204 DELETE with nothing", async () => {
    stub.answer((_req, res) => res.writeHead(204).end());
    expect(await client().deleteMonitor("m 1")).toBeUndefined();
    expect(stub.requests[0]).toMatchObject({ method: "DELETE", url: "/v2/monitors/m%201" });
  });
});
