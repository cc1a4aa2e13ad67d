import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { messageHeaders } from "./serve-webhook";

describe("node:http request headers as verification reads them", () => {
  it("reads a node:http request's headers as fetch Headers would (absent → null, repeated → joined)", () => {
    const headers = messageHeaders({ headers: { "svix-id": "msg_1", "x-many": ["a", "b"] } } as unknown as IncomingMessage);
    expect(headers.get("svix-id")).toBe("msg_1");
    expect(headers.get("Svix-Id")).toBe("msg_1");
    expect(headers.get("x-many")).toBe("a, b");
    expect(headers.get("webhook-id")).toBeNull();
  });
});
