import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import { monitors } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { monitorRecordKey, monitorRecordOf } from "./monitor-records";

/**
 * Stops a monitor (`DELETE /v2/monitors/{id}`): the registry no longer checks it. The console keeps its record,
 * marked stopped by this user, so its alerts still name it; audited. Registry refusals (404 for a monitor it does
 * not know) are thrown as RegistryError for the seam to map, and change nothing here.
 */
export async function stopMonitor(user: SessionUser, registry: Registry, monitorId: string): Promise<void> {
  const { client, connection } = registry;
  const monitor = await client.getMonitor(monitorId);
  await client.deleteMonitor(monitorId);
  await db().transaction(async (tx) => {
    await tx
      .insert(monitors)
      .values({
        ...monitorRecordOf(connection.id, monitor),
        companyName: monitor.companyName ?? null,
        metadata: monitor.metadata ?? {},
        stoppedAt: sql`now()`,
        stoppedBy: user.id,
      })
      .onConflictDoUpdate({ target: monitorRecordKey, set: { stoppedAt: sql`now()`, stoppedBy: user.id } });
    await audit(
      user,
      "monitor.stopped",
      `${monitor.countryCode} ${monitor.companyId}`,
      { monitorId: monitor.id, connectionId: connection.id },
      tx,
    );
  });
}
