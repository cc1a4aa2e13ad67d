import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, registryConnections, webhookDeliveries, webhookRejectionCounts, webhookRejections } from "@/db/schema";
import {
  deliveryStatsByConnection,
  ledgerPage,
  ledgerPageSize,
  ledgerTypes,
  rejectionsByConnection,
  requestTimeline,
  type LedgerCursor,
} from "./ledger-queries";
import type { DeliveryOutcome } from "./outcomes";
import { flushRejections, recordRejection } from "./rejections";

let alpha = "";
let beta = "";
const t0 = Date.parse("2026-03-01T10:00:00.000Z");

async function connection(name: string): Promise<string> {
  const [row] = await db()
    .insert(registryConnections)
    .values({ name, environment: "sandbox", baseUrl: "http://127.0.0.1:4010", apiKeySealed: "v1.x.x.x.x", apiKeyHint: "sk_dev_…0000" })
    .returning({ id: registryConnections.id });
  return row!.id;
}

type Row = {
  connectionId?: string;
  type?: string;
  requestId?: string | null;
  monitorId?: string | null;
  version?: number | null;
  outcome?: DeliveryOutcome;
  detail?: string;
  at: number;
  messageId?: string;
};

let seq = 0;
async function delivery(row: Row) {
  const [inserted] = await db()
    .insert(webhookDeliveries)
    .values({
      connectionId: row.connectionId ?? alpha,
      messageId: row.messageId ?? `msg_${++seq}`,
      type: row.type ?? "company.updated",
      requestId: row.requestId === undefined ? "req_1" : row.requestId,
      monitorId: row.monitorId ?? null,
      version: row.version ?? null,
      outcome: row.outcome ?? "applied",
      detail: row.detail ?? null,
      payload: row.outcome === "failed" ? { secret: "payload" } : null,
      receivedAt: new Date(row.at),
      processingMs: 1.5,
    })
    .returning({ id: webhookDeliveries.id });
  return inserted!.id;
}

