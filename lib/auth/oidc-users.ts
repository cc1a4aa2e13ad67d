import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { users, type User } from "@/db/schema";
import { audit, systemActor } from "@/lib/audit/audit";
import { normalizeEmail } from "./sign-in";

/** What the identity provider says about who signs in (from its ID token). */
export type OidcIdentity = {
  subject: string;
  email: string | null;
  /** True only when the provider sent `email_verified: true` (a boolean: the string "true" does not count). */
  emailVerified: boolean;
  name: string;
};

export const ssoRefusals = {
  sso_email_unverified:
    "Single sign-on cannot be linked to the account with your email: your identity provider has not verified that email address. Ask an administrator.",
  sso_subject_mismatch: "The account with your email is linked to another single sign-on identity. Ask an administrator.",
} as const;

export type SsoRefusal = keyof typeof ssoRefusals;

export type OidcSignIn = { ok: true; user: User } | { ok: false; code: SsoRefusal };

export async function findUserByOidcSubject(subject: string): Promise<User | undefined> {
  const [user] = await db().select().from(users).where(eq(users.oidcSubject, subject));
  return user;
}

/**
 * The local user for an OIDC identity:
 *  - the account already linked to its subject;
 *  - else, with an email the provider verified, the account with that email, linked now (never when that
 *    account is linked to another subject), or a new one with that email;
 *  - else (no email, or one the provider has not verified, which anyone can claim at some providers) a new
 *    account under `<subject>@oidc.invalid`, unless an account has that email: a claimed email never links,
 *    and never takes an email another account may later need.
 * New accounts get the role `auditor` until an admin changes it. Refusals are audited.
 */
export async function findOrCreateOidcUser(identity: OidcIdentity): Promise<OidcSignIn> {
  const existing = await findUserByOidcSubject(identity.subject);
  if (existing) return { ok: true, user: existing };
  const claimedEmail = identity.email ? normalizeEmail(identity.email) : undefined;
  return db().transaction(async (tx) => {
    const [byEmail] = claimedEmail ? await tx.select().from(users).where(eq(users.email, claimedEmail)).for("update") : [];
    if (byEmail) {
      const refusal: SsoRefusal | undefined = !identity.emailVerified
        ? "sso_email_unverified"
        : byEmail.oidcSubject !== null && byEmail.oidcSubject !== identity.subject
          ? "sso_subject_mismatch"
          : undefined;
      if (refusal) {
        await audit(systemActor, "auth.sso_refused", byEmail.email, { reason: refusal, subject: identity.subject }, tx);
        return { ok: false, code: refusal };
      }
      const [linked] = await tx
        .update(users)
        .set({ oidcSubject: identity.subject, updatedAt: new Date() })
        .where(eq(users.id, byEmail.id))
        .returning();
      await audit(systemActor, "user.sso_linked", byEmail.email, { subject: identity.subject }, tx);
      return { ok: true, user: linked! };
    }
    const email = claimedEmail && identity.emailVerified ? claimedEmail : `${identity.subject}@oidc.invalid`;
    const [created] = await tx
      .insert(users)
      .values({ email, name: identity.name, role: "auditor", oidcSubject: identity.subject })
      .returning();
    await audit(systemActor, "user.created", email, { role: "auditor", via: "oidc", emailVerified: identity.emailVerified }, tx);
    return { ok: true, user: created! };
  });
}
