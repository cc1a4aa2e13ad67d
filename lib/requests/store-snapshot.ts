import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "@/db/client";
import { liveTopics } from "@/lib/live/topics";
import { liveEventsCtes } from "@/lib/live/publish";
import type { CompanyResponse } from "@/lib/registry/schemas";
import { applySnapshot } from "@/lib/webhooks/apply";
import { isRequestComplete } from "./completion";
import type { SnapshotSource } from "./origins";

export type StoreSnapshotResult =
  | { outcome: "applied" | "stale"; requestId: string; version: number; storedVersion: number; complete: boolean }
  /** The request is stored for another connection (or one since deleted): nothing was changed. */
  | { outcome: "mismatch"; requestId: string; version: number }
  /** The caller's `claim` returned no row: nothing was created or locked. */
  | { outcome: "unclaimed"; requestId: string; version: number };

/** `version` is a bigint: node-postgres returns it as text. */
type LockedRow = { version: string; snapshot: CompanyResponse | null; complete: boolean; connection_id: string | null };

/**
 * Applies a snapshot of a request (from a webhook, a poll or an order's answer) to what is stored, inside the
 * caller's transaction: the request's row is created if new (as created elsewhere, for `connectionId`) and
 * locked, `applySnapshot` decides, and an applied version is written with its history entry, its live events
 * (the request, the request list, and `alsoNotify`) and whatever the caller adds `alongside` in one statement.
 *
 * A request belongs to the connection it was stored for: a snapshot brought by another connection (a sandbox
 * secret, a simulator) changes nothing and comes back as `mismatch`, decided in the same statement that locks.
 * Webhooks arrive by the hundred per second, so this path is two statements rather than the query builder's six.
 */
export async function storeSnapshot(
  tx: Transaction,
  connectionId: string | null,
  snapshot: CompanyResponse,
  source: SnapshotSource,
  options: {
    alsoNotify?: readonly string[];
    /**
     * A common table expression `claim as (… returning id)` to run first in the same statement (the webhook
     * ledger's first receipt of a delivery): the request is created and locked only if it returns a row.
     */
    claim?: SQL;
    /** A data-modifying CTE (`name as (…)`) to run in the same statement as an applied write, e.g. the ledger's record. */
    alongside?: (version: number) => SQL;
  } = {},
): Promise<StoreSnapshotResult> {
  const { request } = snapshot;
  const requestId = request.requestId;
  const incomingVersion = request.version ?? 0;
  // The no-op update on conflict locks an existing row (and returns it) in the same statement as the insert.
  const locked = await tx.execute<LockedRow>(sql`
    ${options.claim ? sql`with ${options.claim}` : sql``}
    insert into company_requests (request_id, connection_id, origin, country_code, company_id, company_name)
    select ${requestId}, ${connectionId}::uuid, 'elsewhere', ${request.countryCode ?? request.country ?? null}, ${request.companyId ?? null},
           ${request.companyLegalName ?? snapshot.company?.legalName ?? null}
    ${options.claim ? sql`where exists (select 1 from claim)` : sql``}
    on conflict (request_id) do update set request_id = excluded.request_id
    returning version, snapshot, complete, connection_id`);
  const row = locked.rows[0];
  if (!row) return { outcome: "unclaimed", requestId, version: incomingVersion };
  if (row.connection_id !== connectionId) return { outcome: "mismatch", requestId, version: incomingVersion };

  const storedVersion = Number(row.version);
  const result = applySnapshot(row.snapshot ? { version: storedVersion, snapshot: row.snapshot } : undefined, snapshot);
  if (result.outcome === "stale") {
    return { outcome: "stale", requestId, version: incomingVersion, storedVersion: result.next.version, complete: row.complete };
  }

  const merged = result.next.snapshot;
  const version = result.next.version;
  const complete = isRequestComplete(merged);
  const name = merged.request.companyLegalName ?? merged.company?.legalName ?? null;
  await tx.execute(sql`
    with incoming as (select ${JSON.stringify(merged)}::json as snapshot),
    updated as (
      update company_requests
      set version = ${version}, snapshot = (select snapshot from incoming), data_status = ${JSON.stringify(merged.request.dataStatus ?? null)}::jsonb,
          complete = ${complete}, company_name = coalesce(${name}, company_name), updated_at = now()
      where request_id = ${requestId}),
    history as (
      insert into company_request_versions (request_id, version, snapshot, source)
      select ${requestId}, ${version}, snapshot, ${source} from incoming
      on conflict do nothing),
    ${options.alongside ? sql`${options.alongside(version)},` : sql``}
    ${liveEventsCtes([liveTopics.request(requestId), liveTopics.requests, ...(options.alsoNotify ?? [])])}
    select count(*) from live_sent`);
  return { outcome: "applied", requestId, version, storedVersion: version, complete };
}
