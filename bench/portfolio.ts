/**
 * Portfolio figures, on a production build with embedded Postgres and the simulator, one line each:
 *   - 100,000 portfolio entries seeded in SQL with their company files, owners, ratings, flags, due dates (some
 *     never due), 9,090 monitors, 3,030 open alerts and 20,000 requests with case references;
 *   - the portfolio query as the page calls it (lib/portfolio/portfolio-list.ts: one page of 50 with the count),
 *     server time p50 and p99 of 60: the first page, each filter alone, two combined, and the 2nd keyset page
 *                                                                                            goal p50 ≤ 200 ms
 *   - GET /portfolio signed in, until the last byte, p50 and p99 of 30: unfiltered, and filtered by rating and due
 *   - during a re-rating: 100,000 more company files of every kind the rules read (bench/risk-bench-data.ts) are rated,
 *     a stricter model is published, and while every file (200,000) is rated again by a second process (as a second
 *     app instance would), GET /portfolio is timed back to back            goals: re-rating ≤ 120 s, p99 ≤ 1 s
 * Run: npm run bench:portfolio   (builds first if the build is stale)
 */
import type pg from "pg";
import { runBench, withBenchApp } from "./bench-app";
import { fullResponseMs } from "./full-response-ms";
import { percentile } from "./percentile";
import { publishBenchModel, seedVariedCompanyFiles, stricterModel } from "./risk-bench-data";

const entries = 100_000;
const rounds = 60;
const pageRounds = 30;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(run: () => Promise<unknown>, count: number): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Seeds the entries and what the list reads beside them; answers the owners' ids. */
async function seed(database: pg.Client, connectionId: string): Promise<string[]> {
  const { rows: owners } = await database.query<{ id: string }>(
    `insert into users (email, name, role, password_hash)
     select 'owner' || n || '@bench.test', 'Owner ' || n, 'compliance', 'x' from generate_series(1, 5) n returning id`,
  );
  const countries = ["GB", "DE", "FR", "NL", "IE", "ES", "IT", "BE", "AT", "PL"];
  await database.query(
    `insert into company_files (connection_id, country_code, company_id, company_name, latest_request_id)
     select $1, ($2::text[])[1 + n % 10], 'PF' || n, 'Portfolio bench ' || n, 'req_pf_' || n from generate_series(1, ${entries}) n`,
    [connectionId, countries],
  );
  await database.query(
    `insert into portfolio_entries (connection_id, country_code, company_id, company_name, customer, owner_id, rating, score,
       top_reasons, model_version, rated_revision, incomplete, active_flags, last_reviewed_at, next_review_due, created_at)
     select $1, ($2::text[])[1 + n % 10], 'PF' || n, 'Portfolio bench ' || n, n % 3 = 0,
       case when n % 6 < 5 then ($3::uuid[])[1 + n % 6] end,
       case when n % 10 < 2 then 'high' when n % 10 < 5 then 'medium' when n % 10 < 9 then 'low' end,
       case when n % 10 < 9 then (n * 37) % 100 end,
       case when n % 10 < 2 then '["Liquidated (+40)", "No beneficial owner identified (+30)"]'::jsonb else '[]'::jsonb end,
       1, 0, n % 97 = 0,
       case when n % 20 = 0 then array['liquidated'] when n % 7 = 0 then array['accountsOverdue'] else '{}'::text[] end,
       case when n % 4 = 0 then now() - ((n * 13) % 700) * interval '1 day' end,
       case when n % 50 <> 0 then now() + ((n * 7919) % 1500 - 400) * interval '1 day' + n * interval '1 microsecond' end,
       now() - interval '2 years'
     from generate_series(1, ${entries}) n`,
    [connectionId, countries, owners.map((o) => o.id)],
  );
  await database.query(
    `insert into monitors (connection_id, monitor_id, country_code, company_id, case_reference)
     select $1, 'mon_pf_' || n, ($2::text[])[1 + n % 10], 'PF' || n, case when n % 20 = 0 then 'MON-' || n end
     from generate_series(11, ${entries}, 11) n`,
    [connectionId, countries],
  );
  await database.query(
    `insert into alerts (connection_id, monitor_id, country_code, company_id, categories, due_at)
     select $1, 'mon_pf_' || n, ($2::text[])[1 + n % 10], 'PF' || n, '["address"]'::jsonb, now() + interval '2 days'
     from generate_series(33, ${entries}, 33) n`,
    [connectionId, countries],
  );
  await database.query(
    `insert into company_requests (request_id, connection_id, origin, country_code, company_id, company_name, complete, filings)
     select 'req_pf_' || n, $1, 'console', ($2::text[])[1 + n % 10], 'PF' || n, 'Portfolio bench ' || n, true,
       jsonb_build_object('legalName', null, 'statutoryFilings', null, 'complianceFlags', null, 'caseReference', 'KYC-' || n)
     from generate_series(5, ${entries}, 5) n`,
    [connectionId, countries],
  );
  await database.query("analyze");
  return owners.map((o) => o.id);
}

