import "server-only";
import { and, asc, count, eq, ne, or, sql } from "drizzle-orm";
import { db, type Database } from "@/db/client";
import { containsText } from "@/db/contains-pattern";
import { users, type User } from "@/db/schema";
import { audit, type Actor } from "@/lib/audit/audit";
import { generatePassword, hashPassword, verifyPassword } from "@/lib/auth/password";
import type { Role } from "@/lib/auth/roles.shared";
import { normalizeEmail } from "@/lib/auth/sign-in";
import { revokeFeedsOnAccountChange } from "@/lib/calendar/calendar-feeds";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";

export type UserRow = Pick<User, "id" | "email" | "name" | "role" | "active" | "mustChangePassword" | "createdAt"> & {
  signsInWith: "password" | "sso" | "password and sso";
};

export type ChangeResult<T = undefined> = { ok: true; data: T } | { ok: false; code: string; error: string };

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** How a change went through dual control (an admin-affecting change), spread into its audit row; none otherwise. */
type Note = DualControlNote | undefined;

/** How many users the Users page lists at most; past it, the admin narrows the list with a search. */
const usersShown = 100;

/**
 * The users whose email or name contains `query` (any case), by email: at most `limit` of them, and how many
 * matched in all.
 */
export async function listUsers({ query = "", limit = usersShown }: { query?: string; limit?: number } = {}): Promise<{
  rows: UserRow[];
  matched: number;
}> {
  const needle = query.trim().toLowerCase();
  const where = needle ? or(containsText(users.email, needle), containsText(users.name, needle)) : undefined;
  const [rows, [total]] = await Promise.all([
    db().select().from(users).where(where).orderBy(asc(users.email)).limit(limit),
    db().select({ n: count() }).from(users).where(where),
  ]);
  return {
    matched: total?.n ?? 0,
    rows: rows.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      active: u.active,
      mustChangePassword: u.mustChangePassword,
      createdAt: u.createdAt,
      signsInWith: u.passwordHash && u.oidcSubject ? "password and sso" : u.oidcSubject ? "sso" : "password",
    })),
  };
}

/**
 * Locks every active admin's row, in id order, as the first step of a change that may take an admin away. Two admins
 * demoting each other at once then queue on the same first row, and the second sees the first's change, instead of
 * each locking its target and waiting for the other's (a deadlock that Postgres ends by failing one of them).
 */
async function lockActiveAdmins(tx: Tx): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true)))
    .orderBy(users.id)
    .for("update");
}

/** Active admins other than `exceptId`, counted after lockActiveAdmins (so none can change meanwhile). */
async function otherActiveAdmins(tx: Tx, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

const lastAdmin = {
  ok: false as const,
  code: "last_admin",
  error: "This is the last active admin. Make another user admin first, so someone can still manage the console.",
};
const notFound = { ok: false as const, code: "not_found", error: "No such user." };

/**
 * The moment a role or password changes, at the database's full precision, so dual control compares it with a change's
 * `requested_at` exactly (lib/dual-control/pending-changes.ts).
 */
const changedNow = sql`now()`;

/** Ends the user's sessions: every token issued before carries an older version (lib/auth/session-user.ts). */
const nextSessionVersion = sql`${users.sessionVersion} + 1`;

/** Creates a user; with no password given, generates a one-time password that must be changed at first sign-in. */
export async function createUser(
  actor: Actor,
  input: { email: string; name: string; role: Role; password?: string },
  note?: Note,
): Promise<ChangeResult<{ id: string; oneTimePassword?: string }>> {
  const email = normalizeEmail(input.email);
  const oneTimePassword = input.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(input.password ?? oneTimePassword!);
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ email, name: input.name, role: input.role, passwordHash, mustChangePassword: !input.password })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) return { ok: false, code: "email_taken", error: `A user with the email ${email} already exists.` };
    await audit(actor, "user.created", email, { role: input.role, name: input.name, ...note }, tx);
    return { ok: true, data: { id: created.id, oneTimePassword } };
  });
}

/** Changes a user's role; their calendar feeds are revoked (what they may read has changed). */
export async function changeRole(actor: Actor, userId: string, role: Role, note?: Note): Promise<ChangeResult> {
  return db().transaction(async (tx) => {
    await lockActiveAdmins(tx);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) return notFound;
    if (user.role === role) return { ok: true, data: undefined };
    if (user.role === "admin" && user.active && (await otherActiveAdmins(tx, user.id)) === 0) return lastAdmin;
    await tx.update(users).set({ role, roleChangedAt: changedNow, updatedAt: new Date() }).where(eq(users.id, userId));
    await audit(actor, "user.role_changed", user.email, { from: user.role, to: role, ...note }, tx);
    await revokeFeedsOnAccountChange(tx, actor, user.id, "role changed");
    return { ok: true, data: undefined };
  });
}

export async function setActive(actor: Actor, userId: string, active: boolean, note?: Note): Promise<ChangeResult> {
  return db().transaction(async (tx) => {
    await lockActiveAdmins(tx);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) return notFound;
    if (user.active === active) return { ok: true, data: undefined };
    if (!active && user.role === "admin" && (await otherActiveAdmins(tx, user.id)) === 0) return lastAdmin;
    // Deactivation ends their sessions; reactivation leaves the version as it is, so those stay ended.
    await tx
      .update(users)
      .set({ active, roleChangedAt: changedNow, updatedAt: new Date(), ...(active ? {} : { sessionVersion: nextSessionVersion }) })
      .where(eq(users.id, userId));
    await audit(actor, active ? "user.reactivated" : "user.deactivated", user.email, { ...note }, tx);
    if (!active) await revokeFeedsOnAccountChange(tx, actor, user.id, "account deactivated");
    return { ok: true, data: undefined };
  });
}

/**
 * Replaces a user's password with a generated one-time password, returned once and never stored in clear,
 * and ends the user's sessions.
 */
export async function resetPassword(actor: Actor, userId: string, note?: Note): Promise<ChangeResult<{ oneTimePassword: string }>> {
  const oneTimePassword = generatePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  return db().transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: true,
        sessionVersion: nextSessionVersion,
        passwordChangedAt: changedNow,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!user) return notFound;
    await audit(actor, "user.password_reset", user.email, { ...note }, tx);
    await revokeFeedsOnAccountChange(tx, actor, userId, "password reset by an admin");
    return { ok: true, data: { oneTimePassword } };
  });
}

/**
 * The signed-in user chooses their own password (which also ends a one-time password). Their other sessions
 * end; the new session version is returned for the session that made the change to carry on with.
 */
export async function changeOwnPassword(
  actor: Actor & { id: string },
  currentPassword: string,
  newPassword: string,
): Promise<ChangeResult<{ sessionVersion: number }>> {
  const [user] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword))) {
    return { ok: false, code: "wrong_password", error: "The current password is not right." };
  }
  if (currentPassword === newPassword) {
    return { ok: false, code: "same_password", error: "Choose a password different from the current one." };
  }
  const passwordHash = await hashPassword(newPassword);
  return db().transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        sessionVersion: nextSessionVersion,
        passwordChangedAt: changedNow,
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.id))
      .returning({ sessionVersion: users.sessionVersion });
    if (!changed) return notFound;
    await audit(actor, "auth.password_changed", actor.email, {}, tx);
    await revokeFeedsOnAccountChange(tx, actor, actor.id, "password changed");
    return { ok: true, data: { sessionVersion: changed.sessionVersion } };
  });
}
