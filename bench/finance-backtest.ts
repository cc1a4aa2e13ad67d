/**
 * Figures for /billing's events, spend and backtest (bench/finance.ts calls the exported functions):
 *   - backtest of 30 days of per-request spend, 50,000 requests (refunds among them), five tiers, p50 and max of
 *     several runs, twice: the replay alone (lib/billing/backtest.ts over ordered charges), and from the usage
 *     report's JSON text as the registry sends it (parsed with the contract's schema, turned into ordered charges,
 *     replayed: what GET /api/billing/backtest does after the registry answered)                   goal ≤ 200 ms
 *   - first-load JavaScript of /billing: every script Chromium downloaded before the load event, gzip-compressed
 *     (and the scripts the HTML names, as bench/first-load-js.ts counts them). The spend chart is SVG rendered on
 *     the server, so no chart code is among them, or loads later                                    goal ≤ 220 kB
 * Run: npm run bench:finance (bench/finance.ts), which starts the app and prints every finance figure.
 */
import os from "node:os";
import type { BrowserContext } from "@playwright/test";
import { backtest, type BacktestDraft } from "../lib/billing/backtest";
import { usageCharges } from "../lib/billing/usage-charges";
import { workspaceUsageSchema } from "../lib/registry/schemas.shared";
import { chromiumFirstLoad } from "./chromium-first-load";
import { firstLoadJsGzip } from "./first-load-js";
import { percentile } from "./percentile";

const requests = 50_000;
const dayMs = 86_400_000;
const draft: BacktestDraft = {
  enabled: true,
  periodMinutes: 60,
  tiers: [
    { tier: "notice", cents: 20_000 },
    { tier: "warning", cents: 50_000 },
    { tier: "high", cents: 100_000 },
    { tier: "critical", cents: 150_000 },
    { tier: "extreme", cents: 200_000 },
  ],
};

/** A deterministic pseudo-random sequence (mulberry32), so every run replays the same spend. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The usage report of one workspace with 50,000 requests over 30 days, as JSON text: bursts in working hours, a
 * price of 0.50 to 6.00 credits each (in credit cents), one in fifty refunded a minute later.
 */
export function usageReportText(count = requests): string {
  const next = random(14);
  const end = Date.parse("2026-03-31T00:00:00Z");
  const start = end - 30 * dayMs;
  const times = Array.from({ length: count }, () => {
    const day = Math.floor(next() * 30);
    const hour = 8 + Math.floor(next() * next() * 12); // most between 8:00 and 12:00
    return start + day * dayMs + hour * 3_600_000 + Math.floor(next() * 3_600_000);
  }).sort((a, b) => a - b);
  const charges = times.flatMap((at, i) => {
    const creditCents = (5 + Math.floor(next() * 56)) * 10;
    const charge = { at: new Date(at).toISOString(), creditCents, requestId: `req_${i}` };
    return next() < 0.02 ? [charge, { ...charge, at: new Date(at + 60_000).toISOString(), creditCents: -creditCents }] : [charge];
  });
  const total = charges.reduce((sum, c) => sum + c.creditCents, 0);
  return JSON.stringify({
    startDate: new Date(start).toISOString(),
    endDate: new Date(end).toISOString(),
    workspaces: [{ workspaceId: "ws-bench", name: "bench", totalCreditCents: total, requestCount: count, charges }],
  });
}

function timed(run: () => unknown, runs: number): number[] {
  for (let i = 0; i < 3; i++) run(); // warm-up, unmeasured
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** The backtest figure: one line, the replay alone and from the report's JSON. */
export function benchBacktest(runs = 20): string {
  const text = usageReportText();
  const fromReport = () => backtest(usageCharges(workspaceUsageSchema.parse(JSON.parse(text)).workspaces[0]!)!, draft);
  const charges = usageCharges(workspaceUsageSchema.parse(JSON.parse(text)).workspaces[0]!)!;
  const fires = backtest(charges, draft).tiers.map((t) => `${t.tier} ${t.fires}`);
  const replay = timed(() => backtest(charges, draft), runs);
  const whole = timed(fromReport, runs);
  const worst = Math.max(replay.at(-1)!, whole.at(-1)!);
  return (
    `backtest of 30 days, ${requests.toLocaleString("en")} requests (${charges.length.toLocaleString("en")} charges with refunds), ` +
    `5 tiers, 60-minute window, over ${runs} runs: replay p50 ${percentile(replay, 50).toFixed(1)} ms, max ${replay.at(-1)!.toFixed(1)} ms; ` +
    `from the usage report's JSON (${(text.length / 1e6).toFixed(1)} MB: parse, contract schema, order, replay) p50 ${percentile(whole, 50).toFixed(1)} ms, ` +
    `max ${whole.at(-1)!.toFixed(1)} ms (fires: ${fires.join(", ")}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores) ` +
    `(goal ≤ 200 ms) ${worst <= 200 ? "OK" : "OVER"}`
  );
}

/**
 * First-load JavaScript of /billing in a signed-in Chromium context: the scripts downloaded before the load event,
 * gzip-compressed; then whether any further script arrives in the next two seconds (a chart loaded lazily would).
 */
export async function benchBillingFirstLoad(origin: string, cookie: string, context: BrowserContext): Promise<string> {
  const named = await firstLoadJsGzip(origin, "/billing", cookie);
  const load = await chromiumFirstLoad(context, `${origin}/billing`, async (page) => {
    await page.getByRole("heading", { name: "Spend over time" }).waitFor();
    await page.waitForTimeout(2_000);
  });
  return (
    `first-load JS of /billing: ${(load.loadedBytes / 1000).toFixed(1)} kB gzip in ${load.loadedScripts} scripts Chromium loaded before the load event ` +
    `(${(named.bytes / 1000).toFixed(1)} kB in the ${named.scripts} scripts the HTML names); ` +
    `${load.laterScripts} scripts (${(load.laterBytes / 1000).toFixed(1)} kB) after it: the spend chart is server-rendered SVG (goal ≤ 220 kB) ` +
    `${load.loadedBytes <= 220_000 ? "OK" : "OVER"}`
  );
}
