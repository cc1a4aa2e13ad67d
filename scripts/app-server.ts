/**
 * The production server `npm start` runs (scripts/start.ts): Next.js's own request handler for every request but
 * one kind. Signed webhook deliveries (`POST /api/webhooks/registry/<id>`) are served straight from node:http
 * (lib/webhooks/serve-webhook.ts) on the same port and URL, with the same answers as the Next.js route, at
 * about half the CPU per delivery: the registry sends them by the hundred per second. Live streams (`GET /api/live`)
 * are served from node:http too (lib/live/serve-live.ts), at a fraction of a Next.js response's memory: every open
 * tab holds one. Upgrades go to Next.js too.
 *
 * Run: node --import tsx --import ./scripts/server-condition.mjs scripts/app-server.ts --port <port> --hostname <host>
 *      (NODE_ENV=production, after `next build`; the second --import lets it load lib/ server modules)
 */
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { isLiveStreamRequest } from "../lib/live/live-request";
import { webhookDeliveryTarget } from "../lib/webhooks/delivery-target";
import { appServerTimeouts } from "../lib/webhooks/time-limits";

const { values } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" } } });
const port = Number(values.port ?? 3000);
const hostname = values.hostname ?? "127.0.0.1";

// The intake (and the lib/ modules it needs, transpiled by tsx) loads while Next.js prepares; a delivery that
// arrives before it is ready waits for it.
const intake = import("../lib/webhooks/serve-webhook");
intake.catch((error: unknown) => console.error("[app-server] the webhook intake could not load; deliveries get 500:", error));
// Live streams (`GET /api/live`) too: every open tab holds one, at a fraction of the memory of a Next.js response.
const live = import("../lib/live/serve-live");
live.catch((error: unknown) => console.error("[app-server] the live stream could not load; /api/live gets 500:", error));
// Company files are rated in the background (lib/risk/re-rate.ts): what a crash left unrated now, a sweep every
// minute, and a kick after every company-file write or model publish, in this process's one re-rater.
import("../lib/risk/re-rate")
  .then(({ startRerating }) => startRerating())
  .catch((error: unknown) => console.error("[app-server] the re-rater could not start; ratings wait for the next start:", error));
// Batch work (lib/batches/batch-driver.ts): this process takes batch steps from the job queue beside every other
// instance, and a sweep wakes any batch a crash left without a job.
import("../lib/batches/batch-driver")
  .then(({ startBatchWorkers }) => startBatchWorkers())
  .catch((error: unknown) => console.error("[app-server] the batch workers could not start; batches wait for the next start:", error));
const { default: next } = await import("next");
const app = next({ dir: path.resolve(import.meta.dirname, ".."), dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();
const upgrade = app.getUpgradeHandler();

// A request head must arrive within 10 s and a whole request within 30 s (answers are never cut: see time-limits.ts).
const server = http.createServer(appServerTimeouts, (request, response) => {
  const connectionId = webhookDeliveryTarget(request.method, request.url);
  const served =
    connectionId === undefined
      ? isLiveStreamRequest(request.method, request.url)
        ? live.then(({ serveLive }) => serveLive(request, response))
        : handle(request, response)
      : intake.then(({ serveWebhook }) => serveWebhook(request, response, connectionId));
  served.catch((error: unknown) => {
    console.error(`[app-server] ${request.method} ${request.url} failed:`, error);
    if (!response.headersSent) response.writeHead(500).end("Internal Server Error");
    else response.destroy();
  });
});
server.on("upgrade", (request, socket, head) => {
  upgrade(request, socket, head).catch((error: unknown) => {
    console.error(`[app-server] upgrade of ${request.url} failed:`, error);
    socket.destroy();
  });
});
server.listen(port, hostname, () => console.log(`[app-server] Next.js and webhook intake on http://${hostname}:${port}`));
// Ctrl-C or the launcher's SIGTERM: stop at once, as `next start` does, with exit hooks run (`node --cpu-prof` then
// writes its profile). A delivery cut off unanswered is sent again by the registry.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(0));
