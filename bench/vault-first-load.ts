/**
 * Figure for the vault (issue 15): /vault first-load JavaScript, gzip, every script the HTML names, for an admin on
 * a workspace holding a list-typed entry (its replacement request form) and lacking another (its generated form),
 * with the coverage table streamed in.                                                              goal ≤ 200 kB
 * Run: npm run bench:vault-first-load (on a production build: `next build` first), which starts the app.
 */
import { runBench, withBenchApp } from "./bench-app";
import { firstLoadJsGzip } from "./first-load-js";

const goalBytes = 200_000;

async function main() {
  await withBenchApp(async ({ origin, cookie, sim }) => {
    const workspace = `bench-vault-${Date.now()}`;
    await sim("POST", "/v2/workspaces", { name: workspace, legalName: "Bench vault" });
    const payload = { email: "bench@example.com", password: "bench-pw", backupAccounts: [{ email: "b@example.com", password: "b-pw" }] };
    await sim("PUT", `/v2/workspaces/${workspace}/vault/handelsregister`, { payload });
    const { bytes, scripts } = await firstLoadJsGzip(origin, `/vault?workspace=${workspace}`, await cookie());
    console.log(
      `first-load JS of /vault: ${(bytes / 1000).toFixed(1)} kB gzip in ${scripts} scripts (goal ≤ ${goalBytes / 1000} kB) ${bytes <= goalBytes ? "OK" : "OVER"}`,
    );
  });
}

runBench(main);
