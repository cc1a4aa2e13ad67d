import "server-only";
import type { Database } from "@/db/client";
import { registryConnections } from "@/db/schema";

/**
 * Which connection ids have a webhook URL, asked before a delivery's body is read: a URL that is no connection's
 * is answered 404 at once. The process keeps the ids of all connections (as many as the table holds, whatever
 * strangers send) and reads them again when they are older than `knownConnectionsTtlMs`, so a deleted connection
 * is refused before reading within that time (and after reading at once, by receiveWebhook). An id not kept
 * reads them again, at most once per `knownConnectionsRecheckMs`, so a new connection is seen within that time
 * and a flood of unknown ids costs one query per interval, not one each.
 */
export const knownConnectionsTtlMs = 5_000;
export const knownConnectionsRecheckMs = 1_000;

type Known = { ids: Set<string>; at: number; reading: Promise<Set<string>> | null };

const known = ((globalThis as { registryDeskKnownConnections?: WeakMap<Database, Known> }).registryDeskKnownConnections ??= new WeakMap());

/** Whether `connectionId` names a stored connection (as kept, or freshly read when that may be out of date). Throws when it cannot be read. */
export async function isKnownConnection(database: Database, connectionId: string): Promise<boolean> {
  const id = connectionId.toLowerCase();
  let kept = known.get(database);
  if (!kept) known.set(database, (kept = { ids: new Set(), at: Number.NEGATIVE_INFINITY, reading: null }));
  const age = Date.now() - kept.at;
  if (kept.ids.has(id) ? age < knownConnectionsTtlMs : age < knownConnectionsRecheckMs) return kept.ids.has(id);
  return (await readIds(database, kept)).has(id);
}

/** One read at a time, shared by the deliveries that arrive meanwhile. */
function readIds(database: Database, kept: Known): Promise<Set<string>> {
  kept.reading ??= database
    .select({ id: registryConnections.id })
    .from(registryConnections)
    .then((rows) => {
      kept.ids = new Set(rows.map((row) => row.id.toLowerCase()));
      kept.at = Date.now();
      return kept.ids;
    })
    .finally(() => {
      kept.reading = null;
    });
  return kept.reading;
}
