import { describe, expect, it } from "vitest";
import type { BillingEvent } from "@/lib/registry/schemas.shared";
import { mergeBillingEvents, storedAsEvent, type StoredBillingEvent } from "./merge-billing-events";

const event = (id: string, dedupKey: string, firedAt: string, extra: Partial<BillingEvent> = {}): BillingEvent => ({
  id,
  kind: "high_usage",
  identifier: "warning",
  accountId: "acct",
  workspaceId: "ws-1",
  dedupKey,
  firedAt,
  payload: { spentCents: 600, thresholdCents: 500, periodMinutes: 60 },
  emailSent: false,
  webhookSent: true,
  ...extra,
});

let rowId = 0;
/** A delivery as the webhook route stores it: the body as sent (the simulator sends the event with its `type`). */
const delivered = (body: Record<string, unknown>, receivedAt = "2026-03-01T12:00:05Z"): StoredBillingEvent => ({
  id: ++rowId,
  kind: typeof body.kind === "string" ? body.kind : null,
  payload: body,
  receivedAt: new Date(receivedAt),
});

describe("mergeBillingEvents", () => {
  it("shows an event seen by the registry and by webhook once, as seen by both, with the registry's record", () => {
    const record = event("e1", "high_usage:ws-1:warning:1", "2026-03-01T12:00:00Z");
    const merged = mergeBillingEvents([record], [delivered({ type: "billing.notification", ...record, emailSent: true })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ id: "e1", seenBy: "both", emailSent: false, webhookSent: true });
  });

  it("deduplicates by dedupKey when the ids differ", () => {
    const record = event("e1", "low_balance:warning:0", "2026-03-01T12:00:00Z", { kind: "low_balance", workspaceId: null });
    const merged = mergeBillingEvents([record], [delivered({ type: "billing.notification", ...record, id: "evt_other" })]);
    expect(merged.map((e) => [e.id, e.seenBy])).toEqual([["e1", "both"]]);
  });

  it("keeps events seen one way only, says where, and lists the newest first", () => {
    const onlyRegistry = event("e1", "k1", "2026-03-01T10:00:00Z");
    const onlyWebhook = event("e2", "k2", "2026-03-01T11:00:00Z");
    const repeated = delivered({ type: "billing.notification", ...onlyWebhook });
    const merged = mergeBillingEvents([onlyRegistry], [delivered({ type: "billing.notification", ...onlyWebhook }), repeated]);
    expect(merged.map((e) => [e.id, e.seenBy])).toEqual([
      ["e2", "webhook"],
      ["e1", "registry"],
    ]);
  });

  it("reads an event wrapped in `data`, and keeps a delivery that is no event record whole", () => {
    const wrapped = delivered({ type: "billing.notification", data: event("e3", "k3", "2026-03-01T09:00:00Z") });
    expect(storedAsEvent(wrapped)).toMatchObject({ id: "e3", dedupKey: "k3", seenBy: "webhook" });

    const odd = delivered({ type: "billing.notification", kind: "low_balance", balance: 12 }, "2026-03-02T08:00:00Z");
    expect(storedAsEvent(odd)).toEqual({
      id: `webhook:${odd.id}`,
      kind: "low_balance",
      identifier: "",
      workspaceId: null,
      dedupKey: null,
      firedAt: "2026-03-02T08:00:00.000Z",
      payload: odd.payload,
      emailSent: null,
      webhookSent: null,
      seenBy: "webhook",
    });
    // Two such deliveries are two rows: nothing says they are the same firing.
    expect(mergeBillingEvents([], [odd, delivered({ ...odd.payload })])).toHaveLength(2);
  });

  it("is empty when both sources are", () => {
    expect(mergeBillingEvents([], [])).toEqual([]);
  });
});
