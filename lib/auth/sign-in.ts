import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { signInFailures, signInLocks, users, type User } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import { decoy, verifyPassword } from "./password";
import { createVerificationGate } from "./verification-gate";

/**
 * Five failures for one email within 15 minutes lock it for 15 minutes. One client address may fail 20 times
 * within 15 minutes (enough for an office behind one address); after that it is refused before any password
 * is checked, so it can lock at most four accounts per 15 minutes and keep no argon2 thread busy.
 */
export const lockout = { attempts: 5, windowMinutes: 15, lockMinutes: 15, perAddress: 20 } as const;

const utcTime = (at: Date) => at.toISOString().slice(11, 16);
const minutesUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - Date.now()) / 60000));

export const signInMessages = {
  wrong: "Wrong email or password.",
  locked: (until: Date) =>
    `This account is locked after ${lockout.attempts} failed sign-ins. Try again after ${utcTime(until)} UTC (in about ${minutesUntil(until)} min).`,
  addressLimited: (until: Date) =>
    `Too many failed sign-ins from your network address. Try again after ${utcTime(until)} UTC (in about ${minutesUntil(until)} min).`,
  busy: "Too many sign-ins at once. Wait a moment, then try again.",
  deactivated: "This account is deactivated. Ask an administrator to reactivate it.",
} as const;

export type SignInResult = { ok: true; user: User } | { ok: false; message: string };

export type SignInContext = {
  /** The address the attempt comes from (lib/auth/client-address.ts); null when unknown. */
  clientAddress?: string | null;
  now?: Date;
};

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// At most 2 verifications run at once per process (half of libuv's default pool), 2 per address.
const verificationGate = createVerificationGate({ running: 2, waiting: 64, perAddress: 2 });

/**
 * Checks an email and password. Failures are counted per email as typed, existing or not, so the answer never
 * tells whether the email or the password was wrong, and a lockout never tells whether an account exists.
 * Each attempt is counted before its password is checked (admitAttempt), so parallel attempts cannot get more
 * than five guesses past the lock; a right password then takes its attempt back.
 */
export async function signInWithPassword(rawEmail: string, password: string, context: SignInContext = {}): Promise<SignInResult> {
  const email = normalizeEmail(rawEmail);
  const address = context.clientAddress ?? null;
  const now = context.now ?? new Date();
  const anonymous = { id: null, email };

  const attempt = await verificationGate.run(address, async () => {
    const admission = await admitAttempt(email, address, now);
    if (admission.outcome !== "admitted") return admission;
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), password);
    return { ...admission, user, valid };
  });
  if (attempt === "busy") return { ok: false, message: signInMessages.busy };
  if (attempt.outcome === "address_limited") return { ok: false, message: signInMessages.addressLimited(attempt.until) };
  if (attempt.outcome === "locked") return { ok: false, message: signInMessages.locked(attempt.until) };

  const { user, valid, locks, emailFailures, addressFailures } = attempt;
  if (valid && user) {
    await takeBack(email, address, locks);
    if (!user.active) {
      await audit({ id: user.id, email }, "auth.sign_in_failed", email, { reason: "deactivated", address });
      return { ok: false, message: signInMessages.deactivated };
    }
    return { ok: true, user };
  }

  await audit(anonymous, "auth.sign_in_failed", email, { reason: "wrong email or password", address });
  if (address !== null && addressFailures === lockout.perAddress) {
    await audit(anonymous, "auth.address_throttled", address, { failures: addressFailures, windowMinutes: lockout.windowMinutes });
  }
  if (locks) {
    await audit(anonymous, "auth.lockout", email, { failures: emailFailures, lockedUntil: locks.toISOString() });
    return { ok: false, message: signInMessages.locked(locks) };
  }
  return { ok: false, message: signInMessages.wrong };
}

type Admission =
  | {
      outcome: "admitted";
      /** Failures counted for the email and for the address, this attempt included. */
      emailFailures: number;
      addressFailures: number;
      /** Set when this attempt reached the limit and locked the email, until then. */
      locks: Date | null;
    }
  | { outcome: "locked"; until: Date }
  | { outcome: "address_limited"; until: Date };

