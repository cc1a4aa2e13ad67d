import "server-only";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { db } from "@/db/client";
import { authorizeSession, type Authorization } from "./authorize-session";
import type { Capability } from "./capabilities.shared";
import { authOptions } from "./options";
import { currentSessionUser, type SessionState, type SessionUser } from "./session-user";

export type { Authorization, SessionUser };

/** The signed-in user as the database has them now; a session from before a password change, reset or deactivation is signed out. */
const loadSessionUser = cache(async (): Promise<SessionState> => {
  const session = await getServerSession(authOptions());
  const userId = session?.user?.id;
  if (!userId) return "signed_out";
  return currentSessionUser(db(), { userId, sessionVersion: session.user?.sessionVersion ?? 0 });
});

/**
 * Checks that the caller is signed in, active, and holds `capability` (lib/auth/capabilities.shared.ts), reading the
 * user from the database on every call. Every server action and route handler calls it (through `roleAction`
 * or `roleRoute`); pages call it through `guardPage`.
 */
export async function requireRole(capability: Capability, options: { allowPendingPasswordChange?: boolean } = {}): Promise<Authorization> {
  return authorizeSession(await loadSessionUser(), capability, options);
}
