import { db } from "@/db/client";
import { roleRoute } from "@/lib/auth/role-route";
import { latestLiveEventId, replayLiveEvents } from "@/lib/live/event-log";
import { liveListener } from "@/lib/live/listener";
import { parseLastEventId } from "@/lib/live/sse-format";
import { eventStreamHeaders } from "@/lib/http/event-stream-headers";
import { liveEventStream } from "@/lib/live/sse-stream";
import { liveViewerRole } from "@/lib/live/viewer-role";

// A stream per request: never prerendered or cached.
export const dynamic = "force-dynamic";

/**
 * The tab's one live connection (Server-Sent Events) for every topic its user's role may read. The
 * browser resumes with Last-Event-ID after a drop; a page that opens a new EventSource after a hard
 * failure passes the id it had as `?lastEventId=`.
 */
export const GET = roleRoute("useConsole", async (request, _context: unknown, user) => {
  const database = db();
  const stream = liveEventStream({
    role: user.role,
    lastEventId: parseLastEventId(request.headers.get("last-event-id") ?? request.nextUrl.searchParams.get("lastEventId")),
    signal: request.signal,
    source: liveListener(),
    log: { replay: (lastEventId) => replayLiveEvents(database, lastEventId), latestId: () => latestLiveEventId(database) },
    currentRole: () => liveViewerRole(database, { userId: user.id, sessionVersion: user.sessionVersion }),
  });
  return new Response(stream, { headers: eventStreamHeaders });
});
