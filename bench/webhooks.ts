/**
 * Figures for "Webhooks in, live updates out", on a production build with embedded Postgres, the load coming
 * from this process over loopback, 20 kB `company.updated` snapshots:
 *   - sustained verified deliveries per second into one app process                       goal ≥ 500/s
 *   - p50/p99 acknowledgement time at a steady 200 deliveries per second                   goal p99 ≤ 100 ms
 *   - the same two into a minimal node:http + pg receiver (same verification and insert), and the ratio
 *   - CPU milliseconds per delivery of the receiver and of Postgres during the sustained run: the figure to
 *     compare changes by when other work shares the machine (throughput and latency swing with it)
 *   - valid deliveries' p99 at 200/s alone, then beside 1,000 bad-signature posts spread over the same time,
 *     and the ratio                                                                       goal ≤ 2×
 *   - CPU milliseconds per bad-signature post, of the receiver and of Postgres (no transaction each)
 *   - under abuse: 50 slow bodies to a real connection and 1,000 bad posts declaring 8 MiB, beside valid deliveries at
 *     200/s: the app server's RSS growth                                                  goal ≤ 64 MB
 *     valid deliveries' p99 to their p99 in quiet runs                                     goal ≤ 2×
 *     the longest a slow body's connection was kept                                         goal ≤ 15 s
 *   - 10,000 deliveries with 20% duplicates, shuffled: lost and applied twice               goal 0 and 0
 *   - webhook accepted → event received by an SSE client, p95                             goal ≤ 100 ms
 * Run: npm run bench:webhooks   (builds first if the build is stale)
 *      npm run bench:webhooks -- abuse   (only the lines named: receivers, flood, abuse, duplicates, sse)
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createParser } from "eventsource-parser";
import pg from "pg";
import { embeddedDatabaseUrl, startLauncher, tempDataDir } from "../scripts/launcher-process";
import { freePort } from "../scripts/ports";
import { startBenchChild } from "./bench-child";
import { cpuMs, listeningPid, processTree } from "./process-cpu";
import { signInCookie } from "./sign-in-session";
import { generateSigningSecret, webhookHeaders } from "../simulator/webhooks/sign";
import { percentile } from "./percentile";
import { deliveries, describeStatuses, maxThroughput, post, shuffle, steadyRate, type Delivery } from "./webhook-load";
import { badPost, giveUpMs, rssBytes, slowBody, type Exchange } from "./webhook-abuse";

const email = "bench@registry-desk.test";
const password = "bench-password-123";

/** Versions delivered in order within each request, requests interleaved. */
const interleaved = (items: Delivery[]) => [...items].sort((a, b) => a.version - b.version);

const startMinimalReceiver = (port: number, databaseUrl: string, secret: string) =>
  startBenchChild("minimal-webhook-receiver.ts", [String(port), databaseUrl, secret]);

/** CPU of the receiver and of Postgres per delivery: steadier than throughput when other work shares the cores. */
function cpuMeter(receiverPort: number, postgresPort: number) {
  const receiver = processTree(listeningPid(receiverPort));
  const postgres = processTree(listeningPid(postgresPort));
  const before = { receiver: cpuMs(receiver), postgres: cpuMs(postgres) };
  return (count: number) =>
    `CPU per delivery: receiver ${((cpuMs(receiver) - before.receiver) / count).toFixed(2)} ms, Postgres ${((cpuMs(processTree(listeningPid(postgresPort))) - before.postgres) / count).toFixed(2)} ms`;
}

async function receiverFigures(label: string, url: string, secret: string, prefix: string, postgresPort: number) {
  await maxThroughput(url, secret, interleaved(deliveries(`${prefix}warm`, 50, 4)));
  const meter = cpuMeter(Number(new URL(url).port), postgresPort);
  const items = interleaved(deliveries(`${prefix}max`, 300, 10));
  const burst = await maxThroughput(url, secret, items);
  const cpu = meter(items.length);
  const steady = await steadyRate(url, secret, interleaved(deliveries(`${prefix}steady`, 300, 10)), 200);
  console.log(
    `${label}: sustained ${burst.perSecond.toFixed(0)} deliveries/s [${describeStatuses(burst.statuses)}]; at a steady 200/s (achieved ${steady.achieved.toFixed(0)}/s) acknowledgement p50 ${steady.p50.toFixed(1)} ms, p99 ${steady.p99.toFixed(1)} ms [${describeStatuses(steady.statuses)}]; ${cpu}`,
  );
  return { perSecond: burst.perSecond, p99: steady.p99 };
}

