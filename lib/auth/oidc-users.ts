import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { users, type User } from "@/db/schema";
import { audit, systemActor } from "@/lib/audit/audit";
import { normalizeEmail } from "./sign-in";

export async function findUserByOidcSubject(subject: string): Promise<User | undefined> {
  const [user] = await db().select().from(users).where(eq(users.oidcSubject, subject));
  return user;
}

/**
 * The local user for an OIDC subject. A first-time user is linked by email when an account with that
 * email exists, and otherwise created with the role `auditor` until an admin changes it.
 */
export async function findOrCreateOidcUser(subject: string, rawEmail: string | null, name: string): Promise<User> {
  const existing = await findUserByOidcSubject(subject);
  if (existing) return existing;
  const email = rawEmail ? normalizeEmail(rawEmail) : `${subject}@oidc.invalid`;
  return db().transaction(async (tx) => {
    const [byEmail] = await tx.select().from(users).where(eq(users.email, email)).for("update");
    if (byEmail) {
      const [linked] = await tx.update(users).set({ oidcSubject: subject, updatedAt: new Date() }).where(eq(users.id, byEmail.id)).returning();
      return linked!;
    }
    const [created] = await tx.insert(users).values({ email, name, role: "auditor", oidcSubject: subject }).returning();
    await audit(systemActor, "user.created", email, { role: "auditor", via: "oidc" }, tx);
    return created!;
  });
}
