import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";

/**
 * Appends a request's TCP peer address to its X-Forwarded-For header, as a reverse proxy does. Next.js keeps
 * an X-Forwarded-For the client sent as it is (it only fills in the peer when the header is missing), so
 * without this a client could name any address it likes; with it, the right-most entry is always the peer.
 */
export function appendPeerAddress(request: IncomingMessage): void {
  const peer = request.socket.remoteAddress;
  if (!peer) return;
  const sent = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = sent ? `${sent}, ${peer}` : peer;
}

let recording = false;

/** Applies appendPeerAddress to every request this process's HTTP servers receive, before any handler runs. */
export function recordPeerAddresses(): void {
  if (recording) return;
  recording = true;
  subscribe("http.server.request.start", (message) => appendPeerAddress((message as { request: IncomingMessage }).request));
}
