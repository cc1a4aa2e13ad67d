import { describe, expect, it } from "vitest";
import { auditActionsFor, insertUser } from "@/test/users-fixture";
import { findOrCreateOidcUser, findUserByOidcSubject } from "./oidc-users";

describe("users who sign in through OIDC", () => {
  it("creates a first-time user as an auditor, once", async () => {
    const created = await findOrCreateOidcUser("sub-new", "New.Person@Example.com", "New Person");
    expect(created).toMatchObject({ email: "new.person@example.com", role: "auditor", oidcSubject: "sub-new", passwordHash: null, active: true });
    const again = await findOrCreateOidcUser("sub-new", "new.person@example.com", "New Person");
    expect(again.id).toBe(created.id);
    expect(await auditActionsFor("new.person@example.com")).toEqual(["user.created"]);
  });

  it("links to an existing account with the same email, keeping its role", async () => {
    const existing = await insertUser("officer@example.com", "compliance");
    const linked = await findOrCreateOidcUser("sub-officer", "officer@example.com", "Officer");
    expect(linked).toMatchObject({ id: existing.id, role: "compliance", oidcSubject: "sub-officer" });
    expect((await findUserByOidcSubject("sub-officer"))?.id).toBe(existing.id);
  });

  it("keeps a deactivated account deactivated", async () => {
    await insertUser("gone@example.com", "admin", "x-long-password", { active: false, oidcSubject: "sub-gone" });
    expect((await findOrCreateOidcUser("sub-gone", "gone@example.com", "")).active).toBe(false);
  });
});
