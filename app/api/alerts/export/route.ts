import { alertsCsvHeader } from "@/lib/alerts/alerts-csv";
import { alertCsvBatches } from "@/lib/alerts/alerts-export";
import { parseInboxSearch } from "@/lib/alerts/inbox-filter";
import { audit } from "@/lib/audit/audit";
import { roleRoute } from "@/lib/auth/role-route";
import { csvResponse, csvStream } from "@/lib/csv/csv-stream";
import { searchParamsRecord } from "@/lib/http/search-params-record";

/** The alerts inbox as /alerts filters and sorts it, every page of it, as CSV, streamed; audited with its filters and row count. */
export const GET = roleRoute("readAlerts", async (request, _context: unknown, user) => {
  const { after: _page, ...search } = parseInboxSearch(searchParamsRecord(request.nextUrl.searchParams));
  const body = csvStream(alertsCsvHeader, alertCsvBatches(search, user.id), ({ rows, complete }) =>
    audit(user, "alerts.exported", null, {
      filters: { ...search, state: search.state ?? "open" },
      rows,
      ...(!complete && { incomplete: true }),
    }),
  );
  return csvResponse("alerts", body);
});
