import { calendarEntries } from "@/lib/calendar/calendar-entries";
import { calendarFeedOwner } from "@/lib/calendar/calendar-feeds";
import { calendarOrigin, filingIcs } from "@/lib/calendar/filing-ics";
import { errorResponse } from "@/lib/http/error-status";

/**
 * A user's subscribed calendar: calendar apps fetch it without a session, so the URL's token is the credential.
 * A wrong, revoked or deactivated user's token, or one whose user lost `readCalendar`, gets 401 and nothing else.
 */
export async function GET(request: Request, context: RouteContext<"/api/calendar/feed/[token]">) {
  const { token } = await context.params;
  const owner = await calendarFeedOwner(token);
  if (!owner) return errorResponse({ code: "unauthenticated", message: "This calendar feed does not exist or was revoked." });
  const now = new Date();
  const ics = filingIcs(await calendarEntries(now), { origin: calendarOrigin(request), name: "Registry Desk filing deadlines", now });
  return new Response(ics, {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
  });
}
