import { audit } from "@/lib/audit/audit";
import { auditCsvHeader } from "@/lib/audit/audit-csv";
import { auditCsvBatches } from "@/lib/audit/audit-export";
import { parseAuditFilters } from "@/lib/audit/audit-filters";
import { roleRoute } from "@/lib/auth/role-route";
import { csvResponse, csvStream } from "@/lib/csv/csv-stream";
import { searchParamsRecord } from "@/lib/http/search-params-record";

/**
 * The audit log (with the page's filters, read by the page's parser) as CSV, newest first, every row of it, streamed;
 * the export itself is audited once the last line is out, with its filters.
 */
export const GET = roleRoute("readAudit", async (request, _context: unknown, user) => {
  const { filters } = parseAuditFilters(searchParamsRecord(request.nextUrl.searchParams));
  const { actor = null, action = null, ...others } = filters;
  const body = csvStream(auditCsvHeader, auditCsvBatches(filters), ({ rows, complete }) =>
    audit(user, "audit.exported", null, { actor, action, ...others, rows, ...(!complete && { incomplete: true }) }),
  );
  return csvResponse("audit", body);
});
