/**
 * Figures for live connections under load, on a production build with embedded Postgres, every
 * connection from this process over loopback:
 *   - N live connections (`GET /api/live`, an admin's session) held by the app server (`npm start`): its resident
 *     memory before and after, per connection                                                  goal ≤ 30 kB
 *   - broadcast: an event committed into Postgres (pg_notify) until it has reached every connection, p50 and p99
 *     over all arrivals of several broadcasts                                                    goal p99 ≤ 500 ms
 *   - the server's CPU per broadcast (its process, from /proc): steadier than latency when other work shares the
 *     machine (the 500 ms that every broadcast waits after the last arrival is counted too, idle)
 *   - the same for a minimal node:http hub (bench/minimal-live-hub.ts), measured in the same run, and the ratios
 * Each process needs a file descriptor per connection: the bench checks `ulimit -n` first (raise it with
 * `ulimit -n 20000` in the shell that runs it; the app server and the hub inherit it).
 * Run: npm run bench:live [-- --connections 5000 --broadcasts 10]   (builds first if the build is stale)
 */
import http from "node:http";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type pg from "pg";
import { freePort } from "../scripts/ports";
import { runBench, withBenchApp } from "./bench-app";
import { startBenchChild } from "./bench-child";
import { percentile } from "./percentile";
import { cpuMs, listeningPid } from "./process-cpu";

const { values } = parseArgs({ options: { connections: { type: "string" }, broadcasts: { type: "string" } } });
const connections = Number(values.connections ?? 5_000);
const broadcasts = Number(values.broadcasts ?? 10);
/** Connections opening at the same time: enough to open thousands in seconds, few enough not to queue on the pool. */
const opening = 100;
const settleMs = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The soft limit on open files of this process, which the servers it starts inherit. */
function openFileLimit(): number {
  const line = readFileSync("/proc/self/limits", "utf8")
    .split("\n")
    .find((l) => l.startsWith("Max open files"));
  return Number(line?.split(/\s+/)[3] ?? Infinity);
}

/** Resident memory of a process, in bytes. */
function rssBytes(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

type Client = { request: http.ClientRequest; ready: Promise<void> };

/**
 * One SSE connection that only watches for `event: ready` and for the bench's broadcast topics (`request:bench-<k>`),
 * noting when broadcast k arrived. Events come whole in one chunk from both servers (each is one write).
 */
function openClient(url: URL, cookie: string, arrived: (broadcast: number) => void): Client {
  const request = http.get({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    agent: false,
    headers: { accept: "text/event-stream", cookie },
  });
  const ready = new Promise<void>((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${url.pathname} answered ${response.statusCode}`));
      response.setEncoding("latin1");
      response.on("data", (chunk: string) => {
        if (chunk.includes("event: ready")) resolve();
        for (const match of chunk.matchAll(/"request:bench-(\d+)"/g)) arrived(Number(match[1]));
      });
      response.on("error", () => {});
    });
  });
  return { request, ready };
}

/** Commits a live event as publishLive does (one statement: the row, then pg_notify at commit). */
async function publish(database: pg.Client, topic: string) {
  await database.query(
    `with e as (insert into live_events (topic) values ($1) returning id, topic)
     select pg_notify('registry_desk_live', json_build_object('id', id, 'topic', topic)::text) from e`,
    [topic],
  );
}

type Figures = { kbEach: number; rssBefore: number; rssAfter: number; p50: number; p99: number; missing: number; cpuEach: number };

async function holdAndBroadcast(url: URL, pid: number, cookie: string, database: pg.Client, label: string): Promise<Figures> {
  const sentAt: number[] = [];
  const delays: number[][] = Array.from({ length: broadcasts }, () => []);
  const arrived = (k: number) => delays[k]?.push(performance.now() - sentAt[k]!);
  const openMany = async (count: number) => {
    const clients: Client[] = [];
    for (let start = 0; start < count; start += opening) {
      const batch = Array.from({ length: Math.min(opening, count - start) }, () => openClient(url, cookie, arrived));
      clients.push(...batch);
      await Promise.all(batch.map((c) => c.ready));
    }
    return clients;
  };
  const closeAll = (clients: Client[]) => clients.forEach((c) => c.request.destroy());

  // Unmeasured: pools, the listener's connection and the JIT warm up on a few hundred first.
  closeAll(await openMany(Math.min(500, connections)));
  await sleep(settleMs);
  const rssBefore = rssBytes(pid);
  const clients = await openMany(connections);
  await sleep(settleMs);
  const rssAfter = rssBytes(pid);

  const cpuBefore = cpuMs([pid]);
  for (let k = 0; k < broadcasts; k++) {
    sentAt[k] = performance.now();
    await publish(database, `request:bench-${k}`);
    const deadline = Date.now() + 15_000;
    while (delays[k]!.length < connections && Date.now() < deadline) await sleep(10);
    await sleep(500);
  }
  const cpuEach = (cpuMs([pid]) - cpuBefore) / broadcasts;
  closeAll(clients);
  // An event that never arrived counts as the slowest of all: a percentile of the arrivals alone would flatter.
  const all = [...delays.flat(), ...Array<number>(connections * broadcasts - delays.flat().length).fill(Infinity)].sort((a, b) => a - b);
  const figures = {
    kbEach: (rssAfter - rssBefore) / connections / 1024,
    rssBefore,
    rssAfter,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    missing: all.filter((delay) => delay === Infinity).length,
    cpuEach,
  };
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  const ms = (delay: number) => (delay === Infinity ? "over 15 s (not arrived)" : `${delay.toFixed(0)} ms`);
  console.log(
    `${label}: ${connections.toLocaleString("en")} live connections, ${figures.kbEach.toFixed(1)} kB each (RSS ${mb(rssBefore)} → ${mb(rssAfter)} MB; goal ≤ 30 kB); broadcast to all, over ${broadcasts}: p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)} (goal ≤ 500 ms), missing ${figures.missing}; server CPU per broadcast ${figures.cpuEach.toFixed(0)} ms`,
  );
  await sleep(settleMs); // the server lets go of them before the next measurement
  return figures;
}

async function main() {
  const limit = openFileLimit();
  if (limit < connections + 512) {
    throw new Error(
      `ulimit -n is ${limit}: holding ${connections} connections needs at least ${connections + 512} (run \`ulimit -n 20000\` first)`,
    );
  }
  await withBenchApp(async (app) => {
    const cookie = await app.cookie();
    const appUrl = new URL("/api/live", app.origin);
    const appFigures = await holdAndBroadcast(appUrl, listeningPid(Number(appUrl.port)), cookie, app.database, "app server (npm start)");

    const hubPort = await freePort();
    const hub = await startBenchChild("minimal-live-hub.ts", [String(hubPort), app.databaseUrl]);
    try {
      const hubFigures = await holdAndBroadcast(
        new URL(`http://127.0.0.1:${hubPort}/`),
        listeningPid(hubPort),
        cookie,
        app.database,
        "minimal node:http hub",
      );
      console.log(
        `ratio app / minimal hub: memory per connection ${(appFigures.kbEach / hubFigures.kbEach).toFixed(2)}×, broadcast p99 ${(appFigures.p99 / hubFigures.p99).toFixed(2)}×, server CPU per broadcast ${(appFigures.cpuEach / hubFigures.cpuEach).toFixed(2)}×`,
      );
    } finally {
      await hub.stop();
    }
  });
}

runBench(main);
