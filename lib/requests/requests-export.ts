import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { companyRequests, users } from "@/db/schema";
import type { CsvRows } from "@/lib/csv/csv-stream";
import { requestConditions, requestListColumns, toRequestListRow } from "./list-requests";
import type { RequestFilters } from "./request-filters";
import { requestCsvCells } from "./requests-csv";

/** Requests read per query while exporting. */
export const requestExportBatchSize = 500;

/**
 * Every request the filters select, in the list's order (newest first), as CSV lines, `batchSize` a query. Keyset
 * paged: each query starts after the previous batch's last request, its position read in SQL at full precision
 * (a JavaScript Date would drop the microseconds and skip or repeat rows).
 */
export async function* requestCsvBatches(filters: RequestFilters, batchSize = requestExportBatchSize): AsyncGenerator<CsvRows> {
  let after: string | undefined;
  for (;;) {
    const position = sql`(${companyRequests.createdAt}, ${companyRequests.requestId})`;
    const cursor =
      after === undefined
        ? undefined
        : sql`${position} < (select c.created_at, c.request_id from company_requests c where c.request_id = ${after})`;
    const rows = await db()
      .select(requestListColumns)
      .from(companyRequests)
      .leftJoin(users, eq(users.id, companyRequests.orderedBy))
      .where(and(requestConditions(filters), cursor))
      .orderBy(desc(companyRequests.createdAt), desc(companyRequests.requestId))
      .limit(batchSize);
    yield rows.map((row) => requestCsvCells(toRequestListRow(row)));
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.request.requestId;
  }
}
