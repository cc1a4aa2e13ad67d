import { db } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";

/** Stores a sandbox connection (with a webhook signing secret when given), as an admin would; returns its id. */
export async function storeSandboxConnection(options: { webhookSecret?: string; name?: string; baseUrl?: string } = {}): Promise<string> {
  const [row] = await db()
    .insert(registryConnections)
    .values({
      name: options.name ?? "Sandbox",
      environment: "sandbox",
      baseUrl: options.baseUrl ?? "http://127.0.0.1:4010",
      apiKeySealed: sealSecret("sk_dev_x"),
      apiKeyHint: "sk_dev_…",
      webhookSecretSealed: options.webhookSecret === undefined ? null : sealSecret(options.webhookSecret),
    })
    .returning({ id: registryConnections.id });
  return row!.id;
}
