import { audit } from "@/lib/audit/audit";
import { roleRoute } from "@/lib/auth/role-route";
import { batchResultCells, batchResultCsvHeader } from "@/lib/batches/batch-export";
import { readBatch, readBatchRows } from "@/lib/batches/batch-records";
import { csvResponse, csvStream } from "@/lib/csv/csv-stream";
import { errorResponse } from "@/lib/http/error-status";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A batch's result, every row, as CSV; audited with its row count. */
export const GET = roleRoute("readPortfolio", async (_request, context: RouteContext<"/api/batches/[batchId]/export">, user) => {
  const { batchId } = await context.params;
  const batch = uuid.test(batchId) ? await readBatch(batchId) : undefined;
  if (!batch) return errorResponse({ code: "not_found", message: "There is no such batch." });
  const rows = await readBatchRows(batch.id);
  const body = csvStream(
    batchResultCsvHeader,
    (async function* () {
      for (let i = 0; i < rows.length; i += 500) yield rows.slice(i, i + 500).map(batchResultCells);
    })(),
    ({ rows: written, complete }) =>
      audit(user, "batch.exported", batch.id, { fileName: batch.fileName, rows: written, ...(!complete && { incomplete: true }) }),
  );
  return csvResponse("batch", body);
});
