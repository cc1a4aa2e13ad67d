/**
 * Figure for the simulator's webhook sender: deliveries per second to a null receiver (node:http answering
 * 204 at once), 5,000 messages of about 2 kB JSON, from the first enqueue until every one is delivered.
 * Goal ≥ 1,000 deliveries/s.
 * Run: npx tsx bench/webhook-sender.ts
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DeliveryQueue } from "../simulator/webhooks/delivery-queue";
import { generateSigningSecret } from "../simulator/webhooks/sign";

const N = 5_000;

function payload(seq: number): Record<string, unknown> {
  return {
    request: { requestId: `req_${seq}`, version: seq, dataStatus: { company: "succeeded", shareholders: "in_progress" } },
    company: {
      id: `HRB ${100000 + seq}`,
      countryCode: "DE",
      legalName: "Müller Maschinenbau GmbH",
      address: { street: "Hauptstraße 1", city: "München", postalCode: "80331", country: "DE" },
    },
    legalRepresentatives: Array.from({ length: 12 }, (_, i) => ({
      name: `Representative ${i}`,
      role: "Geschäftsführer",
      since: "2019-01-01",
    })),
    shareholders: Array.from({ length: 12 }, (_, i) => ({ name: `Holding ${i} AG`, percentage: 12.5, countryCode: "DE" })),
  };
}

async function main() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const secret = generateSigningSecret();
  const queue = new DeliveryQueue({ endpoint: () => url, secret: () => secret, now: () => new Date() });

  const payloads = Array.from({ length: N }, (_, i) => payload(i));
  const bodyBytes = Buffer.byteLength(JSON.stringify({ type: "company.updated", ...payloads[0] }));
  const started = performance.now();
  for (const p of payloads) queue.enqueue("company.updated", p);
  await queue.drain();
  const seconds = (performance.now() - started) / 1000;

  const stats = queue.stats();
  if (stats.delivered !== N) throw new Error(`only ${stats.delivered} of ${N} delivered`);
  await queue.close();
  server.closeAllConnections();
  server.close();
  console.error(`(${N} messages of ${bodyBytes} bytes in ${seconds.toFixed(2)} s)`);
  console.log(`webhook sending to a null receiver: ${Math.round(N / seconds)} deliveries/s (goal ≥ 1,000)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
