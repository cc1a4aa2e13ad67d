import "server-only";
import type { RegistryError, RegistryErrorInfo } from "@/lib/registry/registry-error.shared";

/**
 * What every server action returns: its data, or why not in words the form shows (with each field's messages, and
 * the registry's own words when the registry refused). Expected failures come back this way, never thrown.
 */
export type ActionResult<T = undefined> =
  { ok: true; data: T } | { ok: false; code: string; error: string; fieldErrors?: Record<string, string[]>; registry?: RegistryErrorInfo };

/** A RegistryError as an action's result, in the registry's words: the one conversion. */
export function registryFailure(error: RegistryError): Extract<ActionResult<never>, { ok: false }> {
  return { ok: false, code: error.code, error: error.message, registry: error.toInfo() };
}
