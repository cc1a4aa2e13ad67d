import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "@/db/client";
import { companyRequests } from "@/db/schema";
import { fileSoon } from "@/lib/requests/company-file-filer";
import { fileSnapshot } from "@/lib/company-file/company-file-store";
import { liveTopics } from "@/lib/live/topics.shared";
import { liveEventsCtes } from "@/lib/live/publish";
import { rerateSoon } from "@/lib/risk/re-rate";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { applySnapshot, storedSectionsRead, type DataStatus, type StoredSnapshot } from "./apply";
import { filingsOf } from "@/lib/calendar/stored-filings";
import { isRequestComplete } from "./completion.shared";
import { isFirstOrder, type RequestPurpose, type SnapshotSource } from "./origins";

export type StoreSnapshotResult =
  | { outcome: "applied" | "stale"; requestId: string; version: number; storedVersion: number; complete: boolean }
  /** The request is stored for another connection (or one since deleted): nothing was changed. */
  | { outcome: "mismatch"; requestId: string; version: number }
  /** The caller's `guard` did not hold: nothing was changed. */
  | { outcome: "unclaimed"; requestId: string; version: number };

/** The database or a transaction: this runs in the caller's transaction when it has one, and needs none. */
type Executor = Pick<Database, "execute">;

/** `version` is a bigint, which node-postgres returns as text; the snapshot comes as text, parsed only when needed. */
type StoredRow = {
  allowed: boolean;
  found: boolean;
  version: string | null;
  snapshot: string | null;
  data_status: DataStatus | null;
  complete: boolean | null;
  connection_id: string | null;
  created_at: Date | null;
  country_code: string | null;
  company_id: string | null;
  purpose: RequestPurpose | null;
  succeeded_at: Record<string, string> | null;
};

/** When each datapoint first succeeded: the stored times, and now for those succeeding for the first time. */
function firstSucceeded(stored: Record<string, string> | null, merged: CompanyResponse, now: string): Record<string, string> {
  const times = { ...stored };
  for (const [datapoint, entry] of Object.entries(merged.request.dataStatus?.dataPoints ?? {})) {
    if (entry?.status === "succeeded" && !times[datapoint]) times[datapoint] = now;
  }
  return times;
}

/**
 * The stored snapshot as `applySnapshot` needs it, for applying `incoming`: besides `request.dataStatus` (kept
 * apart, in `data_status`) it reads only the sections `storedSectionsRead` names, so the stored JSON (tens of
 * kilobytes) is parsed only when one of them may be in it (its key appears in the text) and a newer version
 * is merged; a stale one is never parsed.
 */
function storedSnapshot(row: StoredRow, incoming: CompanyResponse): StoredSnapshot | undefined {
  if (!row.found || row.snapshot === null) return undefined;
  const text = row.snapshot;
  const dataStatus = row.data_status ?? undefined;
  let parsed: CompanyResponse | undefined;
  return {
    version: Number(row.version),
    get snapshot() {
      const needed = storedSectionsRead(dataStatus, incoming).some((section) => text.includes(`"${section}"`));
      parsed ??= needed
        ? (JSON.parse(text) as CompanyResponse)
        : ({ request: { requestId: incoming.request.requestId, dataStatus } } as CompanyResponse);
      return parsed;
    },
  };
}

/** A write is retried when another one changed the request between its read and its write; each such retry means that one made progress. */
const maxAttempts = 20;

/**
 * Applies a snapshot of a request (from a webhook, a poll or an order's answer) to what is stored. It reads the
 * request, lets `applySnapshot` decide, and writes an applied version in one statement (an atomic transaction
 * of its own, or part of the caller's): the request (created if new, as created elsewhere), its history entry,
 * its live events (the request, the request list, and `alsoNotify`) and whatever the caller adds `alongside`.
 * That statement changes the request only if it is still as read (same version, same connection); otherwise
 * the snapshot is applied again to what is stored now. Webhooks arrive by the hundred per second: two round
 * trips, where a locking transaction takes four.
 *
 * A request belongs to the connection it was stored for: a snapshot brought by another connection (a sandbox
 * secret, a simulator) changes nothing and comes back as `mismatch`. A stored version at or above the
 * snapshot's is `stale` (versions only grow, so that holds once read).
 */
