/**
 * Batch work figures, on a production build with embedded Postgres and the simulator, one line each:
 *   - a customer list of 1,000 rows (four countries; half by registration number, half by a legal name no other
 *     company of the simulator's search directory has) stored as an import batch and woken (createBatch, kickBatch): until every row is
 *     matched and priced by the app's batch-step jobs, and rows/s                                     goal ≤ 60 s
 *   - the batch confirmed with its quoted total as the cap and the most orders in flight (confirmBatch), the
 *     connection's pace raised to 6,000 orders a minute (Settings → Jobs; the default 120 would take 500 s by itself):
 *     until the batch is done, every order placed and its webhooks in, and rows/s                     goal ≤ 5 min
 *   - GET /portfolio signed in, until the last byte, back to back while the batch orders: p50, p99     goal p99 ≤ 1 s
 *   - the app process's peak RSS over the whole run (the kernel's high-water mark, VmHWM, of the process listening on
 *     the app's port)
 * The batch is driven by the app's own workers, as in production: this process only stores, wakes, confirms and watches.
 * Run: npm run bench:batch   (builds first if the build is stale)
 */
import type { RegistryCountry } from "../lib/registry/countries.shared";
import { directory } from "../simulator/data/search";
import { benchEmail, runBench, withBenchApp } from "./bench-app";
import { fullResponseMs } from "./full-response-ms";
import { percentile } from "./percentile";
import { listeningPid } from "./process-cpu";
import { statusKb } from "./process-memory";

const rowCount = 1_000;
const countries: RegistryCountry[] = ["GB", "FR", "NL", "IT"];
const fastPace = 6_000;
const matchGoalMs = 60_000;
const orderGoalMs = 5 * 60_000;
/** Give up on a phase after this long (so a stuck batch ends the bench with its counts, not never). */
const phaseLimitMs = 20 * 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The list: companies of the simulator's search directory, every other one by its registration number, the rest by
 * legal name. Names are taken only from companies whose name is unique in their country's directory: the directory
 * gives the same name to several companies, and matching rightly calls those ambiguous (a person would pick).
 */
function customerList() {
  const perCountry = Math.ceil(rowCount / countries.length);
  return countries
    .flatMap((country) => {
      const companies = directory(country);
      const named = new Map<string, number>();
      for (const company of companies) named.set(company.legalName, (named.get(company.legalName) ?? 0) + 1);
      const unique = companies.filter((company) => named.get(company.legalName) === 1);
      const shared = companies.filter((company) => named.get(company.legalName)! > 1);
      return Array.from({ length: perCountry }, (_, i) => {
        const byName = i % 2 === 1;
        const company = byName ? unique[(i - 1) / 2] : shared[i / 2];
        if (!company) throw new Error(`The ${country} directory has too few companies for ${perCountry} rows.`);
        return { company, byName };
      });
    })
    .slice(0, rowCount)
    .map(({ company, byName }, index) => {
      const caseReference = `BENCH-${index + 1}`;
      const input: Record<string, string> = byName
        ? { name: company.legalName, countryCode: company.country, caseReference }
        : { number: company.id, countryCode: company.country, caseReference };
      return { rowNumber: index + 1, input, countryCode: company.country };
    });
}

