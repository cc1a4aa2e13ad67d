import { audit } from "@/lib/audit/audit";
import { auditCsvHeader } from "@/lib/audit/audit-csv";
import { auditCsvBatches } from "@/lib/audit/audit-export";
import { roleRoute } from "@/lib/auth/role-route";
import { csvResponse, csvStream } from "@/lib/csv/csv-stream";

/** The audit log (with the page's filters) as CSV, newest first, every row of it, streamed; the export itself is audited once the last line is out. */
export const GET = roleRoute("readAudit", async (request, _context: unknown, user) => {
  const params = request.nextUrl.searchParams;
  const actor = params.get("actor") || null;
  const action = params.get("action") || null;
  const body = csvStream(
    auditCsvHeader,
    auditCsvBatches({ actor: actor ?? undefined, action: action ?? undefined }),
    ({ rows, complete }) => audit(user, "audit.exported", null, { actor, action, rows, ...(!complete && { incomplete: true }) }),
  );
  return csvResponse("audit", body);
});
