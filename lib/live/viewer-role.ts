import "server-only";
import type { Database } from "@/db/client";
import { admitSession, currentSessionUser, type SessionClaim } from "@/lib/auth/session-user";
import type { Role } from "@/lib/auth/roles";

/**
 * The role a live stream's viewer has now, admitted by the same rule as requireRole; null when they may no
 * longer receive anything (removed, deactivated, signed out by a password change or reset, or made to change
 * their password).
 */
export async function liveViewerRole(database: Database, session: SessionClaim): Promise<Role | null> {
  const admitted = admitSession(await currentSessionUser(database, session));
  return admitted.ok ? admitted.user.role : null;
}
