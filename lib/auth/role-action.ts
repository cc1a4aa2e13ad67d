import "server-only";
import type { z } from "zod";
import { ConnectionKeyUnreadableError } from "@/lib/connections/connection-key-unreadable";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error";
import { requireRole, type SessionUser } from "./require-role";
import type { Role } from "./roles";

export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]>; registry?: RegistryErrorInfo };

/**
 * Wraps a server action: checks the caller's role (from the database) before anything else, then
 * validates the input with `schema`. Expected failures come back as `{ ok: false, … }`, never thrown; that
 * includes a ConnectionKeyUnreadableError from wherever the action opens its registry connection.
 */
export function roleAction<S extends z.ZodType, T>(
  allowed: readonly Role[],
  schema: S,
  run: (input: z.infer<S>, user: SessionUser) => Promise<ActionResult<T>>,
  options: { allowPendingPasswordChange?: boolean } = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    const auth = await requireRole(allowed, options);
    if (!auth.ok) return { ok: false, code: auth.code, error: auth.message };
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (fieldErrors[issue.path.join(".") || "form"] ??= []).push(issue.message);
      return { ok: false, code: "invalid_input", error: "Please correct the highlighted fields.", fieldErrors };
    }
    try {
      return await run(parsed.data, auth.user);
    } catch (error) {
      // Any action that calls the registry can meet a connection whose key cannot be read, before calling it.
      if (error instanceof ConnectionKeyUnreadableError) return { ok: false, code: error.code, error: error.message, registry: error.toInfo() };
      throw error;
    }
  };
}