/**
 * Bad signatures must stay cheap: the same steady 200/s of valid deliveries alone, beside 1,000 posts signed
 * with a wrong secret (a misconfigured sender, or someone probing) spread over the same seconds, and alone
 * again (the ratio is to the mean of both, so that a machine getting busier or quieter meanwhile weighs less), after an
 * unmeasured warm-up run.
 * Then what one bad post costs the receiver and Postgres, measured as CPU like the deliveries above.
 */
async function floodFigures(url: string, secret: string, postgresPort: number) {
  const [requests, versions, perSecond] = [150, 10, 200];
  const valid = (prefix: string) => interleaved(deliveries(prefix, requests, versions));
  const seconds = (requests * versions) / perSecond;
  const wrongSecret = generateSigningSecret();
  // Unmeasured: the app sat idle while the minimal receiver was measured, and its first seconds back are slow.
  await steadyRate(url, secret, valid("warm-up"), perSecond);
  const before = await steadyRate(url, secret, valid("calm"), perSecond);
  // Both sets are built before either starts: building 1,000 bodies blocks this process for a while, and while the
  // valid ones were already going out that showed as a burst of late deliveries (a 12–16× "ratio" of the bench's own).
  const [flood, badPosts] = [valid("flood"), deliveries("bad", 1_000, 1)];
  const [beside, bad] = await Promise.all([
    steadyRate(url, secret, flood, perSecond),
    steadyRate(url, wrongSecret, badPosts, 1_000 / seconds),
  ]);
  const after = await steadyRate(url, secret, valid("calm-again"), perSecond);
  const alone = (before.p99 + after.p99) / 2;
  console.log(
    `valid deliveries at 200/s: p99 ${before.p99.toFixed(1)} and ${after.p99.toFixed(1)} ms alone [${describeStatuses(before.statuses)}], ${beside.p99.toFixed(1)} ms beside 1,000 bad-signature posts over the same ${seconds.toFixed(1)} s [${describeStatuses(beside.statuses)}; bad ${describeStatuses(bad.statuses)}]: ratio ${(beside.p99 / alone).toFixed(2)}× (goal ≤ 2×)`,
  );
  const burst = deliveries("bad-burst", 1_000, 1);
  const meter = cpuMeter(Number(new URL(url).port), postgresPort);
  const refused = await maxThroughput(url, wrongSecret, burst);
  console.log(
    `1,000 bad-signature posts at ${refused.perSecond.toFixed(0)}/s [${describeStatuses(refused.statuses)}]: ${meter(burst.length).replace("CPU per delivery", "CPU per post")}`,
  );
}

const countStatuses = (exchanges: Exchange[]) =>
  exchanges.reduce((statuses, { status }) => statuses.set(status, (statuses.get(status) ?? 0) + 1), new Map<number, number>());

/** A process's RSS now and its peak until `stop()`, sampled every 100 ms. */
function rssGrowth(pid: number) {
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 100);
  return { stop: () => (clearInterval(sampler), { before, peak: Math.max(peak, rssBytes(pid)) }) };
}

/**
 * The webhook URL under abuse, twice over 10 s: 50 slow bodies to the real connection (signed heads of
 * 20 kB deliveries, the body a byte a second after its first kilobyte, all opened at once) and 1,000 bad posts
 * declaring 8 MiB (sending 64 KiB of it) spread evenly (half to unknown connection ids with signature headers, half to the real connection
 * without). First alone: the app server's RSS growth (its peak, sampled every 100 ms, over its reading just
 * before), what the abuse itself costs. Then beside valid deliveries at 200/s, with the same valid load alone
 * before and after: their p99 to the mean of the quiet ones. And the longest a slow body's connection was kept.
 * (Valid deliveries backed up on a busy machine hold memory of their own, which is why RSS is measured apart.)
 */
