import { eq } from "drizzle-orm";
import { createDatabase } from "../db/client";
import { registryConnections } from "../db/schema";
import { audit, systemActor } from "../lib/audit/audit";
import { apiKeyHint } from "../lib/connections/connection-input.shared";
import { parseEncryptionKey, seal } from "../lib/crypto";

export const simulatorConnectionName = "Local simulator";

/**
 * Creates (or refreshes) the sandbox connection to the local simulator with its current key and
 * signing secret. It becomes the default when no connection is the default yet.
 */
export async function seedSimulatorConnection(
  databaseUrl: string,
  encryptionKey: string,
  simulator: { baseUrl: string; apiKey: string; webhookSecret: string },
): Promise<{ id: string; created: boolean }> {
  const key = parseEncryptionKey(encryptionKey);
  const { db, pool } = createDatabase(databaseUrl, 1);
  try {
    return await db.transaction(async (tx) => {
      const sealed = {
        baseUrl: simulator.baseUrl,
        apiKeySealed: seal(simulator.apiKey, key),
        apiKeyHint: apiKeyHint(simulator.apiKey),
        webhookSecretSealed: seal(simulator.webhookSecret, key),
      };
      const [existing] = await tx.select().from(registryConnections).where(eq(registryConnections.name, simulatorConnectionName));
      if (existing) {
        await tx
          .update(registryConnections)
          .set({ ...sealed, updatedAt: new Date() })
          .where(eq(registryConnections.id, existing.id));
        return { id: existing.id, created: false };
      }
      const [hasDefault] = await tx
        .select({ id: registryConnections.id })
        .from(registryConnections)
        .where(eq(registryConnections.isDefault, true));
      const [row] = await tx
        .insert(registryConnections)
        .values({ name: simulatorConnectionName, environment: "sandbox", ...sealed, isDefault: !hasDefault })
        .returning({ id: registryConnections.id });
      await audit(
        systemActor,
        "connection.created",
        simulatorConnectionName,
        { environment: "sandbox", baseUrl: simulator.baseUrl, apiKey: sealed.apiKeyHint, via: "npm start" },
        tx,
      );
      return { id: row!.id, created: true };
    });
  } finally {
    await pool.end();
  }
}
