import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { openSecret } from "@/lib/connections/secret-box";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The signing secrets a connection's webhooks may be signed with: the current one and, during a rotation,
 * the one it replaced. `undefined` when there is no such connection. Server-only.
 */
export async function signingSecrets(database: Database, connectionId: string): Promise<string[] | undefined> {
  if (!uuidPattern.test(connectionId)) return undefined;
  const [row] = await database
    .select({ current: registryConnections.webhookSecretSealed, previous: registryConnections.previousWebhookSecretSealed })
    .from(registryConnections)
    .where(eq(registryConnections.id, connectionId));
  if (!row) return undefined;
  return [row.current, row.previous].filter((sealed): sealed is string => sealed !== null).map(openSecret);
}
