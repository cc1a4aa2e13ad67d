/**
 * Figures for the registry client (lib/registry/client.ts):
 *   - client overhead over a raw fetch to a loopback server, median of 1,000 calls     goal ≤ +1 ms
 *   - validation of a large company response (500 people, a 2,000-node graph)         goal ≤ 20 ms
 * Run: npm run bench:registry-client
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRegistryClient } from "../lib/registry/client";
import { companyResponseSchema } from "../lib/registry/schemas.shared";
import { largeCompanyResponse } from "./large-company-response";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const body = JSON.stringify({
    monitors: [{ id: "m1", companyId: "552100554", countryCode: "FR", companyName: "Acme", metadata: {} }],
    total: 1,
    hasNextPage: false,
  });
  const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createRegistryClient({ baseUrl: base, apiKey: "sk_dev_bench" });

  const raw = async () =>
    (await fetch(`${base}/v2/monitors?first=1`, { headers: { "x-api-key": "sk_dev_bench", accept: "application/json" } })).json();
  const typed = () => client.listMonitors({ first: 1 });
  for (let i = 0; i < 200; i++) await Promise.all([raw(), typed()]);
  const rawTimes: number[] = [];
  const clientTimes: number[] = [];
  for (let i = 0; i < 1000; i++) {
    // Interleaved, so both see the same machine state.
    let t = performance.now();
    await raw();
    rawTimes.push(performance.now() - t);
    t = performance.now();
    await typed();
    clientTimes.push(performance.now() - t);
  }
  server.close();
  const [r, c] = [median(rawTimes), median(clientTimes)];
  console.log(
    `client overhead over raw fetch, median of 1,000 calls: +${(c - r).toFixed(3)} ms (client ${c.toFixed(3)} ms / raw ${r.toFixed(3)} ms = ${(c / r).toFixed(2)}×; goal ≤ +1 ms)`,
  );

  const large = largeCompanyResponse();
  const bytes = JSON.stringify(large).length;
  for (let i = 0; i < 5; i++) companyResponseSchema.parse(large);
  const parseTimes: number[] = [];
  for (let i = 0; i < 30; i++) {
    const copy = JSON.parse(JSON.stringify(large));
    const t = performance.now();
    companyResponseSchema.parse(copy);
    parseTimes.push(performance.now() - t);
  }
  console.log(
    `validation of a large company response (500 people, 2,000-node graph, ${(bytes / 1e6).toFixed(1)} MB): median ${median(parseTimes).toFixed(1)} ms over 30 (goal ≤ 20 ms)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
