import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, registryConnections } from "@/db/schema";
import { ConnectionKeyUnreadableError } from "@/lib/connections/connection-key-unreadable.shared";
import { sealSecret } from "@/lib/secret-box";
import { companyResponseSchema } from "@/lib/registry/schemas.shared";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { storedRequest, type StoredRequest } from "@/lib/requests/stored-request";
import { startHttpStub } from "@/test/http-stub";
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

    const created = await sim.call("POST", "/v2/company", {
      id: "HRB 86891",
      countryCode: "DE",
      dataPoints: ["availableDocuments"],
      documents: [documentId],
    });
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
    expect(await fetchSignedDocument(request, documentId, { fetch, now: () => Date.now() + 24 * 3600_000 })).toMatchObject({
      ok: false,
      status: 502,
      code: "no_connection",
    });
  });

  it("throws a ConnectionKeyUnreadableError (answered 409 by roleRoute) when the connection's key cannot be decrypted", async () => {
    const [unreadable] = await db()
      .insert(registryConnections)
      .values({
        name: "Unreadable",
        environment: "sandbox",
        baseUrl: sim.baseUrl,
        apiKeySealed: "not-a-sealed-value",
        apiKeyHint: "sk_dev_…",
      })
      .returning();
    const request = { ...(await storedRequest(requestId))!, connectionId: unreadable!.id };
    const failure = fetchSignedDocument(request, documentId, { fetch, now: () => Date.now() + 24 * 3600_000 });
    await expect(failure).rejects.toBeInstanceOf(ConnectionKeyUnreadableError);
    await expect(failure).rejects.toMatchObject({ status: 409, code: "connection_key_unreadable" });
  });
});

