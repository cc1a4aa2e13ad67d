import "server-only";
import type { z } from "zod";
import { fieldErrorsOf } from "@/lib/forms/field-errors.shared";
import { registryFailure, type ActionResult } from "@/lib/forms/action-result";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { Capability } from "./capabilities.shared";
import { requireRole, type SessionUser } from "./require-role";

/**
 * Wraps a server action: checks that the caller holds `capability` (reading the user from the database) before
 * anything else, then validates the input with `schema`. Expected failures come back as `{ ok: false, … }`,
 * never thrown; that includes every RegistryError (the registry's refusal, no connection, a connection whose
 * key cannot be read), whichever call in the action raised it.
 */
export function roleAction<S extends z.ZodType, T>(
  capability: Capability,
  schema: S,
  run: (input: z.infer<S>, user: SessionUser) => Promise<ActionResult<T>>,
  options: { allowPendingPasswordChange?: boolean } = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    const auth = await requireRole(capability, options);
    if (!auth.ok) return { ok: false, code: auth.code, error: auth.message };
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      return {
        ok: false,
        code: "invalid_input",
        error: "Please correct the highlighted fields.",
        fieldErrors: fieldErrorsOf(parsed.error.issues),
      };
    }
    try {
      return await run(parsed.data, auth.user);
    } catch (error) {
      if (error instanceof RegistryError) return registryFailure(error);
      throw error;
    }
  };
}
