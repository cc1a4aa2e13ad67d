import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "@/db/client";
import { requireRequestRole } from "@/lib/auth/request-role";
import { statusFor } from "@/lib/http/error-status";
import { eventStreamHeaders } from "@/lib/http/event-stream-headers";
import { openLiveConnection, type LiveConnectionOptions, type LiveSink } from "./live-connection";
import { serverLiveConnection } from "./server-connection";
import { parseLastEventId } from "./sse-format.shared";

/**
 * The sink of a node:http response. A chunk counts as taken once the socket has handed it to the kernel, so a
 * client that stops reading shows as a growing backlog and is dropped (live-connection.ts).
 */
function responseSink(response: ServerResponse): LiveSink {
  let unflushed = 0;
  const flushed = () => {
    unflushed--;
  };
  return {
    write(text) {
      unflushed++;
      response.write(text, flushed);
    },
    backlog: () => unflushed,
    end: () => response.end(),
  };
}

/**
 * A tab's live stream (`GET /api/live`) served straight from node:http on the app server (scripts/app-server.ts),
 * with the same session check and answers as the Next.js route (app/api/live/route.ts), which `next dev` serves.
 * Outside Next.js an open stream costs its socket, a node:http request and response and a live connection (about
 * 18 kB in all, `npm run bench:live`) instead of a framework's request, response pipeline and their closures (over
 * 120 kB), which counts when every open tab holds one.
 */
export async function serveLive(
  request: IncomingMessage,
  response: ServerResponse,
  /** The process's listener and heartbeat unless given (tests give their own). */
  overrides: Partial<Pick<LiveConnectionOptions, "source" | "heartbeat">> = {},
): Promise<void> {
  const database = db();
  const auth = await requireRequestRole(database, request.headers, "useConsole");
  if (!auth.ok) {
    response
      .writeHead(statusFor(auth.code), {
        "content-type": "application/json",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      })
      .end(JSON.stringify({ error: { code: auth.code, message: auth.message } }));
    return;
  }
  // The client left while its session was checked: its socket's close has come and gone.
  if (request.socket.destroyed) return;
  const { user } = auth;
  const query = new URL(request.url ?? "/", "http://localhost").searchParams;
  const header = request.headers["last-event-id"];
  const lastEventId = parseLastEventId((Array.isArray(header) ? header[0] : header) ?? query.get("lastEventId"));
  // The stream stays open for as long as the tab: no socket idle time-out (its heartbeat keeps proxies awake).
  request.socket.setTimeout(0);
  response.writeHead(200, { ...eventStreamHeaders, "X-Content-Type-Options": "nosniff" });
  const connection = openLiveConnection({
    ...serverLiveConnection({ role: user.role, session: { userId: user.id, sessionVersion: user.sessionVersion } }, lastEventId),
    ...overrides,
    sink: responseSink(response),
  });
  response.once("close", connection.close);
}
