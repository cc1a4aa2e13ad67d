import { audit } from "@/lib/audit/audit";
import { roleRoute } from "@/lib/auth/role-route";
import { calendarEntries } from "@/lib/calendar/calendar-entries";
import { parseCalendarQuery } from "@/lib/calendar/calendar-query";
import { calendarOrigin, filingIcs } from "@/lib/calendar/filing-ics";
import { errorResponse } from "@/lib/http/error-status";

/** The calendar as filtered on the page, as one .ics download. */
export const GET = roleRoute("readCalendar", async (request, _context: unknown, user) => {
  const now = new Date();
  const { query, problems } = parseCalendarQuery(Object.fromEntries(request.nextUrl.searchParams), now);
  if (problems.length) return errorResponse({ code: "invalid_input", message: problems.join(" ") });
  const filter = { country: query.country, company: query.company, caseReference: query.caseReference };
  const entries = await calendarEntries(now, filter);
  await audit(user, "calendar.exported", null, { ...filter, entries: entries.length });
  return new Response(filingIcs(entries, { origin: calendarOrigin(request), name: "Registry Desk filing deadlines", now }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="registry-desk-deadlines-${now.toISOString().slice(0, 10)}.ics"`,
      "Cache-Control": "no-store",
    },
  });
});
