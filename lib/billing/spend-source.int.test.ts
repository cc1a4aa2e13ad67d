import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import { companyRequests } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";
import { startHttpStub } from "@/test/http-stub";
import { openedRegistry } from "@/test/opened-registry";
import { storeSandboxConnection } from "@/test/stored-connection";
import { readSpend } from "./spend-source";

/** The registry: a stub on 127.0.0.1 answering GET /v2/workspaces/usage as each test sets it. */
let stub: Awaited<ReturnType<typeof startHttpStub>>;
let registry: Registry;

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const costs = (...values: number[]) => ({
  dataPoints: Object.fromEntries(values.map((cost, i) => [`dp${i}`, { status: "success", cost }])),
});

describe("readSpend", () => {
  beforeAll(async () => {
    stub = await startHttpStub();
    registry = await openedRegistry(stub.url, "sk_dev_x");
    const other = await storeSandboxConnection({ webhookSecret: "whsec_other", name: "Other" });
    await db()
      .insert(companyRequests)
      .values([
        { requestId: "r-1", connectionId: registry.connection.id, origin: "console", dataStatus: costs(2, 0.5), createdAt: hoursAgo(5) },
        { requestId: "r-2", connectionId: registry.connection.id, origin: "console", dataStatus: costs(1), createdAt: hoursAgo(1) },
        // No charge reported yet: left out, not guessed.
        { requestId: "r-3", connectionId: registry.connection.id, origin: "console", dataStatus: {}, createdAt: hoursAgo(2) },
        // Older than 30 days, and another connection's: not this chart's.
        { requestId: "r-4", connectionId: registry.connection.id, origin: "console", dataStatus: costs(9), createdAt: hoursAgo(31 * 24) },
        { requestId: "r-5", connectionId: other, origin: "console", dataStatus: costs(7), createdAt: hoursAgo(3) },
      ]);
  });
  afterAll(() => stub.close());
  afterEach(() => vi.useRealTimers());

  it("reads the registry's usage from 30 days ago with no end date, charges ordered by time, now as late as the registry's", async () => {
    vi.useFakeTimers({ toFake: ["Date"] }); // the clock stands still: "30 days ago" is one instant
    const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
    stub.json(200, {
      startDate: "x",
      endDate: ahead,
      workspaces: [
        {
          workspaceId: "ws-1",
          name: "default",
          totalCreditCents: 700,
          requestCount: 2,
          charges: [
            { at: hoursAgo(1).toISOString(), creditCents: 500, requestId: "a" },
            { at: hoursAgo(2).toISOString(), creditCents: 200, requestId: "b" },
          ],
        },
        { workspaceId: "ws-2", name: "paris", totalCreditCents: 0, requestCount: 0 },
      ],
    });
    const spend = await readSpend(registry);
    if (spend.source !== "registry") throw new Error(`expected the registry's usage, got ${JSON.stringify(spend)}`);
    expect(spend.workspaces.map((w) => [w.workspaceId, w.totalCents, w.charges?.map((c) => c.cents)])).toEqual([
      ["ws-1", 700, [200, 500]],
      ["ws-2", 0, undefined],
    ]);
    expect(spend.nowMs).toBe(Date.parse(ahead));
    const query = new URL(stub.requests[0]!.url, "http://stub").searchParams;
    expect([...query.keys()]).toEqual(["startDate"]);
    expect(query.get("startDate")).toBe(new Date(Date.now() - 30 * 86_400_000).toISOString());
  });

  it("falls back to this connection's recorded costs of the last 30 days, in credit cents, when usage answers 404", async () => {
    stub.json(404, { statusCode: 404, error: { code: "not_found", message: "Cannot GET /v2/workspaces/usage" } });
    const spend = await readSpend(registry);
    if (spend.source !== "recorded") throw new Error(`expected the recorded costs, got ${JSON.stringify(spend)}`);
    expect(spend.missing).toMatch(/GET \/v2\/workspaces\/usage/);
    expect(spend.charges.map((c) => c.cents)).toEqual([250, 100]);
  });

  it("gives any other refusal back as the registry's error", async () => {
    stub.json(403, { statusCode: 403, error: { code: "forbidden", message: "No." } });
    expect(await readSpend(registry)).toMatchObject({ error: { code: "forbidden" } });
  });
});
