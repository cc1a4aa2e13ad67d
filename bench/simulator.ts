/**
 * Figures for the simulator:
 *   - search JSON p50 and p99 over 1,000 calls                  goal p50 ≤ 5 ms
 *   - generating `LARGE` end to end (data and snapshot)          goal ≤ 50 ms
 * (webhook sending to a null receiver: bench/webhook-sender.ts)
 * Run: npm run bench:simulator
 */
import { companyData, forgetCompanyData } from "../simulator/company-data";
import { initialState } from "../simulator/state";
import { startTestSimulator } from "../simulator/test-harness";
import { percentile } from "./percentile";

async function main() {
  const sim = await startTestSimulator();
  try {
    const queries = ["Société Générale", "552100554", "Berlin HRB 12345", "Holding", "Acme"];
    for (let i = 0; i < 100; i++) await sim.call("GET", `/v2/search?country=FR&query=${encodeURIComponent(queries[i % queries.length]!)}`);
    const times: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t = performance.now();
      const answer = await sim.call(
        "GET",
        `/v2/search?country=${i % 2 ? "FR" : "DE"}&query=${encodeURIComponent(queries[i % queries.length]!)}`,
      );
      times.push(performance.now() - t);
      if (answer.status !== 200) throw new Error(`search answered ${answer.status}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `simulator search JSON over 1,000 calls: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms (goal p50 ≤ 5 ms)`,
    );
  } finally {
    await sim.close();
  }

  const state = initialState(1000);
  const runs: number[] = [];
  for (let i = 0; i < 7; i++) {
    forgetCompanyData();
    const t = performance.now();
    const data = companyData(state, "DE", "LARGE");
    JSON.stringify(data.sections);
    runs.push(performance.now() - t);
  }
  runs.sort((a, b) => a - b);
  console.log(`generating LARGE (500 people, 2,000-node graph) end to end: median ${runs[3]!.toFixed(1)} ms over 7 (goal ≤ 50 ms)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
