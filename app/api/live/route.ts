import { roleRoute } from "@/lib/auth/role-route";
import { eventStreamHeaders } from "@/lib/http/event-stream-headers";
import { serverLiveConnection } from "@/lib/live/server-connection";
import { parseLastEventId } from "@/lib/live/sse-format.shared";
import { liveEventStream } from "@/lib/live/sse-stream";

// A stream per request: never prerendered or cached.
export const dynamic = "force-dynamic";

/**
 * The tab's one live connection (Server-Sent Events) for every topic its user's role may read. The
 * browser resumes with Last-Event-ID after a drop; a page that opens a new EventSource after a hard
 * failure passes the id it had as `?lastEventId=`. Under `npm start` the app server answers this URL from
 * node:http itself (lib/live/serve-live.ts), with the same connection; this route serves `next dev`.
 */
export const GET = roleRoute("useConsole", async (request, _context: unknown, user) => {
  const lastEventId = parseLastEventId(request.headers.get("last-event-id") ?? request.nextUrl.searchParams.get("lastEventId"));
  const session = { userId: user.id, sessionVersion: user.sessionVersion };
  const stream = liveEventStream({ ...serverLiveConnection({ role: user.role, session }, lastEventId), signal: request.signal });
  return new Response(stream, { headers: eventStreamHeaders });
});
