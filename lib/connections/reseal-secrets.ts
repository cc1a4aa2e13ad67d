import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { audit, systemActor } from "@/lib/audit/audit";
import { keyId, open, seal } from "@/lib/crypto";

/**
 * Re-encrypts every stored secret from `oldKey` to `newKey` in one transaction: either all of them
 * move to the new key or none does. Used by `npm run rotate-key`.
 */
export async function resealSecrets(database: Database, oldKey: Buffer, newKey: Buffer): Promise<{ secrets: number }> {
  return database.transaction(async (tx) => {
    const rows = await tx.select().from(registryConnections).for("update");
    let secrets = 0;
    for (const row of rows) {
      const apiKeySealed = seal(open(row.apiKeySealed, oldKey), newKey);
      const reseal = (sealed: string | null) => (sealed === null ? null : seal(open(sealed, oldKey), newKey));
      const webhookSecretSealed = reseal(row.webhookSecretSealed);
      const previousWebhookSecretSealed = reseal(row.previousWebhookSecretSealed);
      secrets += 1 + [webhookSecretSealed, previousWebhookSecretSealed].filter((s) => s !== null).length;
      await tx
        .update(registryConnections)
        .set({ apiKeySealed, webhookSecretSealed, previousWebhookSecretSealed })
        .where(eq(registryConnections.id, row.id));
    }
    await audit(
      systemActor,
      "encryption_key.rotated",
      null,
      { from: keyId(oldKey), to: keyId(newKey), connections: rows.length, secrets },
      tx,
    );
    return { secrets };
  });
}
