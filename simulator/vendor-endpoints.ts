import type { Context, MiddlewareHandler } from "hono";
import type { SimState } from "./state";

/**
 * The endpoints the vendor's OpenAPI documents beyond the spec, which the simulator offers. `PUT /_sim/vendor-endpoints
 * {enabled: false}` makes each answer 404 exactly as an unknown route does, like an API with only the spec's endpoints.
 */
export const vendorEndpoints = [
  { method: "GET", path: "/v2/billing/balance" },
  { method: "GET", path: "/v2/billing/notifications/config" },
  { method: "PATCH", path: "/v2/billing/notifications/config" },
  { method: "GET", path: "/v2/billing/notifications/workspaces/{workspaceId}/config" },
  { method: "GET", path: "/v2/workspaces" },
  { method: "POST", path: "/v2/workspaces" },
  { method: "DELETE", path: "/v2/workspaces/{name}" },
  { method: "GET", path: "/v2/workspaces/usage" },
] as const;

const routes = vendorEndpoints.map(({ method, path }) => ({
  method,
  pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`),
}));

export function isVendorEndpoint(method: string, path: string): boolean {
  return routes.some((route) => route.method === method && route.pattern.test(path));
}

/** While the vendor endpoints are off, answers their requests with `unknownRoute` (the answer to a route that does not exist). */
export function vendorEndpointGate(state: SimState, unknownRoute: (c: Context) => Response): MiddlewareHandler {
  return async (c, next) => {
    if (!state.vendorEndpointsEnabled && isVendorEndpoint(c.req.method, c.req.path)) return unknownRoute(c);
    await next();
  };
}
