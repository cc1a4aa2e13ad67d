import "server-only";
import type { z } from "zod";
import type { Capability } from "@/lib/auth/capabilities.shared";
import { followUpContext, registryContext, unknownRequest, type FollowUpContext, type RegistryContext } from "./registry-context";
import { roleAction } from "@/lib/auth/role-action";
import type { ActionResult } from "@/lib/forms/action-result";

type Action<S extends z.ZodType, T> = (input: z.input<S>) => Promise<ActionResult<T>>;

/**
 * The seam for a server action that calls the registry, on top of roleAction (capability first, then the input).
 * Its body asks `registry()` for the connection, chosen by the one rule: with `followUp` (the id of the stored
 * request the input follows up), that request's own connection; otherwise the session's active one. No
 * connection, an unreadable key and every registry refusal come back as the action's result, from one place
 * (roleAction).
 */
export function registryAction<S extends z.ZodType, T>(
  capability: Capability,
  schema: S,
  run: (input: z.infer<S>, context: RegistryContext) => Promise<ActionResult<T>>,
): Action<S, T>;
export function registryAction<S extends z.ZodType, T>(
  capability: Capability,
  schema: S,
  run: (input: z.infer<S>, context: FollowUpContext) => Promise<ActionResult<T>>,
  options: { followUp: (input: z.infer<S>) => string },
): Action<S, T>;
export function registryAction<S extends z.ZodType, T>(
  capability: Capability,
  schema: S,
  run: (input: z.infer<S>, context: FollowUpContext) => Promise<ActionResult<T>>,
  options?: { followUp: (input: z.infer<S>) => string },
): Action<S, T> {
  return roleAction(capability, schema, async (input, user) => {
    // Without `followUp` the overload gave `run` a body that reads no `followed`.
    if (!options) return run(input, registryContext(user) as FollowUpContext);
    const context = await followUpContext(user, options.followUp(input));
    if (!context) return { ok: false, code: "not_found", error: unknownRequest };
    return run(input, context);
  });
}
