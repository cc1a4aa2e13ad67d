/**
 * Figures for the dossier, on a production build with embedded Postgres and the simulator:
 *   - GET /requests/<id> of a stored, complete LARGE request (500 people, 2,000-node graph), signed in:
 *     time until the whole response has arrived, p50 and p95 over 100 requests            goal p50 ≤ 300 ms
 *   - first-load JavaScript (gzip) of /requests/[id], before the Ownership tab loads its graph code   goal ≤ 250 kB
 * Run: npm run bench:dossier   (builds first if the build is stale)
 */
import { orderableDatapoints } from "../lib/pricing/quote.shared";
import { runBench, withBenchApp } from "./bench-app";
import { firstLoadJsGzip } from "./first-load-js";
import { fullResponseMs } from "./full-response-ms";
import { percentile } from "./percentile";

async function main() {
  await withBenchApp(async ({ origin, database, cookie: signIn, sim, simulatorConnectionId }) => {
    const cookie = await signIn();
    const dataPoints = [...orderableDatapoints];
    const created = (await sim("POST", "/v2/company", { id: "LARGE", countryCode: "DE", dataPoints, graphMaxBudget: 100_000 })) as {
      request: { requestId: string };
    };
    const requestId = created.request.requestId;
    await database.query(
      "insert into company_requests (request_id, connection_id, origin, country_code, company_id) values ($1, $2, 'console', 'DE', 'LARGE') on conflict (request_id) do nothing",
      [requestId, await simulatorConnectionId()],
    );
    await sim("POST", "/_sim/advance", { seconds: 600 });
    for (let i = 0; ; i++) {
      const answer = (await (await fetch(`${origin}/api/requests/${requestId}?poll=1`, { headers: { cookie } })).json()) as {
        request: { complete: boolean };
      };
      if (answer.request.complete) break;
      if (i > 100) throw new Error("The LARGE request did not complete.");
      await new Promise((r) => setTimeout(r, 200));
    }
    const [stored] = (
      await database.query<{ bytes: number }>("select octet_length(snapshot::text) as bytes from company_requests where request_id = $1", [
        requestId,
      ])
    ).rows;

    const url = `${origin}/requests/${requestId}`;
    for (let i = 0; i < 10; i++) await fullResponseMs(url, cookie); // warm-up
    const times: number[] = [];
    for (let i = 0; i < 100; i++) times.push(await fullResponseMs(url, cookie));
    times.sort((a, b) => a - b);
    console.log(
      `Dossier of LARGE (${(stored!.bytes / 1e6).toFixed(2)} MB snapshot): server response time p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over 100 requests (goal p50 ≤ 300 ms)`,
    );

    const js = await firstLoadJsGzip(origin, `/requests/${requestId}`, cookie);
    console.log(
      `first-load JS of /requests/[id]: ${(js.bytes / 1000).toFixed(1)} kB gzip in ${js.scripts} scripts, before the Ownership tab loads (goal ≤ 250 kB)`,
    );
  });
}

runBench(main);
