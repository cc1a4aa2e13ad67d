import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { auditLog, users, type User } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles.shared";

/** Inserts a user straight into the test database. */
export async function insertUser(email: string, role: Role, password = "a-good-long-password", extra: Partial<User> = {}): Promise<User> {
  const [user] = await db()
    .insert(users)
    .values({ email, role, name: email.split("@")[0]!, passwordHash: await hashPassword(password), ...extra })
    .returning();
  return user!;
}

export async function auditActionsFor(target: string): Promise<string[]> {
  const rows = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
  return rows.map((r) => r.action);
}

/** The details of the audit rows `actorEmail` wrote as `action`, oldest first. */
export async function auditDetailsOf(action: string, actorEmail: string): Promise<{ details: Record<string, unknown> }[]> {
  return db()
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorEmail, actorEmail)))
    .orderBy(auditLog.id);
}
