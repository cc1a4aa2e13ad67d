import "server-only";
import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/http/error-status";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { Capability } from "./capabilities.shared";
import { requireRole, type SessionUser } from "./require-role";

/**
 * Wraps a route handler: answers with a JSON error (its status from lib/http/error-status.ts) unless the caller
 * holds `capability`. A RegistryError the handler lets through (no connection, a connection whose key cannot be
 * read, the registry's refusal) is answered the same way, with its code and message.
 */
export function roleRoute<C>(
  capability: Capability,
  handler: (request: NextRequest, context: C, user: SessionUser) => Promise<Response>,
): (request: NextRequest, context: C) => Promise<Response> {
  return async (request, context) => {
    const auth = await requireRole(capability);
    if (!auth.ok) return errorResponse({ code: auth.code, message: auth.message });
    try {
      return await handler(request, context, auth.user);
    } catch (error) {
      if (error instanceof RegistryError) return errorResponse({ code: error.code, message: error.message, retryAfter: error.retryAfter });
      throw error;
    }
  };
}
