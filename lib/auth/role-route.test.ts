import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { ConnectionKeyUnreadableError } from "@/lib/connections/connection-key-unreadable.shared";
import { roleRoute } from "./role-route";

vi.mock("./require-role", () => ({
  requireRole: async () => ({
    ok: true,
    user: { id: "u1", email: "a@example.com", name: "A", role: "auditor", mustChangePassword: false },
  }),
}));

describe("roleRoute", () => {
  it("answers a connection whose key cannot be read with 409 and its code and message as JSON", async () => {
    const route = roleRoute("readAudit", async () => {
      throw new ConnectionKeyUnreadableError("Production", "A stored secret failed its integrity check: it was altered or is corrupt");
    });
    const response = await route(new NextRequest("http://localhost/api/search/stream"), {});
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("connection_key_unreadable");
    expect(body.error.message).toMatch(
      /connection “Production” cannot be decrypted .*\(a stored secret failed its integrity check: it was altered or is corrupt\)\. An admin can enter the key again in Settings → Connections\.$/,
    );
  });

  it("lets other failures through", async () => {
    const route = roleRoute("readAudit", async () => {
      throw new Error("boom");
    });
    await expect(route(new NextRequest("http://localhost/x"), {})).rejects.toThrow("boom");
  });
});
