import { and, desc, eq, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { audit } from "@/lib/audit/audit";
import { auditCsv } from "@/lib/audit/audit-csv";
import { roleRoute } from "@/lib/auth/role-route";

const maxRows = 100_000;

/** The audit log (with the page's filters) as CSV, newest first. */
export const GET = roleRoute("readAudit", async (request, _context: unknown, user) => {
  const params = request.nextUrl.searchParams;
  const conditions: SQL[] = [];
  const actor = params.get("actor");
  const action = params.get("action");
  if (actor) conditions.push(eq(auditLog.actorEmail, actor));
  if (action) conditions.push(eq(auditLog.action, action));
  const rows = await db()
    .select()
    .from(auditLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(maxRows);
  await audit(user, "audit.exported", null, { actor, action, rows: rows.length });
  return new Response(auditCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registry-desk-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
