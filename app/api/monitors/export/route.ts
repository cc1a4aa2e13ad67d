import { audit } from "@/lib/audit/audit";
import { registryRoute } from "@/lib/auth/registry-route";
import { monitorsCsv, monitorsForExport } from "@/lib/monitors/csv-export";

/** Every monitor of the active connection as CSV, with the console's record of each; importable as it is. */
export const GET = registryRoute("readMonitors", async (_request, _context: unknown, { user, registry }) => {
  const { connection, client } = await registry();
  const rows = await monitorsForExport(connection.id, client);
  await audit(user, "monitors.exported", connection.name, { connectionId: connection.id, rows: rows.length });
  return new Response(monitorsCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registry-desk-monitors-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
