/**
 * Figures for the foundation issue, on a production build with embedded Postgres:
 *   - second `npm start` (build and data present) until the sign-in page answers   goal ≤ 10 s
 *   - sign-in page time to first byte, p50 and p99 over 200 requests              goal p50 ≤ 50 ms
 *   - first-load JavaScript (gzip) of /login and of the console home               goal ≤ 180 kB each
 * Run: npm run bench:foundation   (builds first if the build is stale)
 */
import http from "node:http";
import { freePort } from "../scripts/ports";
import { startLauncher, tempDataDir } from "../scripts/launcher-process";
import { firstLoadJsGzip } from "./first-load-js";
import { signInCookie } from "./sign-in-session";
import { percentile } from "./percentile";

const email = "bench@registry-desk.test";
const password = "bench-password-123";

function ttfb(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    http
      .get(url, (res) => {
        const first = Number(process.hrtime.bigint() - start) / 1e6;
        res.resume();
        res.on("end", () => resolve(first));
      })
      .on("error", reject);
  });
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

async function main() {
  const data = tempDataDir("registry-desk-bench-");
  const [port, pgPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    SIM_PORT: String(simPort),
    DATA_DIR: data.dir,
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    const first = startLauncher(env);
    await first.waitFor(/is ready at/, 600_000);
    await first.stop("SIGINT");

    const t0 = performance.now();
    const second = startLauncher(env);
    for (;;) {
      const status = await fetch(`${origin}/login`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const startSeconds = (performance.now() - t0) / 1000;
    console.log(`second npm start until the sign-in page answers: ${startSeconds.toFixed(2)} s (goal ≤ 10 s)`);

    for (let i = 0; i < 20; i++) await ttfb(`${origin}/login`); // warm-up
    const times: number[] = [];
    for (let i = 0; i < 200; i++) times.push(await ttfb(`${origin}/login`));
    times.sort((a, b) => a - b);
    console.log(
      `sign-in page TTFB over 200 requests: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (goal p50 ≤ 50 ms)`,
    );

    const login = await firstLoadJsGzip(origin, "/login");
    console.log(
      `first-load JS of /login: ${kB(login.bytes)} kB gzip in ${login.scripts} scripts (goal ≤ 180 kB; an empty App Router page is about 135 kB)`,
    );
    const cookie = await signInCookie(origin, email, password);
    const home = await firstLoadJsGzip(origin, "/", cookie);
    console.log(`first-load JS of the console home: ${kB(home.bytes)} kB gzip in ${home.scripts} scripts (goal ≤ 180 kB)`);
    await second.stop("SIGINT");
  } finally {
    data.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
