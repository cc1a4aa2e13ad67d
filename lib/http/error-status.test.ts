import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { roleRoute } from "@/lib/auth/role-route";
import { NoConnectionError, noConnectionConfigured } from "@/lib/connections/no-connection";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import { errorResponse, errorStatuses, statusFor } from "./error-status";

const refusal = vi.hoisted(() => ({ code: undefined as string | undefined }));
vi.mock("@/lib/auth/require-role", () => ({
  requireRole: async () =>
    refusal.code
      ? { ok: false, code: refusal.code, message: "Refused." }
      : {
          ok: true,
          user: { id: "u1", email: "a@example.com", name: "A", role: "compliance", mustChangePassword: false, sessionVersion: 0 },
        },
}));

const routeThrowing = (error: Error) => roleRoute("search", async () => Promise.reject(error));
const answer = async (response: Response) => ({
  status: response.status,
  retryAfter: response.headers.get("retry-after"),
  body: await response.json(),
});

describe("the error-to-status table", () => {
  it("gives every refusal of a session its status", () => {
    expect([statusFor("unauthenticated"), statusFor("deactivated"), statusFor("forbidden"), statusFor("password_change_required")]).toEqual(
      [401, 401, 403, 403],
    );
  });

  it("answers the console's own codes from the table and any other registry code as a gateway failure", () => {
    expect(statusFor("invalid_input")).toBe(400);
    expect(statusFor("not_found")).toBe(404);
    expect(statusFor("no_connection")).toBe(409);
    expect(statusFor("connection_key_unreadable")).toBe(409);
    expect(statusFor("rate_limited")).toBe(429);
    expect(statusFor("document_timeout")).toBe(504);
    expect(statusFor("insufficient_funds")).toBe(errorStatuses.upstream);
    expect(statusFor("toString")).toBe(errorStatuses.upstream);
  });

  it("writes the JSON error body with the table's status, and the registry's wait as Retry-After", async () => {
    expect(await answer(errorResponse({ code: "not_found", message: "No such thing." }))).toEqual({
      status: 404,
      retryAfter: null,
      body: { error: { code: "not_found", message: "No such thing." } },
    });
    expect(await answer(errorResponse({ code: "rate_limited", message: "Slow down.", retryAfter: 7 }))).toMatchObject({
      status: 429,
      retryAfter: "7",
    });
  });

  it("is what roleRoute answers a refused caller and a RegistryError with", async () => {
    refusal.code = "forbidden";
    expect(await answer(await routeThrowing(new Error("not reached"))(new NextRequest("http://localhost/x"), {}))).toMatchObject({
      status: 403,
      body: { error: { code: "forbidden" } },
    });
    refusal.code = "unauthenticated";
    expect((await routeThrowing(new Error("not reached"))(new NextRequest("http://localhost/x"), {})).status).toBe(401);
    refusal.code = undefined;
    expect(
      await answer(await routeThrowing(new NoConnectionError(noConnectionConfigured))(new NextRequest("http://localhost/x"), {})),
    ).toEqual({
      status: 409,
      retryAfter: null,
      body: { error: { code: "no_connection", message: noConnectionConfigured } },
    });
    const limited = new RegistryError({
      status: 429,
      code: "rate_limited",
      message: "Too many requests.",
      details: [],
      retryable: true,
      retryAfter: 3,
    });
    expect(await answer(await routeThrowing(limited)(new NextRequest("http://localhost/x"), {}))).toMatchObject({
      status: 429,
      retryAfter: "3",
    });
    const refused = new RegistryError({ status: 402, code: "insufficient_funds", message: "No credits.", details: [], retryable: false });
    expect((await routeThrowing(refused)(new NextRequest("http://localhost/x"), {})).status).toBe(502);
  });
});
