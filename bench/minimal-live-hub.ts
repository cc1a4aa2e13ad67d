/**
 * The comparison hub for bench/live-connections.ts: plain node:http, a Set of open responses, one LISTEN
 * connection and one heartbeat timer for all, no session check, no replay, no filtering. What an SSE hub costs at
 * the least, measured in the same run as the app.
 * Run by the bench as its own process: tsx bench/minimal-live-hub.ts <port> <database url>
 */
import http from "node:http";
import pg from "pg";

const [port, databaseUrl] = process.argv.slice(2) as [string, string];
const open = new Set<http.ServerResponse>();

const listener = new pg.Client({ connectionString: databaseUrl });
await listener.connect();
listener.on("notification", (notification) => {
  const { id, topic } = JSON.parse(notification.payload ?? "{}") as { id: number; topic: string };
  const text = `id: ${id}\nevent: live\ndata: ${JSON.stringify({ topic })}\n\n`;
  for (const response of open) response.write(text);
});
await listener.query("listen registry_desk_live");

setInterval(() => {
  for (const response of open) response.write(": ping\n\n");
}, 15_000);

http
  .createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform" });
    response.write("retry: 3000\n\nevent: ready\ndata: {}\n\n");
    open.add(response);
    response.once("close", () => open.delete(response));
  })
  .listen(Number(port), "127.0.0.1", () => console.log("ready"));
