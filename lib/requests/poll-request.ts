import "server-only";
import { db } from "@/db/client";
import { connectionTarget } from "@/lib/connections/manage-connections";
import { createRegistryClient } from "@/lib/registry/client";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error";
import { storeSnapshot, type StoreSnapshotResult } from "./store-snapshot";

export type PollResult = { ok: true; result: StoreSnapshotResult } | { ok: false; error: RegistryErrorInfo };

/**
 * The fallback where no webhook reaches the console: reads `GET /v2/company/{requestId}` through the given
 * connection and applies it with the same `applySnapshot` as a webhook would, notifying open pages. A registry
 * error, or a connection whose key cannot be read, comes back as the result's error.
 */
export async function pollRequest(connectionId: string, requestId: string): Promise<PollResult> {
  try {
    const target = await connectionTarget(connectionId);
    if (!target) return { ok: false, error: { status: 0, code: "no_connection", message: "The request's connection no longer exists.", details: [], retryable: false } };
    const snapshot = await createRegistryClient(target).getCompany(requestId);
    const result = await db().transaction((tx) => storeSnapshot(tx, connectionId, snapshot, "poll"));
    return { ok: true, result };
  } catch (error) {
    if (error instanceof RegistryError) return { ok: false, error: error.toInfo() };
    throw error;
  }
}
