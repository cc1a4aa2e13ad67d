import { describe, expect, it } from "vitest";
import { admitSession, type SessionUser } from "./session-user";

const user: SessionUser = { id: "u1", email: "a@example.com", name: "A", role: "auditor", mustChangePassword: false, sessionVersion: 3 };

describe("admitSession, the one rule requireRole and the live stream share", () => {
  it("admits an active user with no password change pending", () => {
    expect(admitSession(user)).toEqual({ ok: true, user });
  });

  it("refuses a signed-out or deactivated session", () => {
    expect(admitSession("signed_out")).toEqual({ ok: false, code: "unauthenticated" });
    expect(admitSession("deactivated")).toEqual({ ok: false, code: "deactivated" });
  });

  it("refuses a user who must change their password, except for the change itself", () => {
    const pending = { ...user, mustChangePassword: true };
    expect(admitSession(pending)).toEqual({ ok: false, code: "password_change_required" });
    expect(admitSession(pending, { allowPendingPasswordChange: true })).toEqual({ ok: true, user: pending });
  });
});
