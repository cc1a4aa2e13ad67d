import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, registryConnections } from "@/db/schema";
import { ConnectionKeyUnreadableError } from "@/lib/connections/connection-key-unreadable";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { storedRequest } from "@/lib/requests/stored-request";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { fetchSignedDocument } from "./fetch-signed-document";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let connectionId = "";
let requestId = "";
let documentId = "";
let undeliveredId = "";

/** Counts the calls that reach the file host, so a test can tell a refresh-first from a try-then-refresh. */
function countingFetch() {
  const urls: string[] = [];
  const wrapped: typeof fetch = (input, init) => {
    urls.push(String(input));
    return fetch(input, init);
  };
  return { urls, fetch: wrapped };
}

describe("downloading a document through its signed URL", () => {
  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());

    const listing = await sim.call("POST", "/v2/company", { id: "HRB 86891", countryCode: "DE", dataPoints: ["availableDocuments"] });
    await sim.call("POST", "/_sim/advance", { seconds: 30 });
    await sim.simulator.runDue();
    const available = (await sim.call("GET", `/v2/company/${listing.json.request.requestId}`)).json.availableDocuments as { id: string }[];
    documentId = available[0]!.id;
    undeliveredId = available[1]!.id;

    const created = await sim.call("POST", "/v2/company", { id: "HRB 86891", countryCode: "DE", dataPoints: ["availableDocuments"], documents: [documentId] });
    requestId = created.json.request.requestId;
    await sim.call("POST", "/_sim/advance", { seconds: 300 });
    await sim.simulator.runDue();
    await db().insert(companyRequests).values({ requestId, connectionId, origin: "console", countryCode: "DE", companyId: "HRB 86891" });
    const snapshot = (await sim.call("GET", `/v2/company/${requestId}`)).json;
    await db().transaction((tx) => storeSnapshot(tx, connectionId, snapshot, "poll"));
  });
  afterAll(() => sim.close());

  it("streams the file with the stored URL while it is valid", async () => {
    const request = (await storedRequest(requestId))!;
    const host = countingFetch();
    const result = await fetchSignedDocument(request, documentId, { fetch: host.fetch, now: Date.now });
    expect(result).toMatchObject({ ok: true, refreshed: false });
    expect(host.urls).toHaveLength(1);
    if (result.ok) expect((await result.response.text()).startsWith("%PDF")).toBe(true);
  });

  it("asks the registry for a fresh URL when the file host refuses the stored one as expired", async () => {
    await sim.call("POST", "/_sim/advance", { seconds: 20 * 60 });
    const request = (await storedRequest(requestId))!;
    const host = countingFetch();
    const result = await fetchSignedDocument(request, documentId, { fetch: host.fetch, now: () => 0 });
    expect(result).toMatchObject({ ok: true, refreshed: true });
    expect(host.urls).toHaveLength(2);
    expect(host.urls[1]).not.toBe(host.urls[0]);
    if (result.ok) expect((await result.response.text()).startsWith("%PDF")).toBe(true);
  });

  it("refreshes first, without trying, when the URL's stated expiry has passed", async () => {
    const request = (await storedRequest(requestId))!;
    const host = countingFetch();
    const result = await fetchSignedDocument(request, documentId, { fetch: host.fetch, now: () => Date.now() + 24 * 3600_000 });
    expect(result).toMatchObject({ ok: true, refreshed: true });
    expect(host.urls).toHaveLength(1);
  });

  it("refuses a document that was not delivered, and one the request does not have", async () => {
    const request = (await storedRequest(requestId))!;
    expect(await fetchSignedDocument(request, undeliveredId)).toMatchObject({ ok: false, status: 409, code: "document_not_delivered" });
    expect(await fetchSignedDocument(request, "doc_missing")).toMatchObject({ ok: false, status: 404, code: "document_not_found" });
  });

  it("says why when no fresh URL can be had", async () => {
    const request = { ...(await storedRequest(requestId))!, connectionId: null };
    expect(await fetchSignedDocument(request, documentId, { fetch, now: () => Date.now() + 24 * 3600_000 })).toMatchObject({ ok: false, status: 502, code: "no_connection" });
  });

  it("throws a ConnectionKeyUnreadableError (answered 409 by roleRoute) when the connection's key cannot be decrypted", async () => {
    const [unreadable] = await db()
      .insert(registryConnections)
      .values({ name: "Unreadable", environment: "sandbox", baseUrl: sim.baseUrl, apiKeySealed: "not-a-sealed-value", apiKeyHint: "sk_dev_…" })
      .returning();
    const request = { ...(await storedRequest(requestId))!, connectionId: unreadable!.id };
    const failure = fetchSignedDocument(request, documentId, { fetch, now: () => Date.now() + 24 * 3600_000 });
    await expect(failure).rejects.toBeInstanceOf(ConnectionKeyUnreadableError);
    await expect(failure).rejects.toMatchObject({ status: 409, code: "connection_key_unreadable" });
  });
});
