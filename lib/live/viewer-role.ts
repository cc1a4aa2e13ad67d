import "server-only";
import type { Database } from "@/db/client";
import { admitSession, currentSessionUser, type SessionClaim } from "@/lib/auth/session-user";
import type { Role } from "@/lib/auth/roles.shared";
import type { LiveViewer } from "./heartbeat";

/**
 * The role a live stream's viewer has now, admitted by the same rule as requireRole; null when they may no
 * longer receive anything (removed, deactivated, signed out by a password change or reset, or made to change
 * their password).
 */
export async function liveViewerRole(database: Database, session: SessionClaim): Promise<Role | null> {
  const admitted = admitSession(await currentSessionUser(database, session));
  return admitted.ok ? admitted.user.role : null;
}

/** The viewer of a session, for the heartbeat: every tab open with the same session shares one check per beat. */
export function liveViewer(database: Database, session: SessionClaim): LiveViewer {
  return { key: `${session.userId}:${session.sessionVersion}`, currentRole: () => liveViewerRole(database, session) };
}
