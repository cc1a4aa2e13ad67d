import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { openSecret } from "@/lib/secret-box";
import { SecretKeyError } from "@/lib/crypto";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How long a process may keep using a connection's secrets without reading them again. A change made in this
 * process takes effect at once (`forgetSigningSecrets`); one made in another app process within this time.
 * A delivery that does not verify against kept secrets is checked again against freshly read ones, so a new
 * secret is not refused; such re-reads happen at most once per `signingSecretsRecheckMs` per connection, so a
 * flood of bad signatures costs no query each.
 */
export const signingSecretsTtlMs = 5_000;
export const signingSecretsRecheckMs = 1_000;

/** `checkedAt`: when the secrets were last read because a delivery did not verify against them. */
type Kept = { at: number; checkedAt: number; secrets: string[] };
const kept = ((globalThis as { registryDeskSigningSecrets?: Map<string, Kept> }).registryDeskSigningSecrets ??= new Map());

/** Reads under way, shared by the deliveries that arrive meanwhile (a flood waits on one query). */
const reading = new Map<string, Promise<string[] | undefined>>();

/**
 * The signing secrets a connection's webhooks may be signed with: the current one and, during a rotation,
 * the one it replaced. `undefined` when there is no such connection, which is never kept: ids sent by
 * strangers cannot grow this process's memory. With `fresh`, read again unless that was done within the last
 * `signingSecretsRecheckMs`.
 */
export async function signingSecrets(
  database: Database,
  connectionId: string,
  options: { fresh?: boolean } = {},
): Promise<string[] | undefined> {
  if (!uuidPattern.test(connectionId)) return undefined;
  const id = connectionId.toLowerCase();
  const hit = kept.get(id);
  const now = Date.now();
  if (hit && (options.fresh ? now - hit.checkedAt < signingSecretsRecheckMs : now - hit.at < signingSecretsTtlMs)) return hit.secrets;
  let pending = reading.get(id);
  if (!pending) {
    pending = readSecrets(database, id, Boolean(options.fresh)).finally(() => reading.delete(id));
    reading.set(id, pending);
  }
  return pending;
}

async function readSecrets(database: Database, id: string, fresh: boolean): Promise<string[] | undefined> {
  const [row] = await database
    .select({ current: registryConnections.webhookSecretSealed, previous: registryConnections.previousWebhookSecretSealed })
    .from(registryConnections)
    .where(eq(registryConnections.id, id));
  if (!row) {
    kept.delete(id);
    return undefined;
  }
  const secrets = [row.current, row.previous].filter((sealed): sealed is string => sealed !== null).map(openSecret);
  const now = Date.now();
  kept.set(id, { at: now, checkedAt: fresh ? now : (kept.get(id)?.checkedAt ?? 0), secrets });
  return secrets;
}

/** How many connections this process keeps secrets for (for tests: unknown ids must not add any). */
export function keptSigningSecretsCount(): number {
  return kept.size;
}

/** Drops what this process keeps of a connection's secrets (after it was changed or deleted). */
export function forgetSigningSecrets(connectionId: string): void {
  kept.delete(connectionId.toLowerCase());
}

/**
 * Connections whose stored signing secret (or the previous one) this server cannot decrypt, with the reason.
 * Their deliveries are answered 503, so the sender keeps retrying until an admin enters the secret again.
 */
export async function unreadableSigningSecrets(database: Database): Promise<Map<string, string>> {
  const rows = await database
    .select({
      id: registryConnections.id,
      current: registryConnections.webhookSecretSealed,
      previous: registryConnections.previousWebhookSecretSealed,
    })
    .from(registryConnections);
  const problems = new Map<string, string>();
  for (const row of rows) {
    for (const [which, sealed] of [
      ["signing secret", row.current],
      ["previous signing secret", row.previous],
    ] as const) {
      if (sealed === null || problems.has(row.id)) continue;
      try {
        openSecret(sealed);
      } catch (error) {
        if (!(error instanceof SecretKeyError)) throw error;
        problems.set(
          row.id,
          `the ${which} cannot be decrypted with this server's APP_ENCRYPTION_KEY (${error.message.charAt(0).toLowerCase()}${error.message.slice(1)})`,
        );
      }
    }
  }
  return problems;
}
