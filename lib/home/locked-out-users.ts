import "server-only";
import { asc, eq, gt } from "drizzle-orm";
import { db } from "@/db/client";
import { signInLocks, users } from "@/db/schema";

/**
 * Accounts locked out of signing in now (too many failed attempts), with when the lock ends. Locks are kept per email
 * as typed; only those that belong to an account are listed (a lock on an unknown email locks nobody out).
 */
export async function lockedOutUsers(now = new Date()): Promise<{ email: string; name: string; lockedUntil: Date }[]> {
  return db()
    .select({ email: users.email, name: users.name, lockedUntil: signInLocks.lockedUntil })
    .from(signInLocks)
    .innerJoin(users, eq(users.email, signInLocks.email))
    .where(gt(signInLocks.lockedUntil, now))
    .orderBy(asc(signInLocks.lockedUntil));
}
