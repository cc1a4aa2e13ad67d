/**
 * Figures for finance, on a production build with embedded Postgres and the simulator, one line each:
 *   - /pricing server time, cold and warm p50, 40 countries (bench/finance-pricing.ts)      goal ≤ 2 s cold, ≤ 300 ms warm
 *   - /billing first-load JavaScript, gzip, before the chart (bench/finance-backtest.ts)    goal ≤ 220 kB
 *   - backtest of 30 days of per-request spend, 50,000 requests (bench/finance-backtest.ts) goal ≤ 200 ms
 * Run: npm run bench:finance   (builds first if the build is stale)
 */
import { benchBacktest, benchBillingFirstLoad } from "./finance-backtest";
import { pricingServerTimes } from "./finance-pricing";
import { runBench, withBenchApp } from "./bench-app";
import { signedInBrowser } from "./signed-in-browser";

async function main() {
  console.log(benchBacktest());
  await withBenchApp(async ({ origin, cookie: signIn }) => {
    const cookie = await signIn();
    const { coldMs, warmP50Ms } = await pricingServerTimes(origin, cookie);
    console.log(
      `/pricing server time, cold (40 countries read from the simulator, 6 at a time): ${coldMs.toFixed(0)} ms (goal ≤ 2,000 ms)`,
    );
    console.log(`/pricing server time, warm (prices cached): p50 ${warmP50Ms.toFixed(1)} ms (goal ≤ 300 ms)`);
    const { browser, context } = await signedInBrowser(origin, cookie);
    try {
      console.log(await benchBillingFirstLoad(origin, cookie, context));
    } finally {
      await browser.close();
    }
  });
}

runBench(main);