async function abuseFigures(url: string, secret: string) {
  const target = new URL(url);
  const pid = listeningPid(Number(target.port));
  const [perSecond, seconds, badCount] = [200, 10, 1_000];
  const valid = (prefix: string) => interleaved(deliveries(prefix, (perSecond * seconds) / 10, 10));
  const slow = (prefix: string) => deliveries(prefix, 50, 1);
  const strangers = Array.from({ length: badCount / 2 }, () => new URL(`/api/webhooks/registry/${randomUUID()}`, target));
  const signedNow = (item: Delivery) => webhookHeaders(secret, item.id, Math.floor(Date.now() / 1000), item.body);
  /** The 50 slow bodies, and the 1,000 bad posts over `seconds`; resolves when the server has closed them all. */
  const abuse = (slowOnes: Delivery[]) => {
    const slowBodies = Promise.all(slowOnes.map((item) => slowBody(target, signedNow(item), item.body)));
    const badPosts = (async () => {
      const sent: Promise<Exchange>[] = [];
      const started = performance.now();
      for (let i = 0; i < badCount; i++) {
        const wait = started + (i * seconds * 1000) / badCount - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        sent.push(i % 2 ? badPost(strangers[i >> 1]!, signedNow(slowOnes[0]!)) : badPost(target, {}));
      }
      return Promise.all(sent);
    })();
    return Promise.all([slowBodies, badPosts]);
  };
  // Everything is built before anything is sent (see floodFigures).
  const [calm, beside, calmAgain, slowAlone, slowBeside] = [
    valid("abuse-calm"),
    valid("abuse-beside"),
    valid("abuse-calm-again"),
    slow("abuse-slow-alone"),
    slow("abuse-slow-beside"),
  ];
  await steadyRate(url, secret, valid("abuse-warm-up"), perSecond); // unmeasured, as in floodFigures

  const rss = rssGrowth(pid);
  const [slowAnswers, badAnswers] = await abuse(slowAlone);
  const growth = rss.stop();

  const before = await steadyRate(url, secret, calm, perSecond);
  const [[slowBesideAnswers], attacked] = await Promise.all([abuse(slowBeside), steadyRate(url, secret, beside, perSecond)]);
  const after = await steadyRate(url, secret, calmAgain, perSecond);

  const quiet = (before.p99 + after.p99) / 2;
  const kept = [...slowAnswers, ...slowBesideAnswers].map((exchange) => exchange.ms / 1000).sort((a, b) => a - b);
  const longest = kept.at(-1)! * 1000 >= giveUpMs ? `> ${giveUpMs / 1000}` : kept.at(-1)!.toFixed(1);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  console.log(
    `under abuse, 50 slow bodies [${describeStatuses(countStatuses(slowAnswers))}] and 1,000 bad posts declaring 8 MiB [${describeStatuses(countStatuses(badAnswers))}] over ${seconds} s: ` +
      `app server RSS +${mb(growth.peak - growth.before)} MB (${mb(growth.before)} → ${mb(growth.peak)} MB; goal ≤ 64 MB); ` +
      `the same beside valid deliveries at 200/s: their p99 ${attacked.p99.toFixed(1)} ms, ${before.p99.toFixed(1)} and ${after.p99.toFixed(1)} ms quiet [${describeStatuses(attacked.statuses)}]: ratio ${(attacked.p99 / quiet).toFixed(2)}× (goal ≤ 2×); ` +
      `slow bodies' connections kept ${kept[0]!.toFixed(1)}–${longest} s (goal ≤ 15 s)`,
  );
}

async function duplicatesFigures(url: string, secret: string, database: pg.Client) {
  const unique = deliveries("dup", 400, 20);
  const repeats = shuffle([...unique], 7).slice(0, 2_000);
  const all = shuffle([...unique, ...repeats], 11);
  const run = await maxThroughput(url, secret, all);
  const firsts = await database.query<{ n: string }>(
    "select count(*) as n from webhook_deliveries where request_id like 'req_dup_%' and outcome <> 'duplicate'",
  );
  const twice = await database.query<{ n: string }>(
    "select count(*) as n from (select request_id, version from webhook_deliveries where request_id like 'req_dup_%' and outcome = 'applied' group by 1, 2 having count(*) > 1) t",
  );
  const behind = await database.query<{ n: string }>(
    "select count(*) as n from company_requests where request_id like 'req_dup_%' and version <> 20",
  );
  const lost = unique.length - Number(firsts.rows[0]!.n);
  console.log(
    `10,000 deliveries (2,000 duplicates, shuffled) at ${run.perSecond.toFixed(0)}/s [${describeStatuses(run.statuses)}]: lost ${lost}, applied twice ${twice.rows[0]!.n}, requests not at their latest version ${behind.rows[0]!.n} (goal 0, 0, 0)`,
  );
}

