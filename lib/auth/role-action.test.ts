import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ConnectionKeyUnreadableError } from "@/lib/connections/connection-key-unreadable.shared";
import { roleAction } from "./role-action";

vi.mock("./require-role", () => ({
  requireRole: async () => ({
    ok: true,
    user: { id: "u1", email: "a@example.com", name: "A", role: "compliance", mustChangePassword: false },
  }),
}));

describe("roleAction", () => {
  it("returns a connection whose key cannot be read as the action's error, with the registry info", async () => {
    const action = roleAction("spendCredits", z.object({}), async () => {
      throw new ConnectionKeyUnreadableError("Production", "Not a sealed secret");
    });
    const result = await action({});
    expect(result).toMatchObject({
      ok: false,
      code: "connection_key_unreadable",
      registry: { status: 409, code: "connection_key_unreadable", retryable: false },
    });
    expect(!result.ok && result.error).toMatch(
      /^The API key stored for connection “Production” cannot be decrypted .*\(not a sealed secret\)/,
    );
  });

  it("lets other failures through", async () => {
    const action = roleAction("spendCredits", z.object({}), async () => {
      throw new Error("boom");
    });
    await expect(action({})).rejects.toThrow("boom");
  });
});
