import "server-only";
import { createRegistryClient, type RegistryClient } from "@/lib/registry/client";
import { activeConnectionForRequest } from "./active-connection";
import { connectionTarget, findConnection, type ConnectionView } from "./manage-connections";
import { NoConnectionError, noConnectionConfigured, requestConnectionGone } from "./no-connection";

/** A connection opened for calling the registry. */
export type Registry = { connection: ConnectionView; client: RegistryClient };

/**
 * `connection` opened for calling the registry (its key decrypted: a ConnectionKeyUnreadableError when it cannot
 * be); undefined when it no longer exists. Registry calls choose their connection with registryFor; only the
 * connection test in Settings, which tests the one connection it names, opens one directly.
 */
export async function openRegistry(connection: ConnectionView | undefined): Promise<Registry | undefined> {
  const target = connection && (await connectionTarget(connection.id));
  return connection && target ? { connection, client: createRegistryClient(target) } : undefined;
}

/**
 * The connection a registry call goes through, by the one rule: a follow-up of a stored request (a poll, a
 * retry, a graph expansion, a fresh document link) through that request's own connection, never another;
 * anything else through the session's active connection. Throws a NoConnectionError when there is none, and a
 * ConnectionKeyUnreadableError when its key cannot be decrypted.
 */
export async function registryFor(followUp?: { connectionId: string | null }): Promise<Registry> {
  const connection = followUp
    ? followUp.connectionId
      ? await findConnection(followUp.connectionId)
      : undefined
    : await activeConnectionForRequest();
  const registry = await openRegistry(connection);
  if (!registry) throw new NoConnectionError(followUp ? requestConnectionGone : noConnectionConfigured);
  return registry;
}
