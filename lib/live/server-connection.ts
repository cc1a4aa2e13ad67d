import "server-only";
import { db } from "@/db/client";
import type { SessionClaim } from "@/lib/auth/session-user";
import type { Role } from "@/lib/auth/roles.shared";
import { latestLiveEventId, replayLiveEvents } from "./event-log";
import { liveHeartbeat } from "./heartbeat";
import type { LiveConnectionOptions } from "./live-connection";
import { liveListener } from "./listener";
import { liveViewer } from "./viewer-role";

/**
 * Everything a live connection of this server needs but its transport: the process's listener and heartbeat,
 * the event log on the app's database, and the viewer re-checked with the session they opened it with. The
 * Next.js route and the app server's node:http front both open their connections with it.
 */
export function serverLiveConnection(
  viewer: { role: Role; session: SessionClaim },
  lastEventId: number | null,
): Omit<LiveConnectionOptions, "sink"> {
  const database = db();
  return {
    role: viewer.role,
    lastEventId,
    source: liveListener(),
    log: { replay: (after) => replayLiveEvents(database, after), latestId: () => latestLiveEventId(database) },
    viewer: liveViewer(database, viewer.session),
    heartbeat: liveHeartbeat(),
  };
}
