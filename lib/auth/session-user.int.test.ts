import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { insertUser } from "@/test/users-fixture";
import { currentSessionUser } from "./session-user";

describe("the user a session stands for", () => {
  it("is the user as stored now, when the token carries the user's session version", async () => {
    const user = await insertUser("current@example.com", "finance", "a-good-long-password", { sessionVersion: 2 });
    expect(await currentSessionUser(db(), { userId: user.id, sessionVersion: 2 })).toEqual({
      id: user.id,
      email: "current@example.com",
      name: "current",
      role: "finance",
      mustChangePassword: false,
      sessionVersion: 2,
    });
  });

  it("is nobody for a token with another session version, or an unknown user", async () => {
    const user = await insertUser("stale@example.com", "admin", "a-good-long-password", { sessionVersion: 2 });
    expect(await currentSessionUser(db(), { userId: user.id, sessionVersion: 1 })).toBe("signed_out");
    expect(await currentSessionUser(db(), { userId: user.id, sessionVersion: 3 })).toBe("signed_out");
    expect(await currentSessionUser(db(), { userId: "00000000-0000-4000-8000-000000000000", sessionVersion: 0 })).toBe("signed_out");
  });

  it("says deactivated for a deactivated user's token, and stays signed out for an old token after reactivation", async () => {
    const user = await insertUser("paused@example.com", "compliance");
    await db().update(users).set({ active: false, sessionVersion: 1 }).where(eq(users.id, user.id));
    expect(await currentSessionUser(db(), { userId: user.id, sessionVersion: 0 })).toBe("deactivated");
    await db().update(users).set({ active: true }).where(eq(users.id, user.id));
    expect(await currentSessionUser(db(), { userId: user.id, sessionVersion: 0 })).toBe("signed_out");
  });
});
