import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users, type User } from "@/db/schema";
import { auditActionsFor, insertUser } from "@/test/users-fixture";
import { findOrCreateOidcUser, findUserByOidcSubject, type OidcIdentity } from "./oidc-users";

const identity = (subject: string, email: string | null, emailVerified = true, name = ""): OidcIdentity => ({
  subject,
  email,
  emailVerified,
  name,
});

async function signedIn(input: OidcIdentity): Promise<User> {
  const result = await findOrCreateOidcUser(input);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result.user;
}

const reload = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

describe("users who sign in through OIDC", () => {
  it("creates a first-time user with a verified email as an auditor, once", async () => {
    const created = await signedIn(identity("sub-new", "New.Person@Example.com", true, "New Person"));
    expect(created).toMatchObject({
      email: "new.person@example.com",
      role: "auditor",
      oidcSubject: "sub-new",
      passwordHash: null,
      active: true,
    });
    const again = await signedIn(identity("sub-new", "new.person@example.com", true, "New Person"));
    expect(again.id).toBe(created.id);
    expect(await auditActionsFor("new.person@example.com")).toEqual(["user.created"]);
  });

  it("links to an existing account with the same verified email, keeping its role", async () => {
    const existing = await insertUser("officer@example.com", "compliance");
    const linked = await signedIn(identity("sub-officer", "officer@example.com"));
    expect(linked).toMatchObject({ id: existing.id, role: "compliance", oidcSubject: "sub-officer" });
    expect((await findUserByOidcSubject("sub-officer"))?.id).toBe(existing.id);
    expect(await auditActionsFor("officer@example.com")).toEqual(["user.sso_linked"]);
  });

  it("never links an email the provider has not verified to an existing account", async () => {
    const existing = await insertUser("admin-unverified@example.com", "admin");
    expect(await findOrCreateOidcUser(identity("sub-claims-admin", "Admin-Unverified@example.com", false))).toEqual({
      ok: false,
      code: "sso_email_unverified",
    });
    expect((await reload(existing.id)).oidcSubject).toBeNull();
    expect(await findUserByOidcSubject("sub-claims-admin")).toBeUndefined();
    expect(await auditActionsFor("admin-unverified@example.com")).toEqual(["auth.sso_refused"]);
  });

  it("never replaces an account's subject with another one", async () => {
    const existing = await insertUser("linked@example.com", "admin", "x-long-password", { oidcSubject: "sub-original" });
    expect(await findOrCreateOidcUser(identity("sub-intruder", "linked@example.com", true))).toEqual({
      ok: false,
      code: "sso_subject_mismatch",
    });
    expect((await reload(existing.id)).oidcSubject).toBe("sub-original");
    expect(await findUserByOidcSubject("sub-intruder")).toBeUndefined();
    expect(await auditActionsFor("linked@example.com")).toEqual(["auth.sso_refused"]);
    // The original subject still signs in.
    expect((await signedIn(identity("sub-original", "linked@example.com"))).id).toBe(existing.id);
  });

  it("creates a user without a verified email under a placeholder address, never taking the claimed email", async () => {
    const unverified = await signedIn(identity("sub-unverified", "someone.important@example.com", false, "Someone"));
    expect(unverified).toMatchObject({
      email: "sub-unverified@oidc.invalid",
      name: "Someone",
      role: "auditor",
      oidcSubject: "sub-unverified",
    });
    const noEmail = await signedIn(identity("sub-no-email", null, false));
    expect(noEmail.email).toBe("sub-no-email@oidc.invalid");
    // The claimed email stays free for its real owner.
    expect((await signedIn(identity("sub-real-owner", "someone.important@example.com", true))).email).toBe("someone.important@example.com");
  });

  it("keeps a deactivated account deactivated", async () => {
    await insertUser("gone@example.com", "admin", "x-long-password", { active: false, oidcSubject: "sub-gone" });
    expect((await signedIn(identity("sub-gone", "gone@example.com"))).active).toBe(false);
  });
});
