/**
 * Re-rating figures, on embedded Postgres with the committed migrations, one line each:
 *   - seeding 100,000 company files with varied sections (compliance flags, statuses, owners at varied shares and
 *     nationalities, representatives, legal forms, small ownership graphs with cycles, stand-ins and parts unexpanded)
 *   - their first rating (no portfolio entry yet: entries, ratings, and the deliveries read for earlier changes)
 *   - re-rating all of them after a model change (a new version published)                    goal ≤ 2 min
 *   - a sweep that finds nothing to do (what the app's minute sweep costs when all is rated)
 * The portfolio page's own figures, during a re-rating too, are `npm run bench:portfolio`'s.
 * Run: npm run bench:portfolio-rerate   [-- --files 100000]
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { runBench } from "./bench-app";
import { withBenchDatabase } from "./bench-database";
import { publishBenchModel, seedVariedCompanyFiles, stricterModel } from "./risk-bench-data";

const { values } = parseArgs({ options: { files: { type: "string" } } });
const files = Number(values.files ?? 100_000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  await withBenchDatabase("rerate", async (client) => {
    const connection = await client.query<{ id: string }>(
      `insert into registry_connections (name, environment, base_url, api_key_sealed, api_key_hint, webhook_secret_sealed)
       values ('Bench', 'sandbox', 'http://127.0.0.1:1', 'x', 'sk_dev_…', 'x') returning id`,
    );
    const connectionId = connection.rows[0]!.id;

    let started = performance.now();
    await seedVariedCompanyFiles(client, connectionId, files);
    console.log(
      `seeded ${files.toLocaleString("en")} company files (flags, statuses, owners, representatives, small graphs): ${seconds(performance.now() - started)}`,
    );

    const { rerateAll } = await import("../lib/risk/re-rate");

    started = performance.now();
    const first = await rerateAll();
    console.log(
      `first rating of ${first.rated.toLocaleString("en")} company files (entries created, ${first.changed.toLocaleString("en")} ratings stored): ${seconds(performance.now() - started)}`,
    );
    await client.query("vacuum analyze portfolio_entries, company_ratings");
    await publishBenchModel(client, stricterModel);
    started = performance.now();
    const again = await rerateAll();
    const elapsed = performance.now() - started;
    const ratings = await client.query<{ rating: string; n: number }>(
      `select rating, count(*)::int as n from portfolio_entries group by rating order by rating`,
    );
    console.log(
      `re-rating ${again.rated.toLocaleString("en")} company files after a model change: ${seconds(elapsed)} (goal ≤ 120 s; ${again.changed.toLocaleString("en")} new ratings, ${again.rose.toLocaleString("en")} rose and alerted; now ${ratings.rows.map((r) => `${r.n.toLocaleString("en")} ${r.rating}`).join(", ")})`,
    );

    started = performance.now();
    const idle = await rerateAll();
    console.log(`a sweep with nothing to rate (${idle.rated} rated): ${(performance.now() - started).toFixed(0)} ms`);
    const { db } = await import("../db/client");
    await (db() as unknown as { $client: pg.Pool }).$client.end();
  });
}

runBench(main);
