import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users, type User } from "@/db/schema";

export type SessionUser = Pick<User, "id" | "email" | "name" | "role" | "mustChangePassword" | "sessionVersion">;

/** What a session token says: our users.id, and the user's session version when the token was issued. */
export type SessionClaim = { userId: string; sessionVersion: number };

export type SessionState = SessionUser | "signed_out" | "deactivated";

/**
 * The user a session stands for, as the database has them now (role and active flag are never taken from
 * the token). A password change, an admin's reset and a deactivation bump the user's session version, so a
 * token issued before them is signed out; reactivation leaves the version alone, so it stays signed out.
 * Both requireRole and the live stream's periodic re-check decide through here and `admitSession`.
 */
export async function currentSessionUser(database: Database, claim: SessionClaim): Promise<SessionState> {
  const [user] = await database
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      active: users.active,
      mustChangePassword: users.mustChangePassword,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(eq(users.id, claim.userId));
  if (!user) return "signed_out";
  // Checked before the version, so the holder of a deactivated account's token is told why.
  if (!user.active) return "deactivated";
  if (user.sessionVersion !== claim.sessionVersion) return "signed_out";
  const { active: _active, ...sessionUser } = user;
  return sessionUser;
}

export type SessionRefusal = "unauthenticated" | "deactivated" | "password_change_required";

/**
 * The one rule for whether a session may act at all, whatever it asks for: signed in, active, and with no
 * password change pending (unless it is the change itself that is asked).
 */
export function admitSession(
  state: SessionState,
  options: { allowPendingPasswordChange?: boolean } = {},
): { ok: true; user: SessionUser } | { ok: false; code: SessionRefusal } {
  if (state === "signed_out") return { ok: false, code: "unauthenticated" };
  if (state === "deactivated") return { ok: false, code: "deactivated" };
  if (state.mustChangePassword && !options.allowPendingPasswordChange) return { ok: false, code: "password_change_required" };
  return { ok: true, user: state };
}
