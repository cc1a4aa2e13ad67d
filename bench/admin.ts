/**
 * Admin figures, on a production build with embedded Postgres and the simulator, one line each:
 *   - /workspaces first-load JavaScript, gzip (what Chromium downloads before the load event)   goal ≤ 200 kB
 *   - /vault first-load JavaScript, gzip, with a workspace chosen (the generated forms)        goal ≤ 200 kB
 * The heap canary figure is its own script (npm run bench:vault-canary: it needs --expose-gc).
 * Run: npm run bench:admin   (builds first if the build is stale)
 */
import { runBench, withBenchApp } from "./bench-app";
import { chromiumFirstLoad } from "./chromium-first-load";
import { signedInBrowser } from "./signed-in-browser";

const goalBytes = 200_000;

async function main() {
  await withBenchApp(async ({ origin, cookie: signIn }) => {
    const { browser, context } = await signedInBrowser(origin, await signIn());
    try {
      for (const path of ["/workspaces", "/vault?workspace=default"]) {
        const load = await chromiumFirstLoad(context, origin + path);
        console.log(
          `first-load JS of ${path}: ${(load.loadedBytes / 1000).toFixed(1)} kB gzip in ${load.loadedScripts} scripts before the load event ` +
            `(goal ≤ 200 kB) ${load.loadedBytes <= goalBytes ? "OK" : "OVER"}`,
        );
      }
    } finally {
      await browser.close();
    }
  });
}

runBench(main);
