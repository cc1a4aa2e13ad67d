/** Load generation for bench/webhooks.ts: 20 kB signed `company.updated` deliveries over keep-alive HTTP. */
import http from "node:http";
import { generateMessageId, webhookHeaders } from "../simulator/webhooks/sign";
import { percentile } from "./percentile";

export type Delivery = { id: string; requestId: string; version: number; body: string };

/** A `company.updated` snapshot of about `bytes` bytes (shareholders pad it out, as on a real large company). */
export function snapshotBody(requestId: string, version: number, bytes = 20_000): string {
  const shareholders: unknown[] = [];
  const event = {
    type: "company.updated",
    request: {
      requestId,
      version,
      companyId: "HRB 86891",
      countryCode: "DE",
      dataPoints: ["company", "shareholders"],
      dataStatus: { dataPoints: { company: { status: "succeeded" }, shareholders: { status: "succeeded" } }, documents: {} },
    },
    company: { legalName: `Bench Holding GmbH (${requestId} v${version})` },
    shareholders,
  };
  let body = JSON.stringify(event);
  for (let i = 0; body.length < bytes; i++) {
    shareholders.push({
      entityId: `p-${i}`,
      type: "individual",
      individual: { name: { fullName: `Shareholder Number ${i} Example` }, nationality: "DE" },
      sharePercentage: 0.5,
      numberOfShares: 100 + i,
      source: "Handelsregister",
    });
    if (i % 20 === 0) body = JSON.stringify(event);
  }
  return JSON.stringify(event);
}

/** `requests` requests with `versions` snapshots each, every delivery its own message id. */
export function deliveries(prefix: string, requests: number, versions: number): Delivery[] {
  const out: Delivery[] = [];
  for (let r = 0; r < requests; r++) {
    for (let v = 1; v <= versions; v++) {
      const requestId = `req_${prefix}_${r}`;
      out.push({ id: generateMessageId(), requestId, version: v, body: snapshotBody(requestId, v) });
    }
  }
  return out;
}

export function shuffle<T>(items: T[], seed = 42): T[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * Signs (fresh timestamp) and posts one delivery; resolves with the status and the time to the full answer.
 * A kept-alive connection the server closed just as it was reused is retried once on a new one (as browsers
 * do; deliveries are idempotent by their message id). Any other connection error resolves as status 0, counted
 * like any other status, rather than rejecting while the caller is still sending (an unhandled rejection would
 * end the bench mid-run).
 */
export function post(
  url: string,
  secret: string,
  delivery: Delivery,
  retried = false,
): Promise<{ status: number; ms: number; body: string }> {
  const headers = webhookHeaders(secret, delivery.id, Math.floor(Date.now() / 1000), delivery.body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      url,
      { method: "POST", agent, headers: { ...headers, "content-length": Buffer.byteLength(delivery.body) } },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
        res.on("error", (error) => resolve({ status: 0, ms: performance.now() - started, body: String(error) }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === "ECONNRESET" && !retried) {
        resolve(post(url, secret, delivery, true).then((answer) => ({ ...answer, ms: performance.now() - started })));
      } else {
        resolve({ status: 0, ms: performance.now() - started, body: String(error) });
      }
    });
    req.end(delivery.body);
  });
}

/** As fast as `concurrency` connections allow: deliveries per second, and every status seen. */
export async function maxThroughput(url: string, secret: string, items: Delivery[], concurrency = 32) {
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const { status } = await post(url, secret, items[next++]!);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { perSecond: items.length / ((performance.now() - started) / 1000), statuses };
}

/** An open-loop steady rate: each delivery leaves at its scheduled time whatever the previous ones do. */
export async function steadyRate(url: string, secret: string, items: Delivery[], perSecond: number) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < items.length; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      post(url, secret, items[i]!).then(({ status, ms }) => {
        times.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(pending);
  times.sort((a, b) => a - b);
  const achieved = items.length / ((performance.now() - started) / 1000);
  return { p50: percentile(times, 50), p99: percentile(times, 99), achieved, statuses };
}

export const describeStatuses = (statuses: Map<number, number>) => [...statuses].map(([s, n]) => `${s}×${n}`).join(" ");