describe("where a document is fetched from, and how much of it", () => {
  let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
  /** An internal service that must never be reached: it records every hit. */
  let internal: Awaited<ReturnType<typeof startHttpStub>>;
  /** A sandbox connection's own address, serving its files (as the simulator does). */
  let fileHost: Awaited<ReturnType<typeof startHttpStub>>;
  const connections = { production: "", sandbox: "", fileHostSandbox: "" };

  beforeAll(async () => {
    let simulatorConnection: string;
    ({ sim, connectionId: simulatorConnection } = await startSimulatorWithConnection());
    [internal, fileHost] = await Promise.all([startHttpStub(), startHttpStub()]);
    const [production, fileHostSandbox] = await db()
      .insert(registryConnections)
      .values([
        {
          name: "Production",
          environment: "production",
          baseUrl: "https://registry.example.test",
          apiKeySealed: sealSecret("sk_live_policy_test_0000"),
          apiKeyHint: "sk_live_…0000",
        },
        {
          name: "File host sandbox",
          environment: "sandbox",
          baseUrl: fileHost.url,
          apiKeySealed: sealSecret("sk_dev_policy_test_0000"),
          apiKeyHint: "sk_dev_…0000",
        },
      ])
      .returning();
    Object.assign(connections, { production: production!.id, sandbox: simulatorConnection, fileHostSandbox: fileHostSandbox!.id });
  });
  afterAll(() => Promise.all([sim.close(), internal.close(), fileHost.close()]));

  /** A stored request whose snapshot offers one delivered document at `url`. */
  const requestWith = (connectionId: string, url: string): StoredRequest => ({
    requestId: "req_policy",
    origin: "console",
    connectionId,
    countryCode: "DE",
    companyId: "HRB 1",
    companyName: null,
    version: 1,
    complete: true,
    snapshot: companyResponseSchema.parse({
      request: { requestId: "req_policy", version: 1 },
      documents: { tradeRegisterExtract: { id: "doc_1", name: "Extract", url } },
    }),
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    webhooksConfigured: false,
  });
  const limits = { timeoutMs: 2_000, maxBytes: 1024, maxRedirects: 3 };

  it("refuses cloud metadata, loopback and other address links with a clear message, and fetches nothing", async () => {
    internal.answer((_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-secret"));
    const port = new URL(internal.url).port;
    const links = [
      ["http://169.254.169.254/latest/meta-data", "http://169.254.169.254"],
      ["http://2852039166/latest/meta-data", "http://169.254.169.254"],
      [`http://127.0.0.1:${port}/x`, `http://127.0.0.1:${port}`],
      [`https://127.0.0.1:${port}/x`, `https://127.0.0.1:${port}`],
      [`http://localhost:${port}/x`, `http://localhost:${port}`],
      [`https://[::1]:${port}/x`, `https://[::1]:${port}`],
      ["https://10.0.0.5/files/doc.pdf", "https://10.0.0.5"],
      ["https://files.attacker.example/doc.pdf?signature=abc", "https://files.attacker.example"],
    ];
    // A production connection, and a sandbox connection whose own address is another port (the simulator's).
    for (const connectionId of [connections.production, connections.sandbox]) {
      for (const [link, origin] of links) {
        const calls = countingFetch();
        const result = await fetchSignedDocument(requestWith(connectionId, link!), "doc_1", { fetch: calls.fetch, limits, fileHosts: [] });
        expect(result).toMatchObject({ ok: false, status: 502, code: "document_url_refused" });
        const message = result.ok ? "" : result.message;
        expect(message.startsWith(`Refused to download from ${origin}: `)).toBe(true);
        expect(message.endsWith(" Nothing was fetched.")).toBe(true);
        expect(message).not.toContain("signature");
        expect(calls.urls).toEqual([]);
      }
    }
    const metadata = await fetchSignedDocument(requestWith(connections.production, "http://169.254.169.254/latest/meta-data"), "doc_1", {
      limits,
      fileHosts: [],
    });
    expect(metadata.ok === false && metadata.message).toBe(
      "Refused to download from http://169.254.169.254: documents are fetched over https only (http only from a sandbox connection's own address). Nothing was fetched.",
    );
    const loopback = await fetchSignedDocument(requestWith(connections.production, `https://127.0.0.1:${port}/x`), "doc_1", {
      limits,
      fileHosts: [],
    });
    expect(loopback.ok === false && loopback.message).toMatch(/an IP address or a local name is never a registry file host/);
    expect(internal.requests).toEqual([]);
  });

  it("fetches from a sandbox connection's own address", async () => {
    fileHost.answer((_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4 ok"));
    const result = await fetchSignedDocument(requestWith(connections.fileHostSandbox, `${fileHost.url}/files/doc_1?signature=s`), "doc_1", {
      limits,
      fileHosts: [],
    });
    expect(result.ok && (await result.response.text())).toBe("%PDF-1.4 ok");
    expect(fileHost.requests.map((r) => r.url)).toEqual(["/files/doc_1?signature=s"]);
  });

  it("refuses a file larger than DOCUMENT_MAX_BYTES: at once by its Content-Length, or as soon as its body passes the limit", async () => {
    const link = `${fileHost.url}/files/doc_1`;
    fileHost.answer((_req, res) =>
      res.writeHead(200, { "content-type": "application/pdf", "content-length": "2048" }).end(Buffer.alloc(2048)),
    );
    expect(await fetchSignedDocument(requestWith(connections.fileHostSandbox, link), "doc_1", { limits, fileHosts: [] })).toEqual({
      ok: false,
      status: 502,
      code: "document_too_large",
      message: "The document is larger than the console's download limit of 1 KiB (DOCUMENT_MAX_BYTES), so it was not downloaded.",
    });

    // Without a Content-Length (chunked), the stream fails past the limit.
    fileHost.answer((_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      for (let i = 0; i < 8; i++) res.write(Buffer.alloc(512));
      res.end();
    });
    const chunked = await fetchSignedDocument(requestWith(connections.fileHostSandbox, link), "doc_1", { limits, fileHosts: [] });
    expect(chunked.ok).toBe(true);
    if (chunked.ok)
      await expect(chunked.response.arrayBuffer()).rejects.toThrow(/larger than the console's download limit .*DOCUMENT_MAX_BYTES/);

    fileHost.answer((_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.write(Buffer.alloc(512));
      res.end(Buffer.alloc(512));
    });
    const atTheLimit = await fetchSignedDocument(requestWith(connections.fileHostSandbox, link), "doc_1", { limits, fileHosts: [] });
    expect(atTheLimit.ok && (await atTheLimit.response.arrayBuffer()).byteLength).toBe(1024);
  });

  it("gives up on a file host that does not answer, or stops sending, within the time limit", async () => {
    const link = `${fileHost.url}/files/doc_1`;
    fileHost.answer(() => {}); // never answers
    expect(
      await fetchSignedDocument(requestWith(connections.fileHostSandbox, link), "doc_1", {
        limits: { ...limits, timeoutMs: 150 },
        fileHosts: [],
      }),
    ).toEqual({
      ok: false,
      status: 504,
      code: "document_timeout",
      message: `The register's file host at ${fileHost.url} did not answer within 0.15 s.`,
    });

    fileHost.answer((_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).write("%PDF-")); // then nothing more
    // A second, so that the headers surely arrive within it on a busy machine; the body then stalls past it.
    const stalled = await fetchSignedDocument(requestWith(connections.fileHostSandbox, link), "doc_1", {
      limits: { ...limits, timeoutMs: 1_000 },
      fileHosts: [],
    });
    expect(stalled.ok).toBe(true);
    if (stalled.ok) await expect(stalled.response.text()).rejects.toThrow(/abort|timeout/i);
  });

  it("follows a redirect on the same host only: another host is refused and never reached", async () => {
    internal.answer((_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-elsewhere"));
    const link = `${fileHost.url}/files/doc_1`;
    fileHost.answer((req, res) => {
      if (req.url === "/files/doc_1") res.writeHead(302, { location: "/blobs/doc_1.pdf?sig=1" }).end();
      else res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-moved");
    });
    const sameHost = await fetchSignedDocument(requestWith(connections.fileHostSandbox, link), "doc_1", { limits, fileHosts: [] });
    expect(sameHost.ok && (await sameHost.response.text())).toBe("%PDF-moved");
    expect(fileHost.requests.map((r) => r.url)).toEqual(["/files/doc_1", "/blobs/doc_1.pdf?sig=1"]);

    for (const target of [`${internal.url}/latest/meta-data`, "http://169.254.169.254/latest/meta-data"]) {
      fileHost.answer((_req, res) => res.writeHead(307, { location: target }).end());
      const result = await fetchSignedDocument(requestWith(connections.fileHostSandbox, link), "doc_1", { limits, fileHosts: [] });
      expect(result).toEqual({
        ok: false,
        status: 502,
        code: "document_url_refused",
        message: `The file host at ${fileHost.url} redirected to ${new URL(target).origin}; the console follows a redirect only on the same host, so nothing was fetched there.`,
      });
    }

    fileHost.answer((req, res) => res.writeHead(302, { location: `/loop/${Number(req.url!.split("/").pop()) + 1 || 1}` }).end());
    expect(await fetchSignedDocument(requestWith(connections.fileHostSandbox, link), "doc_1", { limits, fileHosts: [] })).toMatchObject({
      ok: false,
      code: "document_url_refused",
      message: `The file host at ${fileHost.url} redirected more than 3 times, so the download was given up.`,
    });
    expect(fileHost.requests).toHaveLength(4);
    expect(internal.requests).toEqual([]);
  });
});
