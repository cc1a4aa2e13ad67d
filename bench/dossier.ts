/**
 * Figures for the dossier, on a production build with embedded Postgres and the simulator:
 *   - GET /requests/<id> of a stored, complete LARGE request (500 people, 2,000-node graph), signed in:
 *     time until the whole response has arrived, p50 and p95 over 100 requests            goal p50 ≤ 300 ms
 *   - first-load JavaScript (gzip) of /requests/[id], before the Ownership tab loads its graph code   goal ≤ 250 kB
 * Run: npm run bench:dossier   (builds first if the build is stale)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl, startLauncher, tempDataDir } from "../scripts/launcher-process";
import { freePort } from "../scripts/ports";
import { firstLoadJsGzip } from "./first-load-js";
import { fullResponseMs } from "./full-response-ms";
import { signInCookie } from "./sign-in-session";
import { percentile } from "./percentile";

const email = "bench@registry-desk.test";
const password = "bench-password-123";

async function main() {
  const data = tempDataDir("registry-desk-bench-");
  const [port, pgPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const simOrigin = `http://127.0.0.1:${simPort}`;
  const launcher = startLauncher({
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    SIM_PORT: String(simPort),
    DATA_DIR: data.dir,
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
  });
  let database: pg.Client | undefined;
  try {
    await launcher.waitFor(/is ready at/, 600_000);
    database = new pg.Client({ connectionString: embeddedDatabaseUrl(data.dir, pgPort) });
    await database.connect();
    await database.query("update users set must_change_password = false where email = $1", [email]);
    const cookie = await signInCookie(origin, email, password);

    const key = readFileSync(path.join(data.dir, "simulator-api-key"), "utf8").trim();
    const sim = async (method: string, route: string, body?: unknown) =>
      (
        await fetch(simOrigin + route, {
          method,
          headers: { "x-api-key": key, ...(body !== undefined && { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json();
    const dataPoints = [
      "company",
      "legalRepresentatives",
      "otherKeyPersons",
      "establishments",
      "ultimateBeneficialOwners",
      "shareholders",
      "subsidiaries",
      "graph",
      "availableDocuments",
    ];
    const created = await sim("POST", "/v2/company", { id: "LARGE", countryCode: "DE", dataPoints, graphMaxBudget: 100_000 });
    const requestId = created.request.requestId as string;
    const { rows } = await database.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'");
    await database.query(
      "insert into company_requests (request_id, connection_id, origin, country_code, company_id) values ($1, $2, 'console', 'DE', 'LARGE') on conflict (request_id) do nothing",
      [requestId, rows[0]!.id],
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
  } finally {
    await database?.end();
    await launcher.stop("SIGINT");
    data.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
