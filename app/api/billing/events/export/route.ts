import { audit } from "@/lib/audit/audit";
import { registryRoute } from "@/lib/registry-seam/registry-route";
import { billingEventsCsvHeader, parseBillingEventsExport } from "@/lib/billing/billing-events-csv";
import { billingEventCsvBatches } from "@/lib/billing/billing-events-export";
import { csvResponse, csvStream } from "@/lib/csv/csv-stream";
import { errorResponse } from "@/lib/http/error-status";

/**
 * Every billing event stored for the active connection (all of them, or those received within a range of days), with
 * the list's kind and workspace filters, as CSV, streamed; audited with the filters and row count.
 */
export const GET = registryRoute("readBilling", async (request, _context: unknown, { user, registry }) => {
  const parsed = parseBillingEventsExport(request.nextUrl.searchParams);
  if (!parsed.ok) return errorResponse({ code: "invalid_input", message: `Nothing was exported. ${parsed.problems.join(" ")}` });
  const { filters } = parsed;
  const { connection } = await registry();
  const body = csvStream(billingEventsCsvHeader, billingEventCsvBatches(connection.id, filters), ({ rows, complete }) =>
    audit(user, "billing.events_exported", connection.name, {
      connectionId: connection.id,
      kind: filters.kind || "any",
      workspace: filters.workspace || "any",
      from: filters.from ?? "all",
      to: filters.to ?? "all",
      rows,
      ...(!complete && { incomplete: true }),
    }),
  );
  return csvResponse("billing-events", body);
});
