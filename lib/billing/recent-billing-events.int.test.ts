import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { billingEvents } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";
import { startHttpStub } from "@/test/http-stub";
import { openedRegistry } from "@/test/opened-registry";
import { storeSandboxConnection } from "@/test/stored-connection";
import { recentBillingEvents } from "./recent-billing-events";

/** The registry: a stub on 127.0.0.1 answering GET /v2/billing/notifications/recent as each test sets it. */
let stub: Awaited<ReturnType<typeof startHttpStub>>;
let registry: Registry;
let otherConnection: string;

const event = (id: string, dedupKey: string, firedAt: string) => ({
  id,
  kind: "high_usage",
  identifier: "warning",
  accountId: "acct",
  workspaceId: "ws-1",
  dedupKey,
  firedAt,
  payload: { spentCents: 600, thresholdCents: 500, periodMinutes: 60 },
  emailSent: true,
  webhookSent: true,
});

/** Stores a webhook delivery of `body` for `connectionId`, as the webhook route does. */
const deliver = (connectionId: string, body: Record<string, unknown>) =>
  db()
    .insert(billingEvents)
    .values({
      connectionId,
      messageId: `msg_${String(body.id)}_${connectionId}`,
      type: "billing.notification",
      kind: "high_usage",
      payload: body,
    });

describe("recentBillingEvents", () => {
  beforeAll(async () => {
    stub = await startHttpStub();
    registry = await openedRegistry(stub.url, "sk_dev_x");
    otherConnection = await storeSandboxConnection({ webhookSecret: "whsec_other", name: "Other" });
    const a = event("e-a", "k-a", "2026-03-01T10:00:00Z");
    await deliver(registry.connection.id, { type: "billing.notification", ...a });
    await deliver(registry.connection.id, { type: "billing.notification", ...event("e-c", "k-c", "2026-03-01T12:00:00Z") });
    // Another connection's delivery, even of the same firing, is not this connection's.
    await deliver(otherConnection, { type: "billing.notification", ...event("e-d", "k-d", "2026-03-01T13:00:00Z") });
  });
  afterAll(() => stub.close());

  it("merges the registry's events with this connection's deliveries only, asking the registry for 100", async () => {
    stub.json(200, [event("e-b", "k-b", "2026-03-01T11:00:00Z"), event("e-a", "k-a", "2026-03-01T10:00:00Z")]);
    const { events, registryError } = await recentBillingEvents(registry);
    expect(registryError).toBeUndefined();
    expect(events.map((e) => [e.id, e.seenBy])).toEqual([
      ["e-c", "webhook"],
      ["e-b", "registry"],
      ["e-a", "both"],
    ]);
    expect(stub.requests.map((r) => r.url)).toEqual(["/v2/billing/notifications/recent?limit=100"]);
  });

  it("keeps the delivered events when the registry refuses, with its error", async () => {
    stub.json(503, { statusCode: 503, error: { code: "service_unavailable", message: "Try later." } });
    const { events, registryError } = await recentBillingEvents(registry);
    expect(registryError).toMatchObject({ code: "service_unavailable", message: "Try later." });
    expect(events.map((e) => [e.id, e.seenBy])).toEqual([
      ["e-c", "webhook"],
      ["e-a", "webhook"],
    ]);
  });
});
