import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Webhook } from "svix";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyResponseSchema, companyUpdatedEventSchema, errorBodySchema, searchResultsSchema } from "../lib/registry/schemas.shared";
import { createSimulator } from "./server";
import { startTestSimulator, testSecret } from "./test-harness";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let frId: string;
beforeAll(async () => {
  sim = await startTestSimulator({ walletCredits: 1000 });
  frId = searchResultsSchema.parse((await sim.call("GET", "/v2/search?country=FR&query=Holding")).json)[0]!.id;
});
afterAll(() => sim.close());

const wallet = async () => (await sim.call("GET", "/_sim/wallet")).json.balance as number;
const advance = (seconds: number) => sim.call("POST", "/_sim/advance", { seconds });
const order = (body: Record<string, unknown>) => sim.call("POST", "/v2/company", body);
const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};
const statusOf = (snapshot: { request: { dataStatus?: { dataPoints?: Record<string, unknown>; documents?: Record<string, unknown> } } }) =>
  snapshot.request.dataStatus;

describe("a company request", () => {
  it("answers at once, completes datapoint by datapoint, and sends a signed company.updated per version", async () => {
    const before = await wallet();
    const answer = await order({
      id: frId,
      countryCode: "FR",
      dataPoints: ["company", "legalRepresentatives", "shareholders", "graph"],
      metadata: { caseReference: "C-1" },
    });
    expect(answer.status).toBe(200);
    const first = companyResponseSchema.parse(answer.json);
    expect(first.request).toMatchObject({ version: 1, companyId: frId, metadata: { caseReference: "C-1" } });
    expect(Object.values(statusOf(first)!.dataPoints!).every((s) => (s as { status: string }).status === "in_progress")).toBe(true);
    const charged = before - (await wallet());
    expect(charged).toBeGreaterThan(0);

    await advance(10);
    const requestId = first.request.requestId;
    const final = companyResponseSchema.parse((await sim.call("GET", `/v2/company/${requestId}`)).json);
    expect(Object.values(statusOf(final)!.dataPoints!).map((s) => (s as { status: string }).status)).toEqual([
      "succeeded",
      "succeeded",
      "succeeded",
      "succeeded",
    ]);
    expect(final.company?.legalName).toBeTruthy();
    expect(final.graph?.nodes?.length).toBeGreaterThan(1);

    await waitFor(() => sim.received.filter((r) => r.body.includes(requestId)).length >= (final.request.version ?? 0) - 1);
    const deliveries = sim.received.filter((r) => r.body.includes(requestId));
    const versions = new Set<number>();
    for (const delivery of deliveries) {
      const event = companyUpdatedEventSchema.parse(
        new Webhook(testSecret).verify(delivery.body, delivery.headers as Record<string, string>),
      );
      versions.add(event.request.version!);
    }
    // Every version after the first was delivered (chaos is off here), the last one being terminal.
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: final.request.version! - 1 }, (_, i) => i + 2));
  });

  it("bills the same block for the same company once in 24 hours", async () => {
    await order({ id: frId, countryCode: "FR", dataPoints: ["company"] });
    const before = await wallet();
    await order({ id: frId, countryCode: "FR", dataPoints: ["company"] });
    expect(await wallet()).toBe(before);
    await advance(25 * 3600);
    await order({ id: frId, countryCode: "FR", dataPoints: ["company"] });
    expect(await wallet()).toBeLessThan(before);
  });

  it("refunds a block whose only datapoint does not apply, and does not bill a missing document", async () => {
    const before = await wallet();
    const sole = companyResponseSchema.parse((await order({ id: "SOLE_TRADER", countryCode: "DE", dataPoints: ["shareholders"] })).json);
    expect(before - (await wallet())).toBeGreaterThan(0);
    await advance(10);
    const done = companyResponseSchema.parse((await sim.call("GET", `/v2/company/${sole.request.requestId}`)).json);
    expect(statusOf(done)!.dataPoints!.shareholders).toMatchObject({
      status: "failed",
      error: { code: "datapoint_not_applicable", retryable: false },
    });
    expect(await wallet()).toBe(before);

    const noDocs = companyResponseSchema.parse(
      (await order({ id: "NO_DOCUMENTS", countryCode: "FR", documents: ["tradeRegisterExtract"], dataPoints: [] })).json,
    );
    expect(await wallet()).toBe(before);
    await advance(10);
    const docs = companyResponseSchema.parse((await sim.call("GET", `/v2/company/${noDocs.request.requestId}`)).json);
    expect(statusOf(docs)!.documents!.tradeRegisterExtract).toMatchObject({ status: "failed", error: { code: "no_document_available" } });
  });

  it("delivers SLOW_DELIVERY datapoints after 20 s at the earliest, and INSTANT_DELIVERY ones within 100 ms", async () => {
    const slow = companyResponseSchema.parse((await order({ id: "SLOW_DELIVERY", countryCode: "FR", dataPoints: ["company"] })).json);
    const instant = companyResponseSchema.parse((await order({ id: "INSTANT_DELIVERY", countryCode: "FR", dataPoints: ["company"] })).json);
    await advance(0.1);
    const status = async (id: string) =>
      ((await sim.call("GET", `/v2/company/${id}`)).json.request.dataStatus.dataPoints.company as { status: string }).status;
    expect(await status(instant.request.requestId)).toBe("succeeded");
    await advance(15);
    expect(await status(slow.request.requestId)).not.toBe("succeeded");
    await advance(50);
    expect(await status(slow.request.requestId)).toBe("succeeded");
  });

  it("fails every datapoint of SOURCE_UNAVAILABLE as retryable", async () => {
    const answer = companyResponseSchema.parse(
      (await order({ id: "SOURCE_UNAVAILABLE", countryCode: "GB", dataPoints: ["company", "graph"] })).json,
    );
    await advance(10);
    const done = companyResponseSchema.parse((await sim.call("GET", `/v2/company/${answer.request.requestId}`)).json);
    expect(Object.values(statusOf(done)!.dataPoints!)).toEqual([
      expect.objectContaining({ status: "failed", error: expect.objectContaining({ code: "source_unavailable", retryable: true }) }),
      expect.objectContaining({ status: "failed", error: expect.objectContaining({ code: "source_unavailable", retryable: true }) }),
    ]);
  });
});

