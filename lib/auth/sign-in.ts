import { and, count, eq, gt, lt } from "drizzle-orm";
import { db } from "@/db/client";
import { signInFailures, signInLocks, users, type User } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import { decoy, verifyPassword } from "./password";

export const lockout = { attempts: 5, windowMinutes: 15, lockMinutes: 15 } as const;

export const signInMessages = {
  wrong: "Wrong email or password.",
  locked: (until: Date) =>
    `This account is locked after ${lockout.attempts} failed sign-ins. Try again after ${until.toISOString().slice(11, 16)} UTC (in about ${Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60000))} min).`,
  deactivated: "This account is deactivated. Ask an administrator to reactivate it.",
} as const;

export type SignInResult = { ok: true; user: User } | { ok: false; message: string };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks an email and password. Failures are counted per email as typed, existing or not, so the
 * answer never tells whether the email or the password was wrong, and a lockout never tells
 * whether an account exists. Five failures within 15 minutes lock the email for 15 minutes.
 */
export async function signInWithPassword(rawEmail: string, password: string, now = new Date()): Promise<SignInResult> {
  const email = normalizeEmail(rawEmail);
  const anonymous = { id: null, email };

  const [lock] = await db().select().from(signInLocks).where(eq(signInLocks.email, email));
  if (lock && lock.lockedUntil > now) return { ok: false, message: signInMessages.locked(lock.lockedUntil) };

  const [user] = await db().select().from(users).where(eq(users.email, email));
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), password);

  if (valid && user) {
    await db().delete(signInFailures).where(eq(signInFailures.email, email));
    if (!user.active) {
      await audit({ id: user.id, email }, "auth.sign_in_failed", email, { reason: "deactivated" });
      return { ok: false, message: signInMessages.deactivated };
    }
    return { ok: true, user };
  }

  // Count failures since the window began, but not those that led to an earlier lock.
  const windowStart = new Date(now.getTime() - lockout.windowMinutes * 60_000);
  const since = lock && lock.lockedUntil > windowStart ? lock.lockedUntil : windowStart;
  const failures = await db().transaction(async (tx) => {
    await tx.delete(signInFailures).where(and(eq(signInFailures.email, email), lt(signInFailures.at, windowStart)));
    await tx.insert(signInFailures).values({ email, at: now });
    await audit(anonymous, "auth.sign_in_failed", email, { reason: "wrong email or password" }, tx);
    const [row] = await tx
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.email, email), gt(signInFailures.at, since)));
    return row?.n ?? 0;
  });

  if (failures >= lockout.attempts) {
    const lockedUntil = new Date(now.getTime() + lockout.lockMinutes * 60_000);
    await db()
      .insert(signInLocks)
      .values({ email, lockedUntil })
      .onConflictDoUpdate({ target: signInLocks.email, set: { lockedUntil } });
    await audit(anonymous, "auth.lockout", email, { failures, lockedUntil: lockedUntil.toISOString() });
    return { ok: false, message: signInMessages.locked(lockedUntil) };
  }
  return { ok: false, message: signInMessages.wrong };
}
