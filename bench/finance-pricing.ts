/**
 * The /pricing figure, on a production build with embedded Postgres and the simulator:
 *   - GET /pricing (the whole matrix: 40 countries × datapoints × modes), signed in, time until the last byte:
 *     cold (the first render, its prices not yet cached)                                         goal ≤ 2,000 ms
 *     warm p50 (every price cached, as for 10 minutes after any render)                          goal ≤ 300 ms
 *
 * "Cold" is the first /pricing this function asks for: it is cold only on an app whose pricing cache is empty for
 * the session's connection (just started, or a new connection), as main() arranges. The app and this client share
 * the machine over loopback, so the time is the server's render plus a local round trip.
 * Run: npm run bench:finance (bench/finance.ts), which starts the app and prints every finance figure.
 */
import { fullResponseMs } from "./full-response-ms";
import { percentile } from "./percentile";

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
