/**
 * Figures for the evidence pack, on a production build with embedded Postgres and the simulator, one line each:
 *   - the pack of LARGE (500 people, 2,000-node graph): download time, and the app process's peak RSS growth
 *                                                                                   goal ≤ 10 s, ≤ 300 MB
 *   - the pack of a typical company (HRB 86891, with its documents): p50 of 5 downloads   goal ≤ 1.5 s
 * Peak RSS is the kernel's high-water mark (VmHWM) of the process listening on the app's port, reset just before
 * the download (/proc/<pid>/clear_refs), less its resident size then.
 * Run: npm run bench:evidence-pack   (builds first if the build is stale)
 */
import { writeFileSync } from "node:fs";
import { orderableDatapoints } from "../lib/pricing/quote.shared";
import { runBench, withBenchApp, type BenchApp } from "./bench-app";
import { percentile } from "./percentile";
import { listeningPid } from "./process-cpu";
import { statusKb } from "./process-memory";

type Answer = { request: { requestId: string } };

/** Orders a company with every datapoint and up to three of its documents, as the console does, and waits until it is stored complete. */
async function completeRequest(app: BenchApp, id: string): Promise<string> {
  const listing = (await app.sim("POST", "/v2/company", { id, countryCode: "DE", dataPoints: ["availableDocuments"] })) as Answer;
  await app.sim("POST", "/_sim/advance", { seconds: 60 });
  const available =
    ((await app.sim("GET", `/v2/company/${listing.request.requestId}`)) as { availableDocuments?: { id: string }[] }).availableDocuments ??
    [];
  const created = (await app.sim("POST", "/v2/company", {
    id,
    countryCode: "DE",
    dataPoints: [...orderableDatapoints],
    documents: available.slice(0, 3).map((d) => d.id),
    graphMaxBudget: 10_000,
  })) as Answer;
  const requestId = created.request.requestId;
  await app.database.query(
    "insert into company_requests (request_id, connection_id, origin, country_code, company_id) values ($1, $2, 'console', 'DE', $3) on conflict do nothing",
    [requestId, await app.simulatorConnectionId(), id],
  );
  for (let i = 0; i < 120; i++) {
    await app.sim("POST", "/_sim/advance", { seconds: 120 });
    const { rows } = await app.database.query<{ complete: boolean }>("select complete from company_requests where request_id = $1", [
      requestId,
    ]);
    if (rows[0]?.complete) return requestId;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The request for ${id} did not complete in a minute.`);
}

async function download(app: BenchApp, requestId: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${app.origin}/api/requests/${requestId}/evidence`, { headers: { cookie } });
  if (!response.ok) throw new Error(`Export answered ${response.status}: ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
}

async function main() {
  await withBenchApp(async (app) => {
    const cookie = await app.cookie();
    const pid = listeningPid(Number(new URL(app.origin).port));
    const typical = await completeRequest(app, "HRB 86891");
    const large = await completeRequest(app, "LARGE");

    await download(app, typical, cookie); // warm: the route's code and the fonts are loaded once per process
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push((await download(app, typical, cookie)).ms);
    console.log(
      `Evidence pack of a typical company (HRB 86891, 3 documents): p50 ${percentile(
        [...times].sort((a, b) => a - b),
        50,
      ).toFixed(0)} ms over 5 (goal ≤ 1,500 ms)`,
    );

    const before = statusKb(pid, "VmRSS");
    writeFileSync(`/proc/${pid}/clear_refs`, "5"); // resets VmHWM to the current RSS
    const { ms, bytes } = await download(app, large, cookie);
    const growthMb = (statusKb(pid, "VmHWM") - before) / 1024;
    console.log(
      `Evidence pack of LARGE (500 people, 2,000-node graph, ${(bytes / 1e6).toFixed(1)} MB): ${(ms / 1000).toFixed(2)} s (goal ≤ 10 s)`,
    );
    console.log(`Evidence pack of LARGE: peak RSS growth of the app process ${growthMb.toFixed(0)} MB (goal ≤ 300 MB)`);
  });
}

runBench(main);
