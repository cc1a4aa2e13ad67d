/**
 * The comparison receiver for bench/webhooks.ts: plain node:http + pg, the same svix verification, and one
 * transaction per delivery (claim the message id, upsert the snapshot when its version is higher).
 * Run by the bench as its own process: tsx bench/minimal-webhook-receiver.ts <port> <database url> <secret>
 */
import http from "node:http";
import pg from "pg";
import { Webhook } from "svix";

const [port, databaseUrl, secret] = process.argv.slice(2) as [string, string, string];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const webhook = new Webhook(secret);

await pool.query(`
  create table if not exists bench_deliveries (message_id text primary key, request_id text, version int, received_at timestamptz not null default now());
  create table if not exists bench_snapshots (request_id text primary key, version int not null, snapshot jsonb not null);
  truncate bench_deliveries, bench_snapshots;`);

async function store(messageId: string, event: { request: { requestId: string; version: number } }): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const claimed = await client.query(
      "insert into bench_deliveries (message_id, request_id, version) values ($1, $2, $3) on conflict do nothing",
      [messageId, event.request.requestId, event.request.version],
    );
    if (claimed.rowCount === 1) {
      await client.query(
        `insert into bench_snapshots (request_id, version, snapshot) values ($1, $2, $3)
         on conflict (request_id) do update set version = excluded.version, snapshot = excluded.snapshot where bench_snapshots.version < excluded.version`,
        [event.request.requestId, event.request.version, event],
      );
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    let event: { request: { requestId: string; version: number } };
    try {
      event = webhook.verify(body, {
        "svix-id": String(req.headers["svix-id"]),
        "svix-timestamp": String(req.headers["svix-timestamp"]),
        "svix-signature": String(req.headers["svix-signature"]),
      }) as typeof event;
    } catch {
      res.writeHead(401).end();
      return;
    }
    store(String(req.headers["svix-id"]), event).then(
      () => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
      () => res.writeHead(503).end(),
    );
  });
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
