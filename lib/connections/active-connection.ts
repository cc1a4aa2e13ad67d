import "server-only";
import { cookies } from "next/headers";
import { createRegistryClient, type RegistryClient } from "@/lib/registry/client";
import { activeConnection, connectionTarget, type ConnectionView } from "./manage-connections";

/** The cookie holding the connection a user chose for their session (an id, not a secret). */
export const activeConnectionCookie = "registry-desk-connection";

export async function activeConnectionForRequest(all?: ConnectionView[]): Promise<ConnectionView | undefined> {
  return activeConnection((await cookies()).get(activeConnectionCookie)?.value, all);
}

/** The registry client for the caller's active connection, or undefined when none is configured. */
export async function registryClientForRequest(): Promise<{ connection: ConnectionView; client: RegistryClient } | undefined> {
  const connection = await activeConnectionForRequest();
  const target = connection && (await connectionTarget(connection.id));
  return connection && target ? { connection, client: createRegistryClient(target) } : undefined;
}
