import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { companyRequests, liveEvents, registryConnections } from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import { startTestSimulator, testApiKey } from "../simulator/test-harness";

/**
 * A test simulator that sends no webhooks (the app must poll), and the only stored connection pointing at
 * it with its key, on an empty request store. Close the simulator in afterAll.
 */
export async function startSimulatorWithConnection(): Promise<{
  sim: Awaited<ReturnType<typeof startTestSimulator>>;
  connectionId: string;
}> {
  const sim = await startTestSimulator();
  await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
  await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${liveEvents} cascade`);
  const [row] = await db()
    .insert(registryConnections)
    .values({
      name: "Simulator",
      environment: "sandbox",
      baseUrl: sim.baseUrl,
      apiKeySealed: sealSecret(testApiKey),
      apiKeyHint: "sk_dev_…",
    })
    .returning();
  return { sim, connectionId: row!.id };
}