describe("transliteration", () => {
  it("romanizes names, addresses and people of a native-script company with transliterate=true, and nothing else", async () => {
    const ruId = searchResultsSchema.parse((await sim.call("GET", "/v2/search?country=RU&query=MATCH_REASONS")).json)[0]!.id;
    const made = companyResponseSchema.parse(
      (await order({ id: ruId, countryCode: "RU", dataPoints: ["company", "legalRepresentatives"] })).json,
    );
    await advance(10);
    const plain = companyResponseSchema.parse((await sim.call("GET", `/v2/company/${made.request.requestId}`)).json);
    const latin = companyResponseSchema.parse((await sim.call("GET", `/v2/company/${made.request.requestId}?transliterate=true`)).json);
    expect(plain.company?.legalName).toMatch(/[\u0400-\u04FF]/);
    expect(latin.company?.legalName).not.toMatch(/[\u0400-\u04FF]/);
    expect(JSON.stringify(latin.legalRepresentatives)).not.toMatch(/[\u0400-\u04FF]/);
    expect(latin.company?.id).toBe(plain.company?.id);
    expect(latin.request.requestId).toBe(plain.request.requestId);
  });
});

describe("refusals, at once and unbilled", () => {
  it("gives every error special id its documented behaviour, in any country", async () => {
    const { errorSpecialIds } = await import("./special-errors");
    for (const [id, special] of Object.entries(errorSpecialIds)) {
      for (const countryCode of ["DE", "MU"]) {
        if (special.where === "search") {
          const answer = await sim.call("GET", `/v2/search?country=${countryCode}&query=${id}`);
          expect(answer.status, id).toBe(special.status);
          continue;
        }
        const answer =
          special.where === "onboarding"
            ? await sim.call("POST", "/v2/onboarding", { id, countryCode })
            : await order({
                id,
                countryCode,
                dataPoints: ["company"],
                documents: special.where === "document" ? ["tradeRegisterExtract"] : [],
              });
        if (special.status) {
          expect([id, answer.status, answer.json.error.code]).toEqual([id, special.status, special.code]);
          continue;
        }
        const requestId = companyResponseSchema.parse(answer.json).request.requestId;
        await advance(10);
        const done = companyResponseSchema.parse((await sim.call("GET", `/v2/company/${requestId}`)).json);
        const entries = special.where === "document" ? statusOf(done)!.documents! : statusOf(done)!.dataPoints!;
        expect(Object.values(entries)[0]).toMatchObject({ status: "failed", error: { code: special.code, retryable: special.retryable } });
      }
    }
  });

  it("answers each error special id with its status, code and retryability", async () => {
    const limited = await order({ id: "RATE_LIMITED", countryCode: "FR", dataPoints: ["company"] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(errorBodySchema.parse(limited.json).error.code).toBe("rate_limited");
    expect((await order({ id: "INSUFFICIENT_FUNDS", countryCode: "FR", dataPoints: ["company"] })).status).toBe(402);
    expect((await sim.call("POST", "/v2/onboarding", { id: "ONBOARDING_TIMEOUT", countryCode: "FR" })).status).toBe(504);
    expect((await sim.call("GET", "/v2/search?country=FR&query=SERVICE_UNAVAILABLE")).status).toBe(500);
  });

  it("refuses a non-canonical Mauritius id, an unsupported datapoint and a quote above the cap, without billing", async () => {
    const before = await wallet();
    const mauritius = await order({ id: "C1234567", countryCode: "MU", dataPoints: ["company"] });
    expect(mauritius.status).toBe(400);
    expect(mauritius.json.error.message).toMatch(/one letter followed by 2 to 6 digits/);
    expect((await order({ id: "C12345", countryCode: "MU", dataPoints: ["company"] })).status).toBe(200);
    const afterValid = await wallet();
    expect((await order({ id: frId, countryCode: "IT", dataPoints: ["subsidiaries"] })).status).toBe(400);
    const capped = await order({ id: `${frId}`, countryCode: "DE", dataPoints: ["graph"], maxBudget: 0.5 });
    expect(capped.status).toBe(400);
    expect(capped.json.error).toMatchObject({ code: "budget_exceeded" });
    expect(capped.json.error.details[0]).toMatch(/^quotedPrice: \d/);
    expect(await wallet()).toBe(afterValid);
    expect(afterValid).toBeLessThan(before);
  });

  it("answers insufficient_funds with the price and the balance when the wallet is short", async () => {
    await sim.call("PUT", "/_sim/wallet", { balance: 0.5 });
    const answer = await order({ id: "OWNERSHIP_DEEP", countryCode: "NL", dataPoints: ["graph"] });
    expect(answer.status).toBe(402);
    expect(answer.json.error.message).toMatch(/costs [\d.]+ credits; the balance is 0.5/);
    await sim.call("PUT", "/_sim/wallet", { balance: 1000 });
  });
});

describe("search", () => {
  it("refuses a query under 2 characters and finds thousands for MANY_RESULTS", async () => {
    expect((await sim.call("GET", "/v2/search?country=FR&query=a")).status).toBe(400);
    expect(
      searchResultsSchema.parse((await sim.call("GET", "/v2/search?country=FR&query=MANY_RESULTS")).json).length,
    ).toBeGreaterThanOrEqual(1000);
  });

  it("finds a sandbox test company by a word of its name, and that id orders it", async () => {
    const [found] = searchResultsSchema.parse((await sim.call("GET", "/v2/search?country=DE&query=diamond")).json);
    expect(found).toMatchObject({ id: "OWNERSHIP_DIAMOND", matchReason: { matchType: "partialId" } });
    const ordered = companyResponseSchema.parse((await order({ id: found!.id, countryCode: "DE", dataPoints: ["company"] })).json);
    expect(ordered.request.companyId).toBe("OWNERSHIP_DIAMOND");
    const streamed = await fetch(`${sim.baseUrl}/v2/search?country=DE&query=large&stream=true`, {
      headers: { "x-api-key": "sk_dev_test_harness_key", accept: "text/event-stream" },
    });
    const complete = /event: complete\ndata: (.*)\n/.exec(await streamed.text());
    expect(JSON.parse(complete![1]!).results[0].id).toBe("LARGE");
  });

  it("streams progress events as sources finish, then complete", async () => {
    const response = await fetch(`${sim.baseUrl}/v2/search?country=DE&query=MANY_RESULTS&stream=true`, {
      headers: { "x-api-key": "sk_dev_test_harness_key", accept: "text/event-stream" },
    });
    const text = await response.text();
    const events = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(events.at(-1)).toBe("complete");
    expect(events.slice(0, -1).every((e) => e === "progress")).toBe(true);
    expect(events.length).toBeGreaterThanOrEqual(3);
  });
});

describe("sandbox lifecycle", () => {
  it("user-defined companies: a PATCH changes what the next request returns", async () => {
    expect(
      (await sim.call("POST", "/v2/sandbox/companies", { countryCode: "FR", id: "USERCO1", company: { legalName: "Ma Société Test" } }))
        .status,
    ).toBe(201);
    const fetchName = async () => {
      const made = companyResponseSchema.parse((await order({ id: "USERCO1", countryCode: "FR", dataPoints: ["company"] })).json);
      await advance(10);
      return companyResponseSchema.parse((await sim.call("GET", `/v2/company/${made.request.requestId}`)).json).company?.legalName;
    };
    expect(await fetchName()).toBe("Ma Société Test");
    expect((await sim.call("PATCH", "/v2/sandbox/companies/FR/USERCO1", { company: { legalName: "Nouveau Nom SAS" } })).status).toBe(200);
    expect(await fetchName()).toBe("Nouveau Nom SAS");
    expect((await sim.call("PATCH", "/v2/sandbox/companies/FR/UNKNOWN", { company: {} })).status).toBe(404);
  });

  it("reset clears request history and restores the wallet", async () => {
    const made = companyResponseSchema.parse((await order({ id: frId, countryCode: "FR", dataPoints: ["ultimateBeneficialOwners"] })).json);
    await sim.call("POST", "/v2/sandbox/reset");
    expect((await sim.call("GET", `/v2/company/${made.request.requestId}`)).status).toBe(404);
    expect(await wallet()).toBe(1000);
  });

  it("keeps monitors, vault entries and the wallet across a restart", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "sim-state-")), "simulator.json");
    const options = {
      apiKey: "sk_dev_restart_key1",
      webhookSecret: testSecret,
      publicUrl: "http://127.0.0.1:1",
      stateFile: file,
      walletCredits: 77,
    };
    const first = createSimulator(options);
    const headers = { "x-api-key": options.apiKey, "content-type": "application/json" };
    await first.app.request("/v2/monitors", { method: "POST", headers, body: JSON.stringify({ companyId: "kept", countryCode: "FR" }) });
    await first.app.request("/v2/workspaces/default/vault/infogreffe", {
      method: "PUT",
      headers,
      body: JSON.stringify({ payload: { email: "a@b.c", password: "p" } }),
    });
    await first.app.request("/_sim/wallet", { method: "PUT", headers, body: JSON.stringify({ balance: 12 }) });
    await first.close();
    const second = createSimulator(options);
    const monitors = (await (await second.app.request("/v2/monitors", { headers })).json()) as { total: number };
    const vault = (await (await second.app.request("/v2/workspaces/default/vault", { headers })).json()) as unknown[];
    const balance = (await (await second.app.request("/_sim/wallet", { headers })).json()) as { balance: number };
    await second.close();
    expect([monitors.total, vault.length, balance.balance]).toEqual([1, 1, 12]);
  });
});
