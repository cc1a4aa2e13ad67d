/**
 * The /pricing figure, on a production build with embedded Postgres and the simulator:
 *   - GET /pricing (the whole matrix: 40 countries × datapoints × modes), signed in, time until the last byte:
 *     cold (the first render, its prices not yet cached)                                         goal ≤ 2,000 ms
 *     warm p50 (every price cached, as for 10 minutes after any render)                          goal ≤ 300 ms
 *
 * "Cold" is the first /pricing this function asks for: it is cold only on an app whose pricing cache is empty for
 * the session's connection (just started, or a new connection), as main() arranges. The app and this client share
 * the machine over loopback, so the time is the server's render plus a local round trip.
 * Run: npx tsx bench/finance-pricing.ts   (builds first if the build is stale)
 */
import { pathToFileURL } from "node:url";
import pg from "pg";
import { embeddedDatabaseUrl, startLauncher, tempDataDir } from "../scripts/launcher-process";
import { freePort } from "../scripts/ports";
import { fullResponseMs } from "./full-response-ms";
import { percentile } from "./percentile";
import { signInCookie } from "./sign-in-session";

const warmUps = 3;
const warmRounds = 30;

/** The cold render of /pricing, then the median of `warmRounds` warm ones (after a few untimed). */
export async function pricingServerTimes(baseUrl: string, cookie: string): Promise<{ coldMs: number; warmP50Ms: number }> {
  const url = `${baseUrl}/pricing`;
  const coldMs = await fullResponseMs(url, cookie);
  for (let i = 0; i < warmUps; i++) await fullResponseMs(url, cookie);
  const warm: number[] = [];
  for (let i = 0; i < warmRounds; i++) warm.push(await fullResponseMs(url, cookie));
  warm.sort((a, b) => a - b);
  return { coldMs, warmP50Ms: percentile(warm, 50) };
}

const email = "bench@registry-desk.test";
const password = "bench-password-123";

async function main() {
  const data = tempDataDir("registry-desk-bench-pricing-");
  const [port, pgPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const launcher = startLauncher({
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    SIM_PORT: String(simPort),
    DATA_DIR: data.dir,
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
  });
  try {
    await launcher.waitFor(/is ready at/, 600_000);
    const database = new pg.Client({ connectionString: embeddedDatabaseUrl(data.dir, pgPort) });
    await database.connect();
    await database.query("update users set must_change_password = false where email = $1", [email]);
    await database.end();
    const cookie = await signInCookie(origin, email, password);
    const { coldMs, warmP50Ms } = await pricingServerTimes(origin, cookie);
    console.log(
      `/pricing server time, cold (40 countries read from the simulator, 6 at a time): ${coldMs.toFixed(0)} ms (goal ≤ 2,000 ms)`,
    );
    console.log(`/pricing server time, warm (prices cached): p50 ${warmP50Ms.toFixed(1)} ms over ${warmRounds} renders (goal ≤ 300 ms)`);
  } finally {
    await launcher.stop("SIGINT");
    data.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
