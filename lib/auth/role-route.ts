import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { requireRole, type SessionUser } from "./require-role";
import type { Role } from "./roles";

/** Wraps a route handler: 401/403 with a JSON error body unless the caller has one of `allowed`. */
export function roleRoute<C>(
  allowed: readonly Role[],
  handler: (request: NextRequest, context: C, user: SessionUser) => Promise<Response>,
): (request: NextRequest, context: C) => Promise<Response> {
  return async (request, context) => {
    const auth = await requireRole(allowed);
    if (!auth.ok) {
      return NextResponse.json({ error: { code: auth.code, message: auth.message } }, { status: auth.status });
    }
    return handler(request, context, auth.user);
  };
}
