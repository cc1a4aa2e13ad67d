import { afterEach, describe, expect, it, vi } from "vitest";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { loadCard } from "./card-data";

afterEach(() => vi.restoreAllMocks());

describe("loadCard", () => {
  it("hands over what the card read", async () => {
    expect(await loadCard("balance", async () => 42)).toEqual({ value: 42 });
  });

  it("turns a registry refusal into the card's failure, in words and the registry's own message, without its code", async () => {
    const refusal = new RegistryError({
      status: 503,
      code: "upstream_unavailable",
      message: "Try again shortly.",
      details: [],
      retryable: true,
    });
    expect(await loadCard("balance", () => Promise.reject(refusal))).toEqual({
      failure: "The registry is unavailable. Try again shortly.",
    });
  });

  it("keeps any other failure in the card as one line, and logs the error on the server", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await loadCard("locked-out users", () => Promise.reject(new Error("connection terminated: secret detail")));
    expect(data.failure).toMatch(/^Reading this failed on the server/);
    expect(data.failure).not.toContain("secret detail");
    expect(logged).toHaveBeenCalledWith('home card "locked-out users" failed', expect.any(Error));
  });
});
