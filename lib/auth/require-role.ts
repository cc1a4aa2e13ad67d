import "server-only";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { db } from "@/db/client";
import { can, type Capability } from "./capabilities";
import { authOptions } from "./options";
import { admitSession, currentSessionUser, type SessionRefusal, type SessionState, type SessionUser } from "./session-user";

export type { SessionUser };

export type Authorization = { ok: true; user: SessionUser } | { ok: false; code: SessionRefusal | "forbidden"; message: string };

/** The signed-in user as the database has them now; a session from before a password change, reset or deactivation is signed out. */
const loadSessionUser = cache(async (): Promise<SessionState> => {
  const session = await getServerSession(authOptions());
  const userId = session?.user?.id;
  if (!userId) return "signed_out";
  return currentSessionUser(db(), { userId, sessionVersion: session.user?.sessionVersion ?? 0 });
});

const refusals: Record<Exclude<Authorization, { ok: true }>["code"], string> = {
  unauthenticated: "Sign in to continue.",
  deactivated: "This account is deactivated.",
  forbidden: "Your role does not allow this.",
  password_change_required: "Choose a new password first.",
};

/**
 * Checks that the caller is signed in, active, and holds `capability` (lib/auth/capabilities.ts), reading the
 * user from the database on every call. Every server action and route handler calls it (through `roleAction`
 * or `roleRoute`); pages call it through `guardPage`.
 */
export async function requireRole(capability: Capability, options: { allowPendingPasswordChange?: boolean } = {}): Promise<Authorization> {
  const admitted = admitSession(await loadSessionUser(), options);
  if (!admitted.ok) return { ok: false, code: admitted.code, message: refusals[admitted.code] };
  if (!can(admitted.user.role, capability)) return { ok: false, code: "forbidden", message: refusals.forbidden };
  return admitted;
}
