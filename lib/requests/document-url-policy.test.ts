import { describe, expect, it } from "vitest";
import { allowedFileHosts, checkDocumentUrl, type DocumentUrlPolicy } from "./document-url-policy";

const production: DocumentUrlPolicy = {
  fileHosts: ["files.example.net"],
  connection: { environment: "production", baseUrl: "https://api.registry.example" },
};
const sandbox: DocumentUrlPolicy = { fileHosts: [], connection: { environment: "sandbox", baseUrl: "http://127.0.0.1:4010" } };
const allowed = (url: string, policy: DocumentUrlPolicy) => checkDocumentUrl(url, policy).ok;

describe("which document URLs the console fetches", () => {
  it("https on the connection's API host, the configured file hosts, and their subdomains", () => {
    expect(allowedFileHosts(production)).toEqual(["files.example.net", "api.registry.example"]);
    for (const url of [
      "https://api.registry.example/v2/documents/r1/d1?signature=x",
      "https://eu.api.registry.example/d1",
      "https://files.example.net/d1.pdf",
      "https://blob.files.example.net:8443/d1.pdf",
    ]) {
      expect(allowed(url, production), url).toBe(true);
    }
  });

  it("nothing else: http, look-alike hosts, addresses, local names, credentials, non-URLs", () => {
    for (const url of [
      "http://api.registry.example/d1",
      "https://registry.example/d1",
      "https://api.registry.example.attacker.test/d1",
      "https://notfiles.example.net/d1",
      "https://169.254.169.254/latest/meta-data",
      "https://[fd00::1]/d1",
      "https://localhost/d1",
      "https://files.localhost/d1",
      "https://user:pw@files.example.net/d1",
      "file:///etc/passwd",
      "not a url",
    ]) {
      expect(allowed(url, production), url).toBe(false);
    }
    expect(checkDocumentUrl("https://cdn.other.example/d1?signature=secret", production)).toEqual({
      ok: false,
      message:
        "Refused to download from https://cdn.other.example: cdn.other.example is not one of the registry's file hosts (files.example.net, api.registry.example, or a subdomain of one). An operator who trusts it adds it to REGISTRY_FILE_HOSTS. Nothing was fetched.",
    });
  });

  it("a sandbox connection's own origin exactly, over http too; never an address for a production connection", () => {
    expect(allowed("http://127.0.0.1:4010/v2/documents/r1/d1?signature=x", sandbox)).toBe(true);
    expect(allowed("http://127.0.0.1:4011/x", sandbox)).toBe(false);
    expect(allowed("http://localhost:4010/x", sandbox)).toBe(false);
    expect(allowed("https://127.0.0.1:4010/x", sandbox)).toBe(false);
    expect(allowedFileHosts(sandbox)).toEqual([]);
    const productionOnLoopback: DocumentUrlPolicy = {
      fileHosts: [],
      connection: { environment: "production", baseUrl: "http://127.0.0.1:4010" },
    };
    expect(allowed("http://127.0.0.1:4010/x", productionOnLoopback)).toBe(false);
    expect(allowedFileHosts(productionOnLoopback)).toEqual([]);
  });

  it("without a connection, only the configured file hosts", () => {
    expect(allowed("https://files.example.net/d1", { fileHosts: ["files.example.net"] })).toBe(true);
    expect(allowed("https://api.registry.example/d1", { fileHosts: ["files.example.net"] })).toBe(false);
    expect(checkDocumentUrl("https://api.registry.example/d1", { fileHosts: [] })).toMatchObject({
      message: expect.stringContaining(
        "is not a registry file host (none is known: no connection host name, and REGISTRY_FILE_HOSTS is empty).",
      ),
    });
  });
});
