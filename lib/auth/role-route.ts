import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { ConnectionKeyUnreadableError } from "@/lib/connections/connection-key-unreadable";
import { requireRole, type SessionUser } from "./require-role";
import type { Role } from "./roles";

/**
 * Wraps a route handler: 401/403 with a JSON error body unless the caller has one of `allowed`. A registry
 * connection whose key cannot be read (ConnectionKeyUnreadableError, from wherever the handler opens it) is
 * answered the same way, 409 with its code and message.
 */
export function roleRoute<C>(
  allowed: readonly Role[],
  handler: (request: NextRequest, context: C, user: SessionUser) => Promise<Response>,
): (request: NextRequest, context: C) => Promise<Response> {
  return async (request, context) => {
    const auth = await requireRole(allowed);
    if (!auth.ok) {
      return NextResponse.json({ error: { code: auth.code, message: auth.message } }, { status: auth.status });
    }
    try {
      return await handler(request, context, auth.user);
    } catch (error) {
      if (error instanceof ConnectionKeyUnreadableError) return NextResponse.json({ error: { code: error.code, message: error.message } }, { status: error.status });
      throw error;
    }
  };
}
