/**
 * Company file figures, on a production build with embedded Postgres and the simulator, one line each:
 *   - storing each of 26 LARGE-sized snapshots (the first order, 20 graph expansions, 5 re-retrievals), the company
 *     file merged in: p50 and max of the whole storeSnapshot
 *   - reading the company file of LARGE with those 20 expansions and 5 re-retrievals (readCompanyFile, server time),
 *     p50 of 50                                                                                  goal ≤ 150 ms
 *   - GET /companies/DE/LARGE signed in (the company file page, which also asks the registry for the header and the
 *     prices), time until the last byte, p50 of 20
 *   - the calendar over 10,000 company files: the backfill of their deadlines, every entry, one page (server time) and
 *     GET /calendar, p50 of 20                                                               goal ≤ 300 ms
 * The webhook throughput with the file kept current is `npm run bench:webhooks`.
 * Run: npm run bench:company-file   (builds first if the build is stale)
 */
import type pg from "pg";
import type { CompanyResponse, Graph } from "../lib/registry/schemas.shared";
import { runBench, withBenchApp } from "./bench-app";
import { fullResponseMs } from "./full-response-ms";
import { largeCompanyResponse } from "./large-company-response";
import { percentile } from "./percentile";

async function timed(run: () => Promise<unknown>, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The first order (every datapoint, the graph stopped by its budget), 20 expansions of 20 nodes each, 5 re-retrievals. */
function purchases(): CompanyResponse[] {
  const root = largeCompanyResponse() as CompanyResponse;
  const graph = root.graph as Graph;
  const truncated = graph.nodes.map((node, i) =>
    i === 0
      ? node
      : { ...node, flags: { ...node.flags, status: "budget_truncated" }, continuation: { reason: "budget", estimatedCost: 2 } },
  );
  const succeeded = (names: readonly string[]) => ({
    dataPoints: Object.fromEntries(names.map((n) => [n, { status: "succeeded" }])),
    documents: {},
  });
  const first = {
    ...root,
    request: { ...root.request, requestId: "req_file_0", version: 1, dataStatus: succeeded(root.request.dataPoints ?? []) },
    graph: { ...graph, nodes: truncated },
  };
  const expansions = Array.from({ length: 20 }, (_, k) => ({
    request: {
      ...root.request,
      requestId: `req_file_x${k + 1}`,
      version: 1,
      dataPoints: ["graph"],
      dataStatus: succeeded(["graph"]),
    },
    // Each expansion opens 20 more nodes; like the simulator, it draws the whole graph so far.
    graph: { ...graph, nodes: truncated.map((node, i) => (i > 0 && i <= (k + 1) * 20 ? graph.nodes[i]! : node)) },
  }));
  const reretrievals = Array.from({ length: 5 }, (_, k) => ({
    ...root,
    request: {
      ...root.request,
      requestId: `req_file_r${k + 1}`,
      version: 1,
      dataStatus: succeeded(["company", "ultimateBeneficialOwners"]),
    },
    graph: undefined,
  }));
  return [first, ...expansions, ...reretrievals].map((s) => s as unknown as CompanyResponse);
}

async function seedCalendar(database: pg.Client, connectionId: string) {
  await database.query(
    `insert into company_files (connection_id, country_code, company_id, company_name, filings, latest_request_id, deadlines_filed)
     select $1, 'GB', 'CAL ' || n, 'Calendar bench ' || n,
       jsonb_build_object('legalName', 'Calendar bench ' || n, 'complianceFlags', null, 'caseReference', 'CASE-' || n,
         'statutoryFilings', jsonb_build_object(
           'accounts', jsonb_build_object('next', jsonb_build_object('dueDate', (current_date + (n % 400 - 60))::text)),
           'annualFiling', jsonb_build_object('next', jsonb_build_object('dueDate', (current_date + (n % 300 - 30))::text))),
         'source', jsonb_build_object('requestId', 'req_cal_' || n, 'version', 1, 'asOf', now()::text)),
       'req_cal_' || n, false
     from generate_series(1, 10000) n`,
    [connectionId],
  );
}

async function main() {
  await withBenchApp(async ({ origin, database, databaseUrl, cookie: signIn, secret, simulatorConnectionId }) => {
    const connectionId = await simulatorConnectionId();
    const cookie = await signIn();
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: secret("auth-secret"),
      APP_ENCRYPTION_KEY: secret("encryption-key"),
    });
    const { db } = await import("../db/client");
    const { storeSnapshot } = await import("../lib/requests/store-snapshot");
    const { readCompanyFile } = await import("../lib/company-file/company-file-view");
    const { calendarEntries, calendarPage } = await import("../lib/calendar/calendar-entries");
    const { fileUnfiledDeadlines } = await import("../lib/company-file/company-file-store");

    const writes: number[] = [];
    for (const snapshot of purchases()) {
      const started = performance.now();
      const stored = await storeSnapshot(db(), connectionId, snapshot, "webhook");
      writes.push(performance.now() - started);
      if (stored.outcome !== "applied") throw new Error(`${snapshot.request.requestId}: ${stored.outcome}`);
    }
    const file = await readCompanyFile({ connectionId, countryCode: "DE", companyId: "LARGE" });
    if (!file || file.graphParts.length !== 21) throw new Error(`the file holds ${file?.graphParts.length ?? 0} graph purchases, not 21`);
    writes.sort((a, b) => a - b);
    console.log(
      `store one LARGE snapshot with its company file (26 purchases): p50 ${ms(percentile(writes, 50))}, max ${ms(writes.at(-1)!)}`,
    );

    const reads = await timed(() => readCompanyFile({ connectionId, countryCode: "DE", companyId: "LARGE" }), 50);
    console.log(
      `company file of LARGE (20 expansions, 5 re-retrievals), server time: p50 ${ms(percentile(reads, 50))}, p95 ${ms(percentile(reads, 95))} (goal p50 ≤ 150 ms)`,
    );

    await fullResponseMs(`${origin}/companies/DE/LARGE`, cookie); // warm-up
    const pages = (await timed(() => fullResponseMs(`${origin}/companies/DE/LARGE`, cookie), 20)).sort((a, b) => a - b);
    console.log(`GET /companies/DE/LARGE (file page, registry header and prices included): p50 ${ms(percentile(pages, 50))}`);

    await seedCalendar(database, connectionId);
    // Stored as before migration 0011: the launcher writes their deadlines.
    const backfillStarted = performance.now();
    const backfilled = await fileUnfiledDeadlines(db());
    console.log(
      `filing deadlines of ${backfilled.toLocaleString("en")} company files written (the launcher's backfill): ${ms(performance.now() - backfillStarted)}`,
    );
    const entries = await calendarEntries();
    const calendar = await timed(() => calendarEntries(), 20);
    const onePage = await timed(() => calendarPage({}, { now: new Date(), limit: 100, referencesMax: 300 }), 20);
    await fullResponseMs(`${origin}/calendar`, cookie);
    const calendarPages = await timed(() => fullResponseMs(`${origin}/calendar`, cookie), 20);
    // Where the page's time goes beyond calendarEntries: the same page with no row to render.
    const emptyPages = await timed(() => fullResponseMs(`${origin}/calendar?company=no-such-company`, cookie), 20);
    const bytes = (await (await fetch(`${origin}/calendar`, { headers: { cookie } })).arrayBuffer()).byteLength;
    console.log(
      `calendar over 10,000 company files (${entries.length} entries): every entry (the .ics) p50 ${ms(percentile(calendar, 50))}, one page (calendarPage) p50 ${ms(percentile(onePage, 50))}, GET /calendar p50 ${ms(percentile(calendarPages, 50))} (goal ≤ 300 ms; ${Math.round(bytes / 1024)} KiB), filtered to no row p50 ${ms(percentile(emptyPages, 50))}`,
    );
  });
}

runBench(main);