async function main() {
  await withBenchApp(async ({ origin, database, databaseUrl, cookie: signIn, secret, simulatorConnectionId }) => {
    const connectionId = await simulatorConnectionId();
    const seedStarted = performance.now();
    const owners = await seed(database, connectionId);
    console.log(
      `seeded ${entries.toLocaleString("en")} portfolio entries with their files, monitors, alerts and requests: ${ms(performance.now() - seedStarted)}`,
    );
    Object.assign(process.env, {
      DATABASE_URL: databaseUrl,
      NEXTAUTH_SECRET: secret("auth-secret"),
      APP_ENCRYPTION_KEY: secret("encryption-key"),
    });
    const { listPortfolio } = await import("../lib/portfolio/portfolio-list");
    const { parsePortfolioFilters } = await import("../lib/portfolio/portfolio-filters");
    type Filters = Parameters<typeof listPortfolio>[0];

    const measure = async (name: string, filters: Filters, after?: string) => {
      const cursor = after ? parsePortfolioFilters({ after }).cursor : undefined;
      let total = 0;
      const times = await timed(async () => {
        total = (await listPortfolio(filters, { cursor })).total;
      }, rounds);
      console.log(
        `portfolio query, ${name} (${total.toLocaleString("en")} match), server time: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))} (goal p50 ≤ 200 ms)`,
      );
    };

    await measure("first page", {});
    await measure("rating high", { rating: "high" });
    await measure("not rated yet", { rating: "unrated" });
    await measure("overdue", { due: "overdue" });
    await measure("due in 30 days", { due: "soon" });
    await measure("country DE", { country: "DE" });
    await measure("one owner", { owner: owners[0] });
    await measure("no owner", { owner: "none" });
    await measure("monitored", { monitored: "yes" });
    await measure("not monitored", { monitored: "no" });
    await measure("flag liquidated", { flag: "liquidated" });
    await measure("case reference 'kyc-9999'", { caseReference: "kyc-9999" });
    await measure("rating high and overdue", { rating: "high", due: "overdue" });
    await measure("country FR and monitored", { country: "FR", monitored: "yes" });
    const first = await listPortfolio({});
    await measure("2nd keyset page", {}, first.next);
    const firstHigh = await listPortfolio({ rating: "high" });
    await measure("2nd keyset page of rating high", { rating: "high" }, firstHigh.next);

    const cookie = await signIn();
    for (const query of ["", "?rating=high&due=overdue"]) {
      const url = `${origin}/portfolio${query}`;
      const pages = await timed(() => fullResponseMs(url, cookie), pageRounds);
      const bytes = (await (await fetch(url, { headers: { cookie } })).arrayBuffer()).byteLength;
      console.log(
        `GET /portfolio${query} signed in, until the last byte: p50 ${ms(percentile(pages, 50))}, p99 ${ms(percentile(pages, 99))} (${Math.round(bytes / 1024)} KiB; goal p50 ≤ 200 ms)`,
      );
    }

    const { rerateAll } = await import("../lib/risk/re-rate");
    let started = performance.now();
    await seedVariedCompanyFiles(database, connectionId, entries);
    const firstRating = await rerateAll();
    await database.query("vacuum analyze portfolio_entries, company_ratings");
    console.log(
      `seeded and rated ${entries.toLocaleString("en")} more company files of every kind the rules read (${firstRating.rated.toLocaleString("en")} rated): ${ms(performance.now() - started)}`,
    );
    const version = await publishBenchModel(database, stricterModel);
    const during: number[] = [];
    let rerating = true;
    started = performance.now();
    const rerated = rerateAll().finally(() => (rerating = false));
    while (rerating) during.push(await fullResponseMs(`${origin}/portfolio`, cookie));
    const { rated, rose } = await rerated;
    const elapsed = performance.now() - started;
    during.sort((a, b) => a - b);
    console.log(
      `re-rating ${rated.toLocaleString("en")} company files after model version ${version} was published: ${(elapsed / 1000).toFixed(1)} s (goal ≤ 120 s; ${rose.toLocaleString("en")} rose and alerted)`,
    );
    console.log(
      `GET /portfolio during that re-rating, ${during.length} back to back: p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))} (goal p99 ≤ 1 s)`,
    );
  });
}

runBench(main);
