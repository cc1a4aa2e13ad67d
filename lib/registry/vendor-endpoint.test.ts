import { describe, expect, it } from "vitest";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { readVendorEndpoint } from "./vendor-endpoint";

const refusal = (status: number, code: string) =>
  new RegistryError({ status, code, message: `${code} said`, details: [], retryable: status >= 500 });

describe("readVendorEndpoint", () => {
  it("hands back the value of an endpoint that answers", async () => {
    expect(await readVendorEndpoint("GET /v2/billing/balance", Promise.resolve({ balanceInCreditCents: 5 }))).toEqual({
      value: { balanceInCreditCents: 5 },
    });
  });

  it("turns a 404 into one line naming the endpoint, not an error", async () => {
    const read = await readVendorEndpoint("GET /v2/billing/balance", Promise.reject(refusal(404, "not_found")));
    expect(read.error).toBeUndefined();
    expect(read.missing).toMatch(/GET \/v2\/billing\/balance.*404/);
  });

  it("keeps every other refusal as the registry's error, in its words", async () => {
    const read = await readVendorEndpoint("GET /v2/workspaces", Promise.reject(refusal(503, "service_unavailable")));
    expect(read.missing).toBeUndefined();
    expect(read.error).toMatchObject({ status: 503, code: "service_unavailable", retryable: true });
  });

  it("lets a failure that is not the registry's throw", async () => {
    await expect(readVendorEndpoint("GET /v2/workspaces", Promise.reject(new TypeError("bug")))).rejects.toThrow("bug");
  });
});
