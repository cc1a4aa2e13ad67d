import { eq } from "drizzle-orm";
import { createDatabase } from "../db/client";
import { registryConnections } from "../db/schema";

/** The default connection's name and the URL its webhooks must be sent to, if there is a default. */
export async function defaultWebhookUrl(databaseUrl: string, publicUrl: string): Promise<{ name: string; url: string } | undefined> {
  const { db, pool } = createDatabase(databaseUrl, 1);
  try {
    const [row] = await db
      .select({ id: registryConnections.id, name: registryConnections.name })
      .from(registryConnections)
      .where(eq(registryConnections.isDefault, true));
    return row && { name: row.name, url: `${publicUrl}/api/webhooks/registry/${row.id}` };
  } finally {
    await pool.end();
  }
}
