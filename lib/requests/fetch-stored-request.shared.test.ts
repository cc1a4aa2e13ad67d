import { afterEach, describe, expect, it, vi } from "vitest";
import { errorText } from "@/lib/vocabulary/words.shared";
import { fetchStoredRequest } from "./fetch-stored-request.shared";

const stored = {
  requestId: "req 1/a",
  origin: "console",
  connectionId: "c1",
  countryCode: "DE",
  companyId: "HRB 1",
  companyName: null,
  version: 3,
  complete: false,
  snapshot: { request: { requestId: "req 1/a", newField: true }, company: { legalName: "Eins GmbH" } },
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:01.000Z",
  webhooksConfigured: true,
};

const urls: string[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", async (url: string) => {
    urls.push(url);
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  });
}

describe("reading a stored request from the console", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    urls.length = 0;
  });

  it("returns the request as answered, snapshot fields the console does not know included", async () => {
    answer(200, { request: stored });
    expect(await fetchStoredRequest("req 1/a")).toEqual({ request: stored });
    expect(urls).toEqual(["/api/requests/req%201%2Fa"]);
  });

  it("asks the console to poll the registry when told, and returns its error beside the stored state", async () => {
    const pollError = { status: 503, code: "source_unavailable", message: "Down.", details: [], retryable: true, retryAfter: 5 };
    answer(200, { request: stored, pollError });
    expect(await fetchStoredRequest("req 1/a", { poll: true })).toEqual({ request: stored, pollError });
    expect(urls).toEqual(["/api/requests/req%201%2Fa?poll=1"]);
  });

  it("throws the console's refusal in words", async () => {
    answer(404, { error: { code: "not_found", message: "This console has no request with this id." } });
    await expect(fetchStoredRequest("req_x")).rejects.toThrow(errorText("not_found", "This console has no request with this id."));
  });

  it("throws the status when the answer is not JSON", async () => {
    answer(502, "<html>Bad gateway</html>");
    await expect(fetchStoredRequest("req_x")).rejects.toThrow("The console answered 502.");
  });

  it("refuses an answer that is not a stored request", async () => {
    answer(200, { request: { ...stored, version: "3" } });
    await expect(fetchStoredRequest("req_x")).rejects.toThrow("The console's answer was not a stored request.");
    answer(200, { request: { ...stored, snapshot: "withheld" } });
    await expect(fetchStoredRequest("req_x")).rejects.toThrow("The console's answer was not a stored request.");
  });
});
