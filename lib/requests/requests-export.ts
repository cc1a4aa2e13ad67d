import "server-only";
import { and, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { companyRequests } from "@/db/schema";
import type { CsvRows } from "@/lib/csv/csv-stream";
import { listedRequests, requestConditions, withFollowUps } from "./list-requests";
import type { RequestFilters } from "./request-filters";
import { requestCsvCells } from "./requests-csv";

/** The list's rows read per query while exporting (their follow-ups come with them). */
export const requestExportBatchSize = 500;

/**
 * Every request the filters select, in the list's order (newest first, each row's follow-ups right under it), as CSV
 * lines, `batchSize` rows a query. Keyset paged: each query starts after the previous batch's last row, its position
 * read in SQL at full precision (a JavaScript Date would drop the microseconds and skip or repeat rows).
 */
export async function* requestCsvBatches(filters: RequestFilters, batchSize = requestExportBatchSize): AsyncGenerator<CsvRows> {
  let after: string | undefined;
  const c = alias(companyRequests, "c");
  for (;;) {
    const position = sql`(${companyRequests.createdAt}, ${companyRequests.requestId})`;
    const cursor =
      after === undefined
        ? undefined
        : sql`${position} < (select ${c.createdAt}, ${c.requestId} from ${companyRequests} ${c} where ${c.requestId} = ${after})`;
    const rows = await listedRequests(and(requestConditions(filters), cursor)).limit(batchSize);
    const groups = await withFollowUps(rows, filters);
    yield groups.flatMap(({ followUps, ...row }) => [requestCsvCells(row), ...followUps.map(requestCsvCells)]);
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.request.requestId;
  }
}