// Transaction-scoped advisory lock keys (the first half names what the second half hashes).
const lockKeys = { email: 0x5349_0001, address: 0x5349_0002 } as const;

/**
 * Decides whether an attempt may check its password, and counts it as a failure if so, in one statement:
 * refused while the address is over its limit or the email is locked; otherwise the failure is recorded and,
 * when it is the fifth within the window, the email is locked. Under READ COMMITTED a statement cannot see
 * what a concurrent one inserted but has not committed, so attempts for one email (and one address) first take
 * turns on an advisory lock held until commit: each then counts every attempt that went before it.
 */
async function admitAttempt(email: string, address: string | null, now: Date): Promise<Admission> {
  const windowStart = new Date(now.getTime() - lockout.windowMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + lockout.lockMinutes * 60_000);
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockKeys.email}, hashtext(${email}))`);
    if (address !== null) await tx.execute(sql`select pg_advisory_xact_lock(${lockKeys.address}, hashtext(${address}))`);
    const { rows } = await tx.execute<{
      outcome: "admitted" | "locked" | "address_limited";
      email_failures: number;
      address_failures: number;
      locks: Date | null;
      locked_until: Date | null;
      address_retry_at: Date | null;
    }>(sql`
      with
        current_lock as (select locked_until from sign_in_locks where email = ${email}),
        by_address as (
          select count(*)::int as failures, min(at) as oldest from sign_in_failures
          where ${address}::text is not null and client_address = ${address}::text and at > ${windowStart}
        ),
        -- Failures that led to an earlier lock do not count again once it has passed.
        by_email as (
          select count(*)::int as failures from sign_in_failures
          where email = ${email} and at > greatest(${windowStart}::timestamptz, (select locked_until from current_lock))
        ),
        verdict as (
          select
            case
              when (select failures from by_address) >= ${lockout.perAddress} then 'address_limited'
              when (select locked_until from current_lock) > ${now} then 'locked'
              else 'admitted'
            end as outcome,
            (select failures from by_email) + 1 as email_failures,
            (select failures from by_address) + 1 as address_failures
        ),
        pruned as (
          delete from sign_in_failures
          where (email = ${email} or client_address = ${address}::text) and at <= ${windowStart}
        ),
        recorded as (
          insert into sign_in_failures (email, client_address, at)
          select ${email}, ${address}::text, ${now} from verdict where outcome = 'admitted'
        ),
        locked as (
          insert into sign_in_locks (email, locked_until)
          select ${email}, ${lockUntil} from verdict where outcome = 'admitted' and email_failures >= ${lockout.attempts}
          on conflict (email) do update set locked_until = excluded.locked_until
          returning locked_until
        )
      select
        verdict.outcome, verdict.email_failures, verdict.address_failures,
        (select locked_until from locked) as locks,
        (select locked_until from current_lock) as locked_until,
        (select oldest from by_address) + make_interval(mins => ${lockout.windowMinutes}) as address_retry_at
      from verdict
    `);
    const row = rows[0]!;
    if (row.outcome === "address_limited") return { outcome: "address_limited", until: new Date(row.address_retry_at!) };
    if (row.outcome === "locked") return { outcome: "locked", until: new Date(row.locked_until!) };
    return {
      outcome: "admitted",
      emailFailures: row.email_failures,
      addressFailures: row.address_failures,
      locks: row.locks ? new Date(row.locks) : null,
    };
  });
}

/**
 * A right password takes back this address's failures for the email (its user's own typos, this attempt's
 * included) and the lock this attempt set, if any. Failures from other addresses still count: a successful
 * sign-in does not give whoever is guessing elsewhere a fresh start, nor clear an address's own limit.
 */
async function takeBack(email: string, address: string | null, lockedByThisAttempt: Date | null): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .delete(signInFailures)
      .where(
        and(
          eq(signInFailures.email, email),
          address === null ? isNull(signInFailures.clientAddress) : eq(signInFailures.clientAddress, address),
        ),
      );
    if (lockedByThisAttempt) {
      await tx.delete(signInLocks).where(and(eq(signInLocks.email, email), eq(signInLocks.lockedUntil, lockedByThisAttempt)));
    }
  });
}
