import { describe, expect, it } from "vitest";
import { webhookDeliveryTarget } from "./delivery-target";

const id = "3f2c8a8e-5b1d-4c7e-9a3b-2d1e0f4a5b6c";

describe("which requests the launcher's server takes as webhook deliveries", () => {
  it("takes a POST to a connection's webhook URL, with or without a query, and decodes the id", () => {
    expect(webhookDeliveryTarget("POST", `/api/webhooks/registry/${id}`)).toBe(id);
    expect(webhookDeliveryTarget("POST", `/api/webhooks/registry/${id}?attempt=2`)).toBe(id);
    expect(webhookDeliveryTarget("POST", "/api/webhooks/registry/a%20b")).toBe("a b");
  });

  it("leaves everything else to Next.js, which routes the same URL to its own handler", () => {
    for (const method of ["GET", "PUT", "HEAD", "OPTIONS", undefined])
      expect(webhookDeliveryTarget(method, `/api/webhooks/registry/${id}`)).toBeUndefined();
    for (const url of [
      `/api/webhooks/registry/${id}/`,
      `/api/webhooks/registry/${id}/extra`,
      "/api/webhooks/registry/",
      "/api/webhooks/registry",
      `/api/webhooks/other/${id}`,
      `/x/api/webhooks/registry/${id}`,
      "/api/webhooks/registry/%E0%A4%A",
      undefined,
    ])
      expect(webhookDeliveryTarget("POST", url)).toBeUndefined();
  });
});