describe("ledger queries", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests} cascade`);
    alpha = await connection("Alpha");
    beta = await connection("Beta");
  });

  it("counts deliveries per outcome per connection, with the last receipt", async () => {
    await delivery({ at: t0, version: 1 });
    await delivery({ at: t0 + 1000, outcome: "duplicate", messageId: "msg_1" });
    await delivery({ at: t0 + 2000, version: 1, outcome: "stale" });
    await delivery({ at: t0 + 3000, version: 2 });
    await delivery({ connectionId: beta, at: t0 + 500, type: "workspace.renamed", requestId: null, outcome: "unhandled" });
    const stats = await deliveryStatsByConnection();
    expect(stats.get(alpha)).toEqual({
      counts: { applied: 2, stale: 1, duplicate: 1, failed: 0, unhandled: 0, mismatch: 0 },
      total: 4,
      lastReceivedAt: new Date(t0 + 3000),
    });
    expect(stats.get(beta)).toEqual({
      counts: { applied: 0, stale: 0, duplicate: 0, failed: 0, unhandled: 1, mismatch: 0 },
      total: 1,
      lastReceivedAt: new Date(t0 + 500),
    });
    expect([...stats.keys()].sort()).toEqual([alpha, beta].sort());
  });

  it("lists the ledger newest first with the connection's name, and narrows it by connection, type, outcome and request id", async () => {
    await delivery({ at: t0, requestId: "req_a", version: 1 });
    await delivery({ at: t0 + 1000, requestId: "req_a", outcome: "duplicate", messageId: "msg_1" });
    await delivery({ at: t0 + 2000, type: "monitor.notification", requestId: null, monitorId: "mon_1" });
    await delivery({
      at: t0 + 3000,
      requestId: "req_b",
      version: 4,
      outcome: "stale",
      detail: "version 4 is not higher than the stored 5",
    });
    await delivery({ connectionId: beta, at: t0 + 4000, requestId: "req_a", version: 2 });

    const all = await ledgerPage({});
    expect(all.total).toBe(5);
    expect(all.entries.map((e) => [e.connectionName, e.type, e.requestId ?? e.monitorId, e.outcome])).toEqual([
      ["Beta", "company.updated", "req_a", "applied"],
      ["Alpha", "company.updated", "req_b", "stale"],
      ["Alpha", "monitor.notification", "mon_1", "applied"],
      ["Alpha", "company.updated", "req_a", "duplicate"],
      ["Alpha", "company.updated", "req_a", "applied"],
    ]);
    expect(all.entries[1]).toMatchObject({
      version: 4,
      detail: "version 4 is not higher than the stored 5",
      processingMs: 1.5,
      receivedAt: new Date(t0 + 3000),
      connectionId: alpha,
    });
    expect(all.entries[0]).not.toHaveProperty("payload");
    expect(all).not.toHaveProperty("newer");
    expect(all).not.toHaveProperty("older");

    const ids = async (filter: Parameters<typeof ledgerPage>[0]) =>
      (await ledgerPage(filter)).entries.map((e) => e.receivedAt.getTime() - t0);
    expect(await ids({ connectionId: beta })).toEqual([4000]);
    expect(await ids({ type: "monitor.notification" })).toEqual([2000]);
    expect(await ids({ outcome: "duplicate" })).toEqual([1000]);
    expect(await ids({ requestId: "req_a" })).toEqual([4000, 1000, 0]);
    expect(await ids({ requestId: "req_a", connectionId: alpha, outcome: "applied" })).toEqual([0]);
    expect(await ids({ requestId: "req_" })).toEqual([]);
    expect((await ledgerPage({ connectionId: alpha })).total).toBe(4);
    expect(await ledgerTypes()).toEqual(["company.updated", "monitor.notification"]);
  });

  it("pages through the ledger with cursors both ways, rows with the same time included, the total staying the same", async () => {
    const count = ledgerPageSize * 2 + 7;
    // Every third pair shares a timestamp, so that the order must fall back to the id.
    for (let i = 0; i < count; i++) await delivery({ at: t0 + Math.floor(i / 2) * 1000 + (i % 3 === 0 ? 0 : 1), version: i });
    await delivery({ connectionId: beta, at: t0, version: -1 });

    const versions = (page: { entries: { version: number | null }[] }) => page.entries.map((e) => e.version);
    const expected = Array.from({ length: count }, (_, i) => i).sort((a, b) => {
      const at = (i: number) => Math.floor(i / 2) * 1000 + (i % 3 === 0 ? 0 : 1);
      return at(b) - at(a) || b - a;
    });

    const seen: (number | null)[] = [];
    const pages = [];
    let cursor: LedgerCursor | undefined;
    do {
      const page = await ledgerPage({ connectionId: alpha }, cursor);
      expect(page.total).toBe(count);
      pages.push(page);
      seen.push(...versions(page));
      cursor = page.older;
    } while (cursor);
    expect(pages.map((p) => p.entries.length)).toEqual([ledgerPageSize, ledgerPageSize, 7]);
    expect(seen).toEqual(expected);
    expect(pages[0]).not.toHaveProperty("newer");
    expect(pages[2]).not.toHaveProperty("older");

    // Back from the last page: the same pages again, in the same order within each.
    const back = await ledgerPage({ connectionId: alpha }, pages[2]!.newer);
    expect(versions(back)).toEqual(versions(pages[1]!));
    expect(back.older).toEqual(pages[1]!.older);
    const first = await ledgerPage({ connectionId: alpha }, back.newer);
    expect(versions(first)).toEqual(versions(pages[0]!));
    expect(first).not.toHaveProperty("newer");
    expect(first.older).toEqual(pages[0]!.older);

    // A cursor row that has gone (pruned) yields an empty page, not an error.
    expect((await ledgerPage({}, { before: 999_999_999 })).entries).toEqual([]);
  });

  it("gives each connection its rejection total and kept reasons, newest first", async () => {
    recordRejection(db(), alpha, "No matching signature found", "msg_bad_1");
    recordRejection(db(), alpha, "Message timestamp too old", "msg_bad_2");
    recordRejection(db(), alpha, "missing svix-id header", null);
    recordRejection(db(), beta, "No matching signature found", "msg_bad_3");
    // Counted in memory, written in one batch.
    expect(await db().select().from(webhookRejections)).toEqual([]);
    await flushRejections(db());
    // The count covers rejections whose reasons were dropped (only the last 100 are kept).
    await db()
      .update(webhookRejectionCounts)
      .set({ total: 250 })
      .where(sql`${webhookRejectionCounts.connectionId} = ${alpha}`);
    const gamma = await connection("Gamma");

    const summaries = await rejectionsByConnection([alpha, beta, gamma]);
    const a = summaries.get(alpha)!;
    expect(a.total).toBe(250);
    expect(a.lastAt).toBeInstanceOf(Date);
    expect(a.recent.map((r) => [r.reason, r.messageId])).toEqual([
      ["missing svix-id header", null],
      ["Message timestamp too old", "msg_bad_2"],
      ["No matching signature found", "msg_bad_1"],
    ]);
    expect(a.recent.every((r) => r.at instanceof Date)).toBe(true);
    expect(summaries.get(beta)).toMatchObject({ total: 1, recent: [{ reason: "No matching signature found", messageId: "msg_bad_3" }] });
    expect(summaries.get(gamma)).toEqual({ total: 0, lastAt: null, recent: [] });
    expect((await rejectionsByConnection([])).size).toBe(0);
    expect(await db().select().from(webhookRejections)).toHaveLength(4);
  });

  it("shows a request's deliveries oldest first with the gap between each, across connections", async () => {
    await db()
      .insert(companyRequests)
      .values({ requestId: "req_t", origin: "elsewhere", companyName: "Acme GmbH", companyId: "HRB 1", countryCode: "DE", version: 3 });
    await delivery({ at: t0 + 2500, requestId: "req_t", version: 3 });
    await delivery({ at: t0, requestId: "req_t", version: 1 });
    await delivery({ at: t0 + 1000, requestId: "req_t", outcome: "duplicate", messageId: "msg_2" });
    await delivery({ connectionId: beta, at: t0 + 2500, requestId: "req_t", version: 2, outcome: "stale" });
    await delivery({ at: t0 + 100, requestId: "req_other", version: 1 });

    const timeline = await requestTimeline("req_t");
    expect(timeline.request).toEqual({
      requestId: "req_t",
      origin: "elsewhere",
      companyName: "Acme GmbH",
      companyId: "HRB 1",
      countryCode: "DE",
      version: 3,
      complete: false,
    });
    expect(timeline.entries.map((e) => [e.connectionName, e.version, e.outcome, e.gapMs])).toEqual([
      ["Alpha", 1, "applied", null],
      ["Alpha", null, "duplicate", 1000],
      ["Alpha", 3, "applied", 1500],
      ["Beta", 2, "stale", 0],
    ]);

    expect(await requestTimeline("req_none")).toEqual({ request: undefined, entries: [] });
  });

  it("measures gaps at the database's precision (microseconds)", async () => {
    await db()
      .execute(sql`insert into ${webhookDeliveries} (connection_id, message_id, type, request_id, outcome, received_at, processing_ms)
      values (${alpha}, 'm1', 'company.updated', 'req_us', 'applied', '2026-03-01 10:00:00.000100+00', 1),
             (${alpha}, 'm2', 'company.updated', 'req_us', 'stale', '2026-03-01 10:00:00.000350+00', 1)`);
    const { entries } = await requestTimeline("req_us");
    expect(entries[1]?.gapMs).toBeCloseTo(0.25, 6);
  });
});
