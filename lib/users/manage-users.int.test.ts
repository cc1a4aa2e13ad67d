import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, users } from "@/db/schema";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { auditActionsFor, insertUser } from "@/test/users-fixture";
import { changeOwnPassword, changeRole, createUser, listUsers, resetPassword, setActive } from "./manage-users";

const actorOf = (u: { id: string; email: string }) => ({ id: u.id, email: u.email });

describe("managing users", () => {
  beforeEach(async () => {
    await db().delete(auditLog);
    await db().delete(users);
  });

  it("creates a user with a one-time password that must be changed", async () => {
    const admin = await insertUser("root@example.com", "admin");
    const created = await createUser(actorOf(admin), { email: "New@Example.com", name: "New", role: "finance" });
    expect(created.ok).toBe(true);
    const password = created.ok ? created.data.oneTimePassword! : "";
    const signedIn = await signInWithPassword("new@example.com", password);
    expect(signedIn.ok && signedIn.user).toMatchObject({ role: "finance", mustChangePassword: true });
    expect(await auditActionsFor("new@example.com")).toEqual(["user.created"]);

    const again = await createUser(actorOf(admin), { email: "new@example.com", name: "", role: "admin" });
    expect(again).toMatchObject({ ok: false, code: "email_taken" });
  });

  it("stores only a hash: the password is nowhere in the users table", async () => {
    const admin = await insertUser("root@example.com", "admin");
    const created = await createUser(actorOf(admin), { email: "x@example.com", name: "", role: "auditor", password: "chosen-password-77" });
    expect(created.ok && created.data.oneTimePassword).toBeUndefined();
    const rows = JSON.stringify(await db().select().from(users));
    expect(rows).not.toContain("chosen-password-77");
  });

  it("never removes the last active admin, by demotion or deactivation", async () => {
    const admin = await insertUser("only@example.com", "admin");
    expect(await changeRole(actorOf(admin), admin.id, "auditor")).toMatchObject({ ok: false, code: "last_admin" });
    expect(await setActive(actorOf(admin), admin.id, false)).toMatchObject({ ok: false, code: "last_admin" });

    const second = await insertUser("second@example.com", "admin");
    expect(await changeRole(actorOf(admin), second.id, "compliance")).toEqual({ ok: true, data: undefined });
    expect(await auditActionsFor("second@example.com")).toEqual(["user.role_changed"]);
    // A deactivated admin does not count as the other admin.
    const inactive = await insertUser("inactive@example.com", "admin", "x-long-password", { active: false });
    expect(inactive.active).toBe(false);
    expect(await setActive(actorOf(admin), admin.id, false)).toMatchObject({ ok: false, code: "last_admin" });
  });

  it("lets only one of two admins demoting each other at the same moment succeed, and refuses the other in words", async () => {
    // Several rounds: the two transactions interleave differently each time (each locking its own target first used
    // to deadlock now and then, and Postgres then failed one of them with an error instead of the refusal).
    for (let round = 0; round < 8; round++) {
      await db().update(users).set({ active: false }).where(eq(users.role, "admin"));
      const a = await insertUser(`a${round}@example.com`, "admin");
      const b = await insertUser(`b${round}@example.com`, "admin");
      const results = await Promise.all([changeRole(actorOf(a), b.id, "auditor"), changeRole(actorOf(b), a.id, "auditor")]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.find((r) => !r.ok)).toMatchObject({ code: "last_admin" });
      const admins = await db()
        .select()
        .from(users)
        .where(and(eq(users.role, "admin"), eq(users.active, true)));
      expect(admins).toHaveLength(1);
    }
  });

  it("resets a password: the old one stops working and the new one must be changed", async () => {
    const admin = await insertUser("root@example.com", "admin");
    const user = await insertUser("user@example.com", "compliance", "old-password-123");
    const reset = await resetPassword(actorOf(admin), user.id);
    expect(reset.ok).toBe(true);
    expect((await signInWithPassword("user@example.com", "old-password-123")).ok).toBe(false);
    const next = await signInWithPassword("user@example.com", reset.ok ? reset.data.oneTimePassword : "");
    expect(next.ok && next.user.mustChangePassword).toBe(true);

    expect(await changeOwnPassword(actorOf(user), "wrong", "brand-new-password")).toMatchObject({ ok: false, code: "wrong_password" });
    expect(await changeOwnPassword(actorOf(user), reset.ok ? reset.data.oneTimePassword : "", "brand-new-password")).toEqual({
      ok: true,
      data: { sessionVersion: 2 },
    });
    const final = await signInWithPassword("user@example.com", "brand-new-password");
    expect(final.ok && final.user.mustChangePassword).toBe(false);
    expect(await auditActionsFor("user@example.com")).toEqual([
      "user.password_reset",
      "auth.sign_in_failed", // the old password, refused
      "auth.password_changed",
    ]);
  });

  it("deactivates and reactivates, and lists how each user signs in", async () => {
    const admin = await insertUser("root@example.com", "admin");
    const user = await insertUser("user@example.com", "compliance");
    await db().update(users).set({ oidcSubject: "sub-1" }).where(eq(users.id, user.id));
    expect(await setActive(actorOf(admin), user.id, false)).toEqual({ ok: true, data: undefined });
    expect((await listUsers()).rows.find((u) => u.id === user.id)).toMatchObject({ active: false, signsInWith: "password and sso" });
    expect(await setActive(actorOf(admin), user.id, true)).toEqual({ ok: true, data: undefined });
    expect(await auditActionsFor("user@example.com")).toEqual(["user.deactivated", "user.reactivated"]);
    expect(await changeRole(actorOf(admin), "00000000-0000-4000-8000-000000000000", "admin")).toMatchObject({ code: "not_found" });
  });
});

