import "server-only";
import { and, asc, count, desc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import {
  companyRequests,
  registryConnections,
  webhookDeliveries,
  webhookRejectionCounts,
  webhookRejections,
  type CompanyRequestRow,
} from "@/db/schema";
import { deliveryOutcomes } from "@/db/vocabulary";
import type { DeliveryOutcome } from "./outcomes";

/**
 * Reads for Settings → Webhooks: deliveries per outcome, the ledger page by page, the recent rejections and
 * one request's deliveries in order. Never a payload or a secret: only what the page shows.
 */

export type OutcomeCounts = Record<DeliveryOutcome, number>;

export type DeliveryStats = { counts: OutcomeCounts; total: number; lastReceivedAt: Date | null };

export const emptyDeliveryStats = (): DeliveryStats => ({
  counts: Object.fromEntries(deliveryOutcomes.map((o) => [o, 0])) as OutcomeCounts,
  total: 0,
  lastReceivedAt: null,
});

/** Deliveries per outcome for each connection that has any, over the retained ledger. */
export async function deliveryStatsByConnection(): Promise<Map<string, DeliveryStats>> {
  const rows = await db()
    .select({
      connectionId: webhookDeliveries.connectionId,
      outcome: webhookDeliveries.outcome,
      n: count(),
      last: max(webhookDeliveries.receivedAt),
    })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.connectionId, webhookDeliveries.outcome);
  const stats = new Map<string, DeliveryStats>();
  for (const row of rows) {
    let entry = stats.get(row.connectionId);
    if (!entry) stats.set(row.connectionId, (entry = emptyDeliveryStats()));
    entry.counts[row.outcome] += row.n;
    entry.total += row.n;
    if (row.last && (!entry.lastReceivedAt || row.last > entry.lastReceivedAt)) entry.lastReceivedAt = row.last;
  }
  return stats;
}

export const ledgerPageSize = 50;

export type LedgerFilter = { connectionId?: string; type?: string; outcome?: DeliveryOutcome; requestId?: string };

/** A page boundary: the id of the ledger row the page starts after (older rows) or before (newer rows). */
export type LedgerCursor = { before: number } | { after: number };

export type LedgerEntry = {
  id: number;
  connectionId: string;
  connectionName: string;
  messageId: string;
  type: string;
  requestId: string | null;
  monitorId: string | null;
  version: number | null;
  outcome: DeliveryOutcome;
  detail: string | null;
  receivedAt: Date;
  processingMs: number;
};

export type LedgerPage = {
  entries: LedgerEntry[];
  /** Deliveries matching the filter, on every page. */
  total: number;
  /** Cursors for the neighbouring pages, when there are rows there. */
  newer?: LedgerCursor;
  older?: LedgerCursor;
};

const entryColumns = {
  id: webhookDeliveries.id,
  connectionId: webhookDeliveries.connectionId,
  connectionName: registryConnections.name,
  messageId: webhookDeliveries.messageId,
  type: webhookDeliveries.type,
  requestId: webhookDeliveries.requestId,
  monitorId: webhookDeliveries.monitorId,
  version: webhookDeliveries.version,
  outcome: webhookDeliveries.outcome,
  detail: webhookDeliveries.detail,
  receivedAt: webhookDeliveries.receivedAt,
  processingMs: webhookDeliveries.processingMs,
};

function filterConditions(filter: LedgerFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.connectionId) conditions.push(eq(webhookDeliveries.connectionId, filter.connectionId));
  if (filter.type) conditions.push(eq(webhookDeliveries.type, filter.type));
  if (filter.outcome) conditions.push(eq(webhookDeliveries.outcome, filter.outcome));
  if (filter.requestId) conditions.push(eq(webhookDeliveries.requestId, filter.requestId));
  return conditions;
}

// Rows are ordered by (received_at, id). The cursor row's own timestamp is read in SQL, at full (microsecond)
// precision. A cursor row pruned since the link was made matches nothing: the page then offers the newest.
const c = alias(webhookDeliveries, "c");
const cursorRow = (id: number) => sql`(select ${c.receivedAt}, ${c.id} from ${webhookDeliveries} ${c} where ${c.id} = ${id})`;
const position = sql`(${webhookDeliveries.receivedAt}, ${webhookDeliveries.id})`;

