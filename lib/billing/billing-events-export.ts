import "server-only";
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { billingEvents } from "@/db/schema";
import type { CsvRows } from "@/lib/csv/csv-stream";
import { billingEventCsvCells, type BillingEventsExportFilters } from "./billing-events-csv";
import { matchesEventFilter } from "./event-filter.shared";
import { storedAsEvent } from "./merge-billing-events";

/** Stored events read per query while exporting. */
export const billingEventExportBatchSize = 500;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/**
 * Every billing event the webhook route stored for `connectionId` (another connection's never), received within
 * the days of `filters`, newest first, read as the list reads a stored delivery and kept when the list's kind and
 * workspace filters keep it; `batchSize` rows a query, keyset paged on (received_at, id) with the cursor read in SQL.
 */
export async function* billingEventCsvBatches(
  connectionId: string,
  filters: BillingEventsExportFilters,
  batchSize = billingEventExportBatchSize,
): AsyncGenerator<CsvRows> {
  const range = and(
    eq(billingEvents.connectionId, connectionId),
    filters.from ? gte(billingEvents.receivedAt, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(billingEvents.receivedAt, nextDay(filters.to)) : undefined,
  );
  const c = alias(billingEvents, "c");
  let after: number | undefined;
  for (;;) {
    const cursor =
      after === undefined
        ? undefined
        : sql`(${billingEvents.receivedAt}, ${billingEvents.id}) < (select ${c.receivedAt}, ${c.id} from ${billingEvents} ${c} where ${c.id} = ${after})`;
    const rows = await db()
      .select({ id: billingEvents.id, kind: billingEvents.kind, payload: billingEvents.payload, receivedAt: billingEvents.receivedAt })
      .from(billingEvents)
      .where(and(range, cursor))
      .orderBy(desc(billingEvents.receivedAt), desc(billingEvents.id))
      .limit(batchSize);
    yield rows.flatMap((row) => {
      const event = storedAsEvent(row);
      return matchesEventFilter(event, filters) ? [billingEventCsvCells(event, row.receivedAt)] : [];
    });
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}