async function main() {
  await withBenchApp(async ({ origin, database, databaseUrl, cookie: signIn, secret, simulatorConnectionId, sim }) => {
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: secret("auth-secret"),
      APP_ENCRYPTION_KEY: secret("encryption-key"),
    });
    const { createBatch, readBatch, batchCounts } = await import("../lib/batches/batch-records");
    const { kickBatch, batchQuote, confirmBatch, maxBatchConcurrency } = await import("../lib/batches/batch-control");
    const { saveBatchPace } = await import("../lib/batches/batch-pace-settings-store");
    const { fullKybDatapoints } = await import("../lib/orders/order-defaults.shared");
    const { stopJobQueue } = await import("../lib/jobs/job-queue");

    try {
      await run();
    } finally {
      await stopJobQueue(0);
    }

    async function run() {
      const pid = listeningPid(Number(new URL(origin).port));
      const connectionId = await simulatorConnectionId();
      const { rows: found } = await database.query<{ id: string; email: string; name: string; role: "admin"; session_version: number }>(
        "select id, email, name, role, session_version from users where email = $1",
        [benchEmail],
      );
      const user = { ...found[0]!, mustChangePassword: false, sessionVersion: found[0]!.session_version };
      // Enough credits for every order (the sandbox wallet starts with 10,000).
      await sim("PUT", "/_sim/wallet", { balance: 10_000_000 });

      const countsLine = async (batchId: string) => {
        const counts = await batchCounts(batchId);
        const nonZero = (record: Record<string, number>) =>
          Object.entries(record)
            .filter(([, n]) => n > 0)
            .map(([state, n]) => `${state} ${n}`)
            .join(", ");
        const { rows: reasons } = await database.query<{ reason: string; n: number }>(
          `select coalesce(outcome_reason, 'no reason') as reason, count(*)::int as n from batch_rows
         where batch_id = $1 and outcome in ('refused', 'unknown') group by 1 order by 2 desc limit 3`,
          [batchId],
        );
        const refusals = reasons.map((r) => `${r.n} × "${r.reason}"`).join("; ");
        return `matching: ${nonZero(counts.match)}; outcomes: ${nonZero(counts.outcome)}${refusals ? `; refused or unknown: ${refusals}` : ""}`;
      };

      /** Waits until `done` holds, looking every 250 ms; false when the phase ran out of time. */
      const until = async (done: () => Promise<boolean>): Promise<boolean> => {
        const started = performance.now();
        while (performance.now() - started < phaseLimitMs) {
          if (await done()) return true;
          await sleep(250);
        }
        return false;
      };

      // 1. Matching and pricing.
      let started = performance.now();
      const { batchId } = await createBatch(user, {
        kind: "import",
        connectionId,
        datapoints: [...fullKybDatapoints],
        fileName: "bench-1000.csv",
        fileDigest: `bench-${Date.now()}`,
        rows: customerList(),
      });
      await kickBatch(batchId);
      const priced = await until(
        async () => (await readBatch(batchId))?.status === "reviewing" && (await batchQuote(batchId)).unpriced === 0,
      );
      const matchMs = performance.now() - started;
      console.log(
        `${rowCount.toLocaleString("en")} rows matched and priced against the simulator: ${seconds(matchMs)}, ${(rowCount / (matchMs / 1000)).toFixed(1)} rows/s (goal ≤ 60 s${priced ? "" : "; STOPPED: not done"}${matchMs > matchGoalMs ? "; over the goal" : ""}) — ${await countsLine(batchId)}`,
      );
      if (!priced) return;

      // 2. Ordering, with /portfolio timed back to back meanwhile.
      const quote = await batchQuote(batchId);
      const toOrder = quote.countries.reduce((sum, c) => sum + c.rows, 0);
      await saveBatchPace(user, { connectionId, ordersPerMinute: fastPace });
      const cookie = await signIn();
      await fullResponseMs(`${origin}/portfolio`, cookie); // warm
      started = performance.now();
      const confirmed = await confirmBatch(user, batchId, { capCredits: quote.total, concurrency: maxBatchConcurrency });
      if (!confirmed.ok) throw new Error(`The confirm was refused: ${confirmed.error}`);
      let ordering = true;
      const pages: number[] = [];
      const timing = (async () => {
        while (ordering) pages.push(await fullResponseMs(`${origin}/portfolio`, cookie));
      })();
      const finished = await until(async () => ["done", "cancelled"].includes((await readBatch(batchId))?.status ?? ""));
      const orderMs = performance.now() - started;
      ordering = false;
      await timing;
      const counts = await batchCounts(batchId);
      console.log(
        `${toOrder.toLocaleString("en")} orders placed and completed with their webhooks in (cap ${quote.total.toLocaleString("en")} credits, ${maxBatchConcurrency} at once, pace ${fastPace.toLocaleString("en")} a minute): ${seconds(orderMs)}, ${(counts.outcome.completed / (orderMs / 1000)).toFixed(1)} rows/s (goal ≤ 5 min${finished ? "" : "; STOPPED: not done"}${orderMs > orderGoalMs ? "; over the goal" : ""}) — ${await countsLine(batchId)}`,
      );
      pages.sort((a, b) => a - b);
      console.log(
        `GET /portfolio during the ordering, ${pages.length} back to back: p50 ${ms(percentile(pages, 50))}, p99 ${ms(percentile(pages, 99))} (goal p99 ≤ 1 s)`,
      );
      console.log(`peak RSS of the app process over the run: ${(statusKb(pid, "VmHWM") / 1024).toFixed(0)} MB`);
    }
  });
}

runBench(main);
