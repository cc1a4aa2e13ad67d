import { audit } from "@/lib/audit/audit";
import { registryRoute } from "@/lib/registry-seam/registry-route";
import { csvResponse, csvStream } from "@/lib/csv/csv-stream";
import { monitorCsvBatches, monitorsCsvHeader } from "@/lib/monitors/csv-export";

/**
 * Every monitor of the active connection as CSV, with the console's record of each; importable as it is. Streamed a
 * registry page at a time; audited with the row count once the last line is out.
 */
export const GET = registryRoute("readMonitors", async (_request, _context: unknown, { user, registry }) => {
  const { connection, client } = await registry();
  const batches = await monitorCsvBatches(connection.id, client);
  const body = csvStream(monitorsCsvHeader, batches, ({ rows, complete }) =>
    audit(user, "monitors.exported", connection.name, { connectionId: connection.id, rows, ...(!complete && { incomplete: true }) }),
  );
  return csvResponse("monitors", body);
});
