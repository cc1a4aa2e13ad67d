import { db } from "@/db/client";
import { registryConnections } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";
import { createRegistryClient } from "@/lib/registry/client";
import { testApiKey } from "../simulator/test-harness";

/**
 * A sandbox connection stored at `baseUrl` and opened as registryFor opens one, for lib tests that call the
 * registry directly (the key is handed to the client, not read back from the database).
 */
export async function openedRegistry(baseUrl: string, apiKey = testApiKey): Promise<Registry> {
  const [row] = await db()
    .insert(registryConnections)
    .values({ name: "Simulator", environment: "sandbox", baseUrl, apiKeySealed: "unused-here", apiKeyHint: "sk_dev_…" })
    .returning();
  return {
    connection: {
      id: row!.id,
      name: row!.name,
      environment: "sandbox",
      baseUrl,
      apiKeyHint: "sk_dev_…",
      isDefault: true,
      hasWebhookSecret: false,
      hasPreviousWebhookSecret: false,
      updatedAt: "",
    },
    client: createRegistryClient({ baseUrl, apiKey }),
  };
}
