import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { companyRequestVersions, companyRequests } from "@/db/schema";
import type { CompanyResponse } from "@/lib/registry/schemas";
import { applySnapshot } from "@/lib/webhooks/apply";
import { isRequestComplete } from "./completion";
import type { SnapshotSource } from "./origins";

export type StoreSnapshotResult = { outcome: "applied" | "stale"; requestId: string; version: number; storedVersion: number; complete: boolean };

/**
 * Applies a snapshot of a request (from a webhook, a poll or an order's answer) to what is stored, inside the
 * caller's transaction: the request's row is locked, `applySnapshot` decides, and an applied version is kept
 * in the history. A request this console has not seen is recorded as created elsewhere.
 */
export async function storeSnapshot(
  tx: Transaction,
  connectionId: string | null,
  snapshot: CompanyResponse,
  source: SnapshotSource,
): Promise<StoreSnapshotResult> {
  const { request } = snapshot;
  const requestId = request.requestId;
  await tx
    .insert(companyRequests)
    .values({
      requestId,
      connectionId,
      origin: "elsewhere",
      countryCode: request.countryCode ?? request.country ?? null,
      companyId: request.companyId ?? null,
      companyName: request.companyLegalName ?? snapshot.company?.legalName ?? null,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(companyRequests).where(eq(companyRequests.requestId, requestId)).for("update");
  const stored = row?.snapshot ? { version: row.version, snapshot: row.snapshot as CompanyResponse } : undefined;
  const result = applySnapshot(stored, snapshot);
  if (result.outcome === "stale") {
    return { outcome: "stale", requestId, version: snapshot.request.version ?? 0, storedVersion: result.next.version, complete: row?.complete ?? false };
  }
  const merged = result.next.snapshot;
  const complete = isRequestComplete(merged);
  await tx
    .update(companyRequests)
    .set({
      version: result.next.version,
      snapshot: merged,
      complete,
      companyName: sql`coalesce(${merged.request.companyLegalName ?? merged.company?.legalName ?? null}, ${companyRequests.companyName})`,
      updatedAt: new Date(),
    })
    .where(eq(companyRequests.requestId, requestId));
  await tx.insert(companyRequestVersions).values({ requestId, version: result.next.version, snapshot: merged, source }).onConflictDoNothing();
  return { outcome: "applied", requestId, version: result.next.version, storedVersion: result.next.version, complete };
}
