import "server-only";
import type { CsvRows } from "@/lib/csv/csv-stream";
import { alertCsvCells } from "./alerts-csv";
import type { InboxSearch } from "./inbox-filter";
import { inboxPage } from "./inbox-page";

/** Alerts read per query while exporting. */
export const alertExportBatchSize = 500;

/**
 * Every alert the inbox's filters select for `viewerId` (who "mine" means), in the inbox's order, as CSV lines:
 * the inbox's own keyset pages, `batchSize` alerts each, from the first page whatever page the inbox was on.
 */
export async function* alertCsvBatches(search: InboxSearch, viewerId: string, batchSize = alertExportBatchSize): AsyncGenerator<CsvRows> {
  let after: number | undefined;
  for (;;) {
    const page = await inboxPage({ ...search, after }, viewerId, batchSize);
    yield page.rows.map(alertCsvCells);
    if (page.next === undefined) return;
    after = page.next;
  }
}