async function sseFigures(origin: string, url: string, secret: string, cookie: string) {
  const arrivals = new Map<string, number>();
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/live`, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`/api/live answered ${response.status}`);
  const parser = createParser({
    onEvent: (event) => {
      const topic = (JSON.parse(event.data) as { topic?: string }).topic;
      if (topic?.startsWith("request:")) arrivals.set(topic.slice("request:".length), performance.now());
    },
  });
  const reading = (async () => {
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  })().catch(() => {});
  await new Promise((r) => setTimeout(r, 300));

  const items = deliveries("sse", 300, 1);
  const accepted = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < items.length; i++) {
    const wait = started + i * 20 - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const item = items[i]!;
    pending.push(post(url, secret, item).then(() => void accepted.set(item.requestId, performance.now())));
  }
  await Promise.all(pending);
  await new Promise((r) => setTimeout(r, 1_000));
  controller.abort();
  await reading;
  const gaps = items
    .map((item) => (arrivals.has(item.requestId) ? Math.max(0, arrivals.get(item.requestId)! - accepted.get(item.requestId)!) : Infinity))
    .sort((a, b) => a - b);
  const missing = gaps.filter((g) => g === Infinity).length;
  console.log(
    `webhook accepted → SSE event received over ${items.length} deliveries at 50/s: p50 ${percentile(gaps, 50).toFixed(1)} ms, p95 ${percentile(gaps, 95).toFixed(1)} ms (goal p95 ≤ 100 ms); events missing ${missing}`,
  );
}

async function main() {
  const named = process.argv.slice(2);
  const wanted = (line: string) => named.length === 0 || named.includes(line);
  const data = tempDataDir("registry-desk-bench-");
  const [port, pgPort, simPort, minimalPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const launcher = startLauncher({
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    SIM_PORT: String(simPort),
    DATA_DIR: data.dir,
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
  });
  let database: pg.Client | undefined;
  let minimal: Awaited<ReturnType<typeof startMinimalReceiver>> | undefined;
  try {
    await launcher.waitFor(/is ready at/, 600_000);
    database = new pg.Client({ connectionString: embeddedDatabaseUrl(data.dir, pgPort) });
    await database.connect();
    const secret = readFileSync(path.join(data.dir, "simulator-webhook-secret"), "utf8").trim();
    const { rows } = await database.query<{ id: string }>(
      "select id from registry_connections where webhook_secret_sealed is not null limit 1",
    );
    const url = `${origin}/api/webhooks/registry/${rows[0]!.id}`;
    await database.query("update users set must_change_password = false where email = $1", [email]);

    if (wanted("receivers")) {
      const app = await receiverFigures("Registry Desk (npm start)", url, secret, "app", pgPort);
      minimal = await startMinimalReceiver(minimalPort, embeddedDatabaseUrl(data.dir, pgPort), secret);
      const raw = await receiverFigures("minimal node:http + pg", `http://127.0.0.1:${minimalPort}/`, secret, "raw", pgPort);
      await minimal.stop();
      minimal = undefined;
      console.log(
        `ratio app / minimal: throughput ${(app.perSecond / raw.perSecond).toFixed(2)}×, p99 at 200/s ${(app.p99 / raw.p99).toFixed(2)}×`,
      );
    }
    if (wanted("flood")) await floodFigures(url, secret, pgPort);
    if (wanted("abuse")) await abuseFigures(url, secret);
    if (wanted("duplicates")) await duplicatesFigures(url, secret, database);
    if (wanted("sse")) await sseFigures(origin, url, secret, await signInCookie(origin, email, password));
  } finally {
    await minimal?.stop();
    await database?.end().catch(() => {});
    await launcher.stop("SIGINT");
    data.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
