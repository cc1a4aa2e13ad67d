import "server-only";
import { db } from "@/db/client";
import { registryFor } from "@/lib/connections/registry-for";
import { RegistryError, type RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { storeSnapshot, type StoreSnapshotResult } from "./store-snapshot";

export type PollResult =
  { ok: true; result: Extract<StoreSnapshotResult, { outcome: "applied" | "stale" }> } | { ok: false; error: RegistryErrorInfo };

const mismatch: RegistryErrorInfo = {
  status: 409,
  code: "request_mismatch",
  message: "This request is stored for another connection, so a snapshot read through this one was not applied.",
  details: [],
  retryable: false,
};

/**
 * The fallback where no webhook reaches the console: reads `GET /v2/company/{requestId}` through the request's
 * own connection (a follow-up, lib/connections/registry-for.ts) and applies it with the same `applySnapshot` as a
 * webhook would, notifying open pages. A registry error, a connection that is gone or whose key cannot be read,
 * or a request stored for another connection (nothing is then changed) comes back as the result's error, to be
 * shown beside the stored state.
 */
export async function pollRequest(connectionId: string, requestId: string): Promise<PollResult> {
  try {
    const { client } = await registryFor({ connectionId });
    const snapshot = await client.getCompany(requestId);
    const result = await db().transaction((tx) => storeSnapshot(tx, connectionId, snapshot, "poll"));
    if (result.outcome !== "applied" && result.outcome !== "stale") return { ok: false, error: mismatch };
    return { ok: true, result };
  } catch (error) {
    if (error instanceof RegistryError) return { ok: false, error: error.toInfo() };
    throw error;
  }
}
