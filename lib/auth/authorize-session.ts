import "server-only";
import { can, type Capability } from "./capabilities.shared";
import { admitSession, type SessionRefusal, type SessionState, type SessionUser } from "./session-user";

export type Authorization = { ok: true; user: SessionUser } | { ok: false; code: SessionRefusal | "forbidden"; message: string };

const refusals: Record<Exclude<Authorization, { ok: true }>["code"], string> = {
  unauthenticated: "Sign in to continue.",
  deactivated: "This account is deactivated.",
  forbidden: "Your role does not allow this.",
  password_change_required: "Choose a new password first.",
};

/**
 * Whether the user a session stands for (as the database has them now) may do what `capability` allows:
 * admitted by `admitSession`, then the capability table. requireRole decides through here for Next.js, and
 * requireRequestRole for requests served straight from node:http.
 */
export function authorizeSession(
  state: SessionState,
  capability: Capability,
  options: { allowPendingPasswordChange?: boolean } = {},
): Authorization {
  const admitted = admitSession(state, options);
  if (!admitted.ok) return { ok: false, code: admitted.code, message: refusals[admitted.code] };
  if (!can(admitted.user.role, capability)) return { ok: false, code: "forbidden", message: refusals.forbidden };
  return admitted;
}