/** The ledger newest first, `ledgerPageSize` rows at a time, narrowed by `filter`. */
export async function ledgerPage(filter: LedgerFilter, cursor?: LedgerCursor): Promise<LedgerPage> {
  const conditions = filterConditions(filter);
  const where = conditions.length ? and(...conditions) : undefined;
  const goingBack = cursor !== undefined && "after" in cursor;
  const bound =
    cursor === undefined
      ? undefined
      : "before" in cursor
        ? sql`${position} < ${cursorRow(cursor.before)}`
        : sql`${position} > ${cursorRow(cursor.after)}`;
  const [rows, [totals]] = await Promise.all([
    db()
      .select(entryColumns)
      .from(webhookDeliveries)
      .innerJoin(registryConnections, eq(registryConnections.id, webhookDeliveries.connectionId))
      .where(and(where, bound))
      .orderBy(
        ...(goingBack
          ? [asc(webhookDeliveries.receivedAt), asc(webhookDeliveries.id)]
          : [desc(webhookDeliveries.receivedAt), desc(webhookDeliveries.id)]),
      )
      .limit(ledgerPageSize + 1),
    db().select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  const more = rows.length > ledgerPageSize;
  const entries = rows.slice(0, ledgerPageSize);
  if (goingBack) entries.reverse();
  const first = entries[0];
  const last = entries.at(-1);
  // Past a cursor there is at least the cursor's row on the other side.
  const hasNewer = goingBack ? more : cursor !== undefined;
  const hasOlder = goingBack ? cursor !== undefined : more;
  return {
    entries,
    total: totals?.total ?? 0,
    ...(hasNewer && first && { newer: { after: first.id } }),
    ...(hasOlder && last && { older: { before: last.id } }),
  };
}

/** Event types seen in the retained ledger, for the type filter. */
export async function ledgerTypes(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ type: webhookDeliveries.type })
    .from(webhookDeliveries)
    .orderBy(webhookDeliveries.type)
    .limit(200);
  return rows.map((r) => r.type);
}

export type Rejection = { id: number; at: Date; reason: string; messageId: string | null };

export type RejectionSummary = {
  /** Every refused delivery, ever (only the last 100 reasons are kept). */
  total: number;
  lastAt: Date | null;
  /** The kept reasons, newest first. */
  recent: Rejection[];
};

export const emptyRejectionSummary = (): RejectionSummary => ({ total: 0, lastAt: null, recent: [] });

/** Rejection totals and the kept reasons for each of `connectionIds`. */
export async function rejectionsByConnection(connectionIds: string[]): Promise<Map<string, RejectionSummary>> {
  const summaries = new Map<string, RejectionSummary>(connectionIds.map((id) => [id, emptyRejectionSummary()]));
  if (connectionIds.length === 0) return summaries;
  const [totals, recent] = await Promise.all([
    db().select().from(webhookRejectionCounts).where(inArray(webhookRejectionCounts.connectionId, connectionIds)),
    db()
      .select({
        id: webhookRejections.id,
        connectionId: webhookRejections.connectionId,
        at: webhookRejections.at,
        reason: webhookRejections.reason,
        messageId: webhookRejections.messageId,
      })
      .from(webhookRejections)
      .where(inArray(webhookRejections.connectionId, connectionIds))
      .orderBy(desc(webhookRejections.id)),
  ]);
  for (const row of totals) Object.assign(summaries.get(row.connectionId)!, { total: row.total, lastAt: row.lastAt });
  for (const { connectionId, ...rejection } of recent) summaries.get(connectionId)!.recent.push(rejection);
  return summaries;
}

export type TimelineEntry = LedgerEntry & {
  /** Milliseconds since the request's previous delivery; null for the first. */
  gapMs: number | null;
};

export type RequestTimeline = {
  request:
    Pick<CompanyRequestRow, "requestId" | "origin" | "companyName" | "companyId" | "countryCode" | "version" | "complete"> | undefined;
  /** Oldest first. */
  entries: TimelineEntry[];
};

/** One request's deliveries in the order they arrived, with the time between each and the one before. */
export async function requestTimeline(requestId: string): Promise<RequestTimeline> {
  const [entries, [request]] = await Promise.all([
    db()
      .select({
        ...entryColumns,
        gapMs: sql<
          number | null
        >`(extract(epoch from ${webhookDeliveries.receivedAt} - lag(${webhookDeliveries.receivedAt}) over (order by ${webhookDeliveries.receivedAt}, ${webhookDeliveries.id})) * 1000)::float8`,
      })
      .from(webhookDeliveries)
      .innerJoin(registryConnections, eq(registryConnections.id, webhookDeliveries.connectionId))
      .where(eq(webhookDeliveries.requestId, requestId))
      .orderBy(asc(webhookDeliveries.receivedAt), asc(webhookDeliveries.id)),
    db()
      .select({
        requestId: companyRequests.requestId,
        origin: companyRequests.origin,
        companyName: companyRequests.companyName,
        companyId: companyRequests.companyId,
        countryCode: companyRequests.countryCode,
        version: companyRequests.version,
        complete: companyRequests.complete,
      })
      .from(companyRequests)
      .where(eq(companyRequests.requestId, requestId)),
  ]);
  return { request, entries };
}
