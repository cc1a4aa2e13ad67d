import "server-only";
import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/http/error-status";
import type { Capability } from "@/lib/auth/capabilities.shared";
import { followUpContext, registryContext, unknownRequest, type FollowUpContext, type RegistryContext } from "./registry-context";
import { roleRoute } from "@/lib/auth/role-route";

type Route<C> = (request: NextRequest, context: C) => Promise<Response>;

/**
 * registryAction for route handlers, on top of roleRoute: the capability first, then the connection by the one
 * rule (with `followUp`, the stored request named by the route; a request this console does not have is
 * answered 404). Errors are answered as JSON with their status from lib/http/error-status.ts.
 */
export function registryRoute<C>(
  capability: Capability,
  handler: (request: NextRequest, context: C, registry: RegistryContext) => Promise<Response>,
): Route<C>;
export function registryRoute<C>(
  capability: Capability,
  handler: (request: NextRequest, context: C, registry: FollowUpContext) => Promise<Response>,
  options: { followUp: (context: C) => Promise<string> },
): Route<C>;
export function registryRoute<C>(
  capability: Capability,
  handler: (request: NextRequest, context: C, registry: FollowUpContext) => Promise<Response>,
  options?: { followUp: (context: C) => Promise<string> },
): Route<C> {
  return roleRoute(capability, async (request, context: C, user) => {
    // Without `followUp` the overload gave `handler` a body that reads no `followed`.
    if (!options) return handler(request, context, registryContext(user) as FollowUpContext);
    const followUp = await followUpContext(user, await options.followUp(context));
    if (!followUp) return errorResponse({ code: "not_found", message: unknownRequest });
    return handler(request, context, followUp);
  });
}