describe("ending a user's sessions", () => {
  beforeEach(async () => {
    await db().delete(auditLog);
    await db().delete(users);
  });

  const versionOf = async (id: string) => (await db().select({ v: users.sessionVersion }).from(users).where(eq(users.id, id)))[0]!.v;

  it("an admin's password reset and a deactivation bump the session version; reactivation and a role change do not", async () => {
    const admin = await insertUser("root@example.com", "admin");
    const user = await insertUser("user@example.com", "compliance");
    expect(await versionOf(user.id)).toBe(0);
    await resetPassword(actorOf(admin), user.id);
    expect(await versionOf(user.id)).toBe(1);
    await setActive(actorOf(admin), user.id, false);
    expect(await versionOf(user.id)).toBe(2);
    // Reactivation must not bring back the tokens the deactivation ended.
    await setActive(actorOf(admin), user.id, true);
    expect(await versionOf(user.id)).toBe(2);
    await changeRole(actorOf(admin), user.id, "auditor");
    expect(await versionOf(user.id)).toBe(2);
    // A refused change bumps nothing.
    expect(await setActive(actorOf(admin), admin.id, false)).toMatchObject({ code: "last_admin" });
    expect(await versionOf(admin.id)).toBe(0);
  });

  it("the user's own password change bumps it and returns the new version; a refused change does not", async () => {
    const user = await insertUser("self@example.com", "finance", "old-password-123", { sessionVersion: 7 });
    expect(await changeOwnPassword(actorOf(user), "wrong", "new-password-456")).toMatchObject({ ok: false });
    expect(await versionOf(user.id)).toBe(7);
    expect(await changeOwnPassword(actorOf(user), "old-password-123", "new-password-456")).toEqual({
      ok: true,
      data: { sessionVersion: 8 },
    });
    expect(await versionOf(user.id)).toBe(8);
  });

  it("lists at most a limit of users, finds them by any part of their email or name in any case, and counts every match", async () => {
    for (const [email, name] of [
      ["ana@example.com", "Ana Lima"],
      ["bo@example.com", "Bo 100% Sure"],
      ["cy@other.test", "Cy Lima"],
    ] as const)
      await db()
        .update(users)
        .set({ name })
        .where(eq(users.id, (await insertUser(email, "compliance")).id));
    expect(await listUsers({ limit: 2 })).toMatchObject({ matched: 3, rows: [{ email: "ana@example.com" }, { email: "bo@example.com" }] });
    const lima = await listUsers({ query: " LIMA " });
    expect(lima.matched).toBe(2);
    expect(lima.rows.map((u) => u.email)).toEqual(["ana@example.com", "cy@other.test"]);
    expect((await listUsers({ query: "EXAMPLE.com" })).rows.map((u) => u.email)).toEqual(["ana@example.com", "bo@example.com"]);
    // A LIKE wildcard in the query is a plain character.
    expect((await listUsers({ query: "100%" })).rows.map((u) => u.email)).toEqual(["bo@example.com"]);
    expect(await listUsers({ query: "%" })).toMatchObject({ matched: 1 });
    expect(await listUsers({ query: "nobody" })).toEqual({ matched: 0, rows: [] });
  });
});
