import "server-only";
import { getServerSession } from "next-auth";
import { cache } from "react";
import { db } from "@/db/client";
import { authOptions } from "./options";
import type { Role } from "./roles";
import { currentSessionUser, type SessionState, type SessionUser } from "./session-user";

export type { SessionUser };

export type Authorization =
  | { ok: true; user: SessionUser }
  | { ok: false; status: 401 | 403; code: "unauthenticated" | "deactivated" | "forbidden" | "password_change_required"; message: string };

/** The signed-in user as the database has them now; a session from before a password change, reset or deactivation is signed out. */
const loadSessionUser = cache(async (): Promise<SessionState> => {
  const session = await getServerSession(authOptions());
  const userId = session?.user?.id;
  if (!userId) return "signed_out";
  return currentSessionUser(db(), { userId, sessionVersion: session.user?.sessionVersion ?? 0 });
});

const refusals = {
  unauthenticated: { status: 401, message: "Sign in to continue." },
  deactivated: { status: 401, message: "This account is deactivated." },
  forbidden: { status: 403, message: "Your role does not allow this." },
  password_change_required: { status: 403, message: "Choose a new password first." },
} as const;

function refuse(code: keyof typeof refusals): Authorization {
  return { ok: false, code, ...refusals[code] };
}

/**
 * Checks that the caller is signed in, active, and has one of `allowed`, reading the user from the
 * database on every call. Every server action and route handler calls it (through `roleAction` or
 * `roleRoute`); pages call it through `guardPage`.
 */
export async function requireRole(
  allowed: readonly Role[],
  options: { allowPendingPasswordChange?: boolean } = {},
): Promise<Authorization> {
  const user = await loadSessionUser();
  if (user === "signed_out") return refuse("unauthenticated");
  if (user === "deactivated") return refuse("deactivated");
  if (user.mustChangePassword && !options.allowPendingPasswordChange) return refuse("password_change_required");
  if (!allowed.includes(user.role)) return refuse("forbidden");
  return { ok: true, user };
}
