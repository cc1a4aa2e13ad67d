import "server-only";
import { eq, isNotNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { pendingChanges, registryConnections } from "@/db/schema";
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
    // A connection change waiting for a second admin holds its new secrets sealed too (lib/dual-control/).
    const waiting = await tx.select().from(pendingChanges).where(isNotNull(pendingChanges.sealedSecrets)).for("update");
    for (const change of waiting) {
      await tx
        .update(pendingChanges)
        .set({ sealedSecrets: seal(open(change.sealedSecrets!, oldKey), newKey) })
        .where(eq(pendingChanges.id, change.id));
    }
    await audit(
      systemActor,
      "encryption_key.rotated",
      null,
      { from: keyId(oldKey), to: keyId(newKey), connections: rows.length, secrets, pendingChanges: waiting.length },
      tx,
    );
    return { secrets };
  });
}
