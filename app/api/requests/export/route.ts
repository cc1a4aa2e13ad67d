import { audit } from "@/lib/audit/audit";
import { roleRoute } from "@/lib/auth/role-route";
import { csvResponse, csvStream } from "@/lib/csv/csv-stream";
import { searchParamsRecord } from "@/lib/http/search-params-record";
import { requestOrderers } from "@/lib/requests/list-requests";
import { parseRequestFilters } from "@/lib/requests/request-filters";
import { requestsCsvHeader } from "@/lib/requests/requests-csv";
import { requestCsvBatches } from "@/lib/requests/requests-export";

/** The requests list as /requests filters it, every page of it, as CSV, streamed; audited with its filters and row count. */
export const GET = roleRoute("readDossiers", async (request, _context: unknown, user) => {
  const filters = parseRequestFilters(searchParamsRecord(request.nextUrl.searchParams), await requestOrderers());
  const body = csvStream(requestsCsvHeader, requestCsvBatches(filters), ({ rows, complete }) =>
    audit(user, "requests.exported", null, {
      status: filters.status ?? "any",
      origin: filters.origin ?? "any",
      orderedBy: filters.orderedBy ?? "anyone",
      ...(filters.company && { company: filters.company }),
      ...(filters.caseReference && { caseReference: filters.caseReference }),
      followUps: filters.followUps ? "shown" : "hidden",
      freeListings: filters.hideListings ? "hidden" : "shown",
      rows,
      ...(!complete && { incomplete: true }),
    }),
  );
  return csvResponse("requests", body);
});
