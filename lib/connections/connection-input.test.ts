import { describe, expect, it } from "vitest";
import { apiKeyHint } from "./connection-input";

describe("API key hints", () => {
  it("show the kind prefix and the last four characters only", () => {
    expect(apiKeyHint("sk_dev_0123456789abcdef")).toBe("sk_dev_…cdef");
    expect(apiKeyHint("sk_live_wrong_key_secret_0000")).toBe("sk_live_…0000");
    expect(apiKeyHint("abcdefghijklmnop")).toBe("abc…mnop");
  });
});
