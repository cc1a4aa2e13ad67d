import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Registry } from "@/lib/connections/registry-for";
import { createRegistryClient } from "@/lib/registry/client";
import { isRegistryCountry, registryCountries } from "@/lib/registry/countries.shared";
import { startHttpStub } from "@/test/http-stub";
import { catalogResponse, pricingResponse } from "../../simulator/pricing";
import { pricingTtlMs } from "./pricing-cache";
import { pricingReadConcurrency, readPriceMatrix } from "./read-price-matrix";

let stub: Awaited<ReturnType<typeof startHttpStub>>;
/** Pricing calls the stub was answering at once, at most. */
let mostInFlight = 0;
let refuse = new Set<string>();
let catalogStatus = 200;

beforeAll(async () => {
  stub = await startHttpStub();
});
afterAll(() => stub.close());
afterEach(() => vi.useRealTimers());

/**
 * The registry: the catalog, and each country's pricing or its refusal. Pricing answers are held for 100 ms, or
 * until more calls wait than the matrix may make at once, so the reads overlap as much as the reader lets them.
 */
function serveRegistry() {
  let held: (() => void)[] = [];
  mostInFlight = 0;
  const releaseAll = () => {
    const now = held;
    held = [];
    now.forEach((release) => release());
  };
  stub.answer((req, res) => {
    const url = new URL(req.url!, stub.url);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
    if (url.pathname === "/v2/catalog") {
      return catalogStatus === 200
        ? json(200, catalogResponse())
        : json(catalogStatus, { statusCode: catalogStatus, error: { code: "not_found", message: "No such endpoint." } });
    }
    const country = url.searchParams.get("countryCode");
    held.push(() => {
      if (!isRegistryCountry(country)) json(400, { statusCode: 400, error: { code: "invalid_request", message: "Unknown country." } });
      else if (refuse.has(country))
        json(
          503,
          { statusCode: 503, error: { code: "service_unavailable", message: `Pricing for ${country} is briefly unavailable.` } },
          { "retry-after": "30" },
        );
      else json(200, pricingResponse(country));
    });
    mostInFlight = Math.max(mostInFlight, held.length);
    if (held.length > pricingReadConcurrency) releaseAll();
    else setTimeout(releaseAll, 100);
  });
}

const openedAt = (baseUrl: string): Registry =>
  ({
    connection: { id: randomUUID(), name: "Stub" },
    client: createRegistryClient({ baseUrl, apiKey: "sk_dev_stub" }),
  }) as Registry;

const pricingCalls = () =>
  stub.requests.filter((r) => r.url.startsWith("/v2/pricing")).map((r) => new URL(r.url, stub.url).searchParams.get("countryCode"));

describe("reading the price matrix", () => {
  it("reads 40 countries a few at a time, shows one country's refusal in its row, and keeps the rest for 10 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    refuse = new Set(["FR"]);
    catalogStatus = 200;
    serveRegistry();
    const registry = openedAt(stub.url);

    const first = await readPriceMatrix(registry, registryCountries);
    expect(pricingCalls()).toHaveLength(40);
    expect(mostInFlight).toBe(pricingReadConcurrency);
    expect(first.rows).toHaveLength(40);
    expect(first.rows.filter((r) => r.error).map((r) => [r.country, r.error!.code, r.error!.retryable, r.error!.retryAfter])).toEqual([
      ["FR", "service_unavailable", true, 30],
    ]);
    expect(first.rows.find((r) => r.country === "DE")!.prices!.datapoints.get("company")).toMatchObject({ state: "priced" });
    expect(first.rows.find((r) => r.country === "VG")!.developmentStatus).toBe("beta");

    // Warm: only the refused country is asked again (an error is not kept), and now it answers.
    refuse = new Set();
    serveRegistry();
    const second = await readPriceMatrix(registry, registryCountries);
    expect(pricingCalls()).toEqual(["FR"]);
    expect(stub.requests.filter((r) => r.url === "/v2/catalog")).toHaveLength(0);
    expect(second.rows.every((r) => r.prices)).toBe(true);

    // The cache is per connection…
    serveRegistry();
    await readPriceMatrix(openedAt(stub.url), ["DE", "AT"]);
    expect(pricingCalls()).toEqual(["DE", "AT"]);

    // …and for 10 minutes.
    serveRegistry();
    vi.setSystemTime(Date.now() + pricingTtlMs + 1);
    await readPriceMatrix(registry, ["DE"]);
    expect(pricingCalls()).toEqual(["DE"]);
    expect(stub.requests.filter((r) => r.url === "/v2/catalog")).toHaveLength(1);
  });

  it("renders the prices without beta marks when the registry has no catalog", async () => {
    refuse = new Set();
    catalogStatus = 404;
    serveRegistry();
    const matrix = await readPriceMatrix(openedAt(stub.url), ["CN"]);
    expect(matrix.catalogError).toMatchObject({ status: 404, code: "not_found" });
    expect(matrix.rows[0]).toMatchObject({ country: "CN", developmentStatus: undefined });
    expect(matrix.rows[0]!.prices!.datapoints.get("ultimateBeneficialOwners")).toMatchObject({ state: "unavailable" });
  });
});
