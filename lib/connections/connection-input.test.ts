import { describe, expect, it } from "vitest";
import { apiKeyHint, baseUrlChangeProblems, sameBaseUrl } from "./connection-input.shared";

describe("API key hints", () => {
  it("show the kind prefix and the last four characters only", () => {
    expect(apiKeyHint("sk_dev_0123456789abcdef")).toBe("sk_dev_…cdef");
    expect(apiKeyHint("sk_live_wrong_key_secret_0000")).toBe("sk_live_…0000");
    expect(apiKeyHint("abcdefghijklmnop")).toBe("abc…mnop");
  });
});

describe("changing a connection's base URL", () => {
  it("reads base URLs as URLs: host case, the default port, a trailing slash or /v2 change nothing", () => {
    expect(sameBaseUrl("https://api.example.com", "https://API.example.com:443/v2/")).toBe(true);
    expect(sameBaseUrl("http://127.0.0.1:4010", "http://127.0.0.1:4010/")).toBe(true);
    expect(sameBaseUrl("http://127.0.0.1:4010", "http://127.0.0.1:4011")).toBe(false);
    expect(sameBaseUrl("https://api.example.com", "http://api.example.com")).toBe(false);
    expect(sameBaseUrl("https://api.example.com", "https://api.example.com.evil.test")).toBe(false);
    expect(sameBaseUrl("https://api.example.com", "https://api.example.com/tenant")).toBe(false);
  });

  it("needs the key, and a set signing secret (or its removal), entered again", () => {
    const stored = { baseUrl: "https://api.example.com", hasWebhookSecret: true };
    const edit = { baseUrl: "https://elsewhere.example", apiKey: "", webhookSecret: "" };
    expect(baseUrlChangeProblems(stored, edit)).toEqual({
      apiKey: ["Enter the API key again to change the base URL."],
      webhookSecret: ["Enter the signing secret again to change the base URL, or remove it."],
    });
    expect(baseUrlChangeProblems(stored, { ...edit, apiKey: "sk_live_x", webhookSecret: "whsec_x" })).toEqual({});
    expect(baseUrlChangeProblems(stored, { ...edit, apiKey: "sk_live_x", clearWebhookSecret: true })).toEqual({});
    expect(baseUrlChangeProblems({ ...stored, hasWebhookSecret: false }, { ...edit, apiKey: "sk_live_x" })).toEqual({});
    expect(baseUrlChangeProblems(stored, { ...edit, baseUrl: "https://api.example.com/v2/" })).toEqual({});
  });
});
