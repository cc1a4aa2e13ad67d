import "server-only";
import { and, desc, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import type { CsvRows } from "@/lib/csv/csv-stream";
import { auditCsvCells } from "./audit-csv";
import type { AuditFilters } from "./audit-filters";
import { auditConditions } from "./list-audit";

/** Audit rows read per query while exporting. */
export const auditExportBatchSize = 500;

/**
 * Every audit row the page's filters select, newest first, as CSV lines, `batchSize` a query: keyset paged on
 * (at, id), the cursor's position read in SQL at full precision.
 */
export async function* auditCsvBatches(filter: AuditFilters, batchSize = auditExportBatchSize): AsyncGenerator<CsvRows> {
  const c = alias(auditLog, "c");
  let after: number | undefined;
  for (;;) {
    const cursor =
      after === undefined
        ? undefined
        : sql`(${auditLog.at}, ${auditLog.id}) < (select ${c.at}, ${c.id} from ${auditLog} ${c} where ${c.id} = ${after})`;
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(auditConditions(filter), cursor))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(batchSize);
    yield rows.map(auditCsvCells);
    if (rows.length < batchSize) return;
    after = rows.at(-1)!.id;
  }
}
