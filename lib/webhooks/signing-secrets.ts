import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { openSecret } from "@/lib/connections/secret-box";
import { SecretKeyError } from "@/lib/crypto";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How long a process may keep using a connection's secrets without reading them again. A change made in this
 * process takes effect at once (`forgetSigningSecrets`); one made in another app process within this time.
 * A delivery that does not verify against kept secrets is checked again against freshly read ones, so a new
 * secret is never refused.
 */
export const signingSecretsTtlMs = 5_000;

type Kept = { at: number; secrets: string[] | undefined };
const kept = ((globalThis as { registryDeskSigningSecrets?: Map<string, Kept> }).registryDeskSigningSecrets ??= new Map());

/**
 * The signing secrets a connection's webhooks may be signed with: the current one and, during a rotation,
 * the one it replaced. `undefined` when there is no such connection. Server-only.
 */
export async function signingSecrets(database: Database, connectionId: string, options: { fresh?: boolean } = {}): Promise<string[] | undefined> {
  if (!uuidPattern.test(connectionId)) return undefined;
  const hit = kept.get(connectionId);
  if (!options.fresh && hit && Date.now() - hit.at < signingSecretsTtlMs) return hit.secrets;
  const [row] = await database
    .select({ current: registryConnections.webhookSecretSealed, previous: registryConnections.previousWebhookSecretSealed })
    .from(registryConnections)
    .where(eq(registryConnections.id, connectionId));
  const secrets = row ? [row.current, row.previous].filter((sealed): sealed is string => sealed !== null).map(openSecret) : undefined;
  kept.set(connectionId, { at: Date.now(), secrets });
  return secrets;
}

/** Drops what this process keeps of a connection's secrets (after it was changed or deleted). */
export function forgetSigningSecrets(connectionId: string): void {
  kept.delete(connectionId);
}

/**
 * Connections whose stored signing secret (or the previous one) this server cannot decrypt, with the reason.
 * Their deliveries are answered 503, so the sender keeps retrying until an admin enters the secret again.
 */
export async function unreadableSigningSecrets(database: Database): Promise<Map<string, string>> {
  const rows = await database
    .select({ id: registryConnections.id, current: registryConnections.webhookSecretSealed, previous: registryConnections.previousWebhookSecretSealed })
    .from(registryConnections);
  const problems = new Map<string, string>();
  for (const row of rows) {
    for (const [which, sealed] of [["signing secret", row.current], ["previous signing secret", row.previous]] as const) {
      if (sealed === null || problems.has(row.id)) continue;
      try {
        openSecret(sealed);
      } catch (error) {
        if (!(error instanceof SecretKeyError)) throw error;
        problems.set(row.id, `the ${which} cannot be decrypted with this server's APP_ENCRYPTION_KEY (${error.message.charAt(0).toLowerCase()}${error.message.slice(1)})`);
      }
    }
  }
  return problems;
}