export async function storeSnapshot(
  executor: Executor,
  connectionId: string | null,
  snapshot: CompanyResponse,
  source: SnapshotSource,
  options: {
    alsoNotify?: readonly string[];
    /** A condition the write also requires (the webhook ledger has no first receipt of this delivery yet); when false, `unclaimed`. */
    guard?: SQL;
    /**
     * A data-modifying CTE (`name as (…)`) to run in the same statement as an applied write, e.g. the ledger's
     * record. It must write only `where exists (select 1 from written)`: the write may find the request changed.
     */
    alongside?: (version: number) => SQL;
    /**
     * File the snapshot into its company file soon after, not before returning (lib/requests/company-file-filer.ts):
     * for webhook deliveries, whose sender waits for the answer and may send a burst for one company. Never inside
     * a transaction: the file's write outlives it.
     */
    fileLater?: boolean;
  } = {},
): Promise<StoreSnapshotResult> {
  const { request } = snapshot;
  const requestId = request.requestId;
  const incomingVersion = request.version ?? 0;
  const guard = options.guard ?? sql`true`;
  const r = alias(companyRequests, "r");
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const read = await executor.execute<StoredRow>(sql`
      select (${guard}) as allowed, ${r.requestId} is not null as found, ${r.version}, ${r.snapshot}::text as snapshot, ${r.dataStatus},
             ${r.complete}, ${r.connectionId}, ${r.createdAt}, ${r.countryCode}, ${r.companyId}, ${r.purpose}, ${r.succeededAt}
      from (select 1) as one left join ${companyRequests} ${r} on ${r.requestId} = ${requestId}`);
    const row = read.rows[0]!;
    if (!row.allowed) return { outcome: "unclaimed", requestId, version: incomingVersion };
    if (row.found && row.connection_id !== connectionId) return { outcome: "mismatch", requestId, version: incomingVersion };

    const storedVersion = row.found ? Number(row.version) : undefined;
    const result = applySnapshot(storedSnapshot(row, snapshot), snapshot);
    if (result.outcome === "stale") {
      return { outcome: "stale", requestId, version: incomingVersion, storedVersion: result.next.version, complete: row.complete ?? false };
    }

    const merged = result.next.snapshot;
    const version = result.next.version;
    const complete = isRequestComplete(merged);
    const name = merged.request.companyLegalName ?? merged.company?.legalName ?? null;
    const now = new Date().toISOString();
    const succeededAt = firstSucceeded(row.succeeded_at, merged, now);
    const countryCode = request.countryCode ?? request.country ?? null;
    const companyId = request.companyId ?? null;
    const written = sql`exists (select 1 from written)`;
    const write = await executor.execute<{ written: boolean }>(sql`
      with incoming as (select ${JSON.stringify(merged)}::json as snapshot),
      written as (
        insert into company_requests (request_id, connection_id, origin, country_code, company_id, company_name, version, snapshot, data_status,
                                      complete, filings, succeeded_at, created_at)
        select ${requestId}, ${connectionId}::uuid, 'elsewhere', ${countryCode}, ${companyId}, ${name},
               ${version}, snapshot, ${JSON.stringify(merged.request.dataStatus ?? null)}::jsonb, ${complete}, ${JSON.stringify(filingsOf(merged))}::jsonb,
               ${JSON.stringify(succeededAt)}::jsonb, ${now}::timestamptz
        from incoming where ${guard}
        on conflict (request_id) do update
          set version = excluded.version, snapshot = excluded.snapshot, data_status = excluded.data_status, complete = excluded.complete,
              filings = excluded.filings, succeeded_at = excluded.succeeded_at,
              company_name = coalesce(excluded.company_name, company_requests.company_name), updated_at = now()
          where ${storedVersion === undefined ? sql`false` : sql`company_requests.version = ${storedVersion} and company_requests.connection_id is not distinct from ${connectionId}::uuid`}
        returning 1),
      history as (
        insert into company_request_versions (request_id, version, snapshot, source)
        select ${requestId}, ${version}, snapshot, ${source} from incoming where ${written}
        on conflict do nothing),
      ${options.alongside ? sql`${options.alongside(version)},` : sql``}
      ${liveEventsCtes([liveTopics.request(requestId), liveTopics.requests, ...(options.alsoNotify ?? [])], { when: written })}
      select ${written} as written, (select count(*) from live_sent) as notified`);
    if (write.rows[0]?.written) {
      // The company file follows in its own statement (now, or soon after for a webhook); a crash in between leaves
      // the request unfiled, for fileUnfiledRequests to file at the next start.
      const storedCountry = row.country_code ?? countryCode;
      const storedCompany = row.company_id ?? companyId;
      if (connectionId && storedCountry && storedCompany) {
        const key = { connectionId, countryCode: storedCountry, companyId: storedCompany };
        const contribution = {
          requestId,
          version,
          createdAt: row.created_at ? new Date(row.created_at).toISOString() : now,
          succeededAt,
          firstOrder: isFirstOrder(row.purpose),
          snapshot: merged,
        };
        if (options.fileLater) fileSoon(executor, key, contribution);
        else {
          await fileSnapshot(executor, key, contribution);
          // In the caller's transaction, maybe: the re-rater reads the file a moment later (and the sweep, if later still).
          rerateSoon(key);
        }
      }
      return { outcome: "applied", requestId, version, storedVersion: version, complete };
    }
  }
  throw new Error(
    `request ${requestId} changed under ${maxAttempts} attempts in a row to store version ${incomingVersion}; nothing was written`,
  );
}
