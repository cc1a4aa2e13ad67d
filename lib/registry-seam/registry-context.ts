import "server-only";
import { registryFor, type Registry } from "@/lib/connections/registry-for";
import { storedRequest, type StoredRequest } from "@/lib/requests/stored-request";
import type { SessionUser } from "@/lib/auth/require-role";

/**
 * What registryAction and registryRoute hand their body: the caller, and `registry()`, which opens the one
 * connection the call may go through (lib/connections/registry-for.ts) the first time it is asked for, so a body
 * that answers from stored state or refuses early never opens one.
 */
export type RegistryContext = { user: SessionUser; registry: () => Promise<Registry> };

/** For a follow-up: also the stored request it follows, whose connection `registry()` opens. */
export type FollowUpContext = RegistryContext & { followed: StoredRequest };

/** The one wording for a follow-up of a request this console does not have. */
export const unknownRequest = "This console has no request with this id.";

function once<T>(open: () => Promise<T>): () => Promise<T> {
  let opened: Promise<T> | undefined;
  return () => (opened ??= open());
}

export function registryContext(user: SessionUser): RegistryContext {
  return { user, registry: once(() => registryFor()) };
}

/** Undefined when the console has no request `requestId`. */
export async function followUpContext(user: SessionUser, requestId: string): Promise<FollowUpContext | undefined> {
  const followed = await storedRequest(requestId);
  return followed && { user, followed, registry: once(() => registryFor(followed)) };
}
