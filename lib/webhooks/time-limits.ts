import "server-only";
import type { ServerOptions } from "node:http";

/**
 * How long a webhook delivery's body may take to arrive, from the moment it is admitted (lib/webhooks/intake.ts);
 * a slower one is answered 408 and its connection closed. The registry sends a whole snapshot in well under a
 * second; a sender that dribbles one holds a connection and a few bytes of the budget for this long at most.
 */
export const bodyReadTimeoutMs = 10_000;

/**
 * The app server's node:http limits (scripts/app-server.ts), which its webhook intake relies on: the whole
 * request head within `headersTimeout`, the whole request (head and body) within `requestTimeout`, checked every
 * `connectionsCheckingInterval` (node's default, 30 s, would let a stalled request live that much longer). A
 * request over either is answered 408 by node and its connection closed.
 *
 * They apply to every request on the port, and only until the request is fully received, never to the answer:
 * a page that takes long to render and a live stream (`/api/live`, a GET without a body, received whole at once)
 * are not cut, however long they last (time-limits.test.ts). `requestTimeout` is longer than the intake's own
 * `bodyReadTimeoutMs`, so a delivery gets the intake's answer first; for other requests it is the backstop, and
 * leaves a form post of Next.js's 1 MB server-action limit 30 s to arrive.
 */
export const appServerTimeouts = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
} satisfies ServerOptions;
