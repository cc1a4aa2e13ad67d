import "server-only";
import { billingEventSchema, type BillingEvent } from "@/lib/registry/schemas.shared";

/**
 * The recent billing events as the page lists them: the registry's `GET /v2/billing/notifications/recent` merged
 * with the billing events the webhook route stored, newest first. One firing seen both ways shows once: the same
 * `id`, or the same `dedupKey` (the registry's "one fire per threshold per period" key), is one event, and
 * `seenBy` says where it was seen. The registry's record wins where both have one. Pure.
 */
export type SeenBy = "registry" | "webhook" | "both";

export type MergedBillingEvent = {
  /** The registry's event id; for a stored delivery that is not an event record, `webhook:<row id>`. */
  id: string;
  kind: string;
  identifier: string;
  workspaceId: string | null;
  dedupKey: string | null;
  firedAt: string;
  payload: Record<string, unknown>;
  /** Null when the delivery did not say. */
  emailSent: boolean | null;
  webhookSent: boolean | null;
  seenBy: SeenBy;
};

/** A row of `billing_events`: `payload` is the webhook's body as sent. */
export type StoredBillingEvent = { id: number; kind: string | null; payload: Record<string, unknown>; receivedAt: Date };

const fromRecord = (event: BillingEvent, seenBy: SeenBy): MergedBillingEvent => ({
  id: event.id,
  kind: event.kind,
  identifier: event.identifier,
  workspaceId: event.workspaceId ?? null,
  dedupKey: event.dedupKey,
  firedAt: event.firedAt,
  payload: event.payload,
  emailSent: event.emailSent,
  webhookSent: event.webhookSent,
  seenBy,
});

/**
 * A stored delivery as an event. The webhook payload's shape is not in the spec: the body itself, or its `data`,
 * is read as an event record; anything else is kept whole (its raw JSON is what the page shows).
 */
export function storedAsEvent(row: StoredBillingEvent): MergedBillingEvent {
  for (const candidate of [row.payload, row.payload.data]) {
    const parsed = billingEventSchema.safeParse(candidate);
    if (parsed.success) return fromRecord(parsed.data, "webhook");
  }
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    id: `webhook:${row.id}`,
    kind: row.kind ?? text(row.payload.kind) ?? "unknown",
    identifier: text(row.payload.identifier) ?? "",
    workspaceId: text(row.payload.workspaceId) ?? null,
    dedupKey: null,
    firedAt: text(row.payload.firedAt) ?? row.receivedAt.toISOString(),
    payload: row.payload,
    emailSent: null,
    webhookSent: null,
    seenBy: "webhook",
  };
}

const firedAtMs = (event: MergedBillingEvent) => {
  const ms = Date.parse(event.firedAt);
  return Number.isNaN(ms) ? 0 : ms;
};

export function mergeBillingEvents(fromRegistry: readonly BillingEvent[], stored: readonly StoredBillingEvent[]): MergedBillingEvent[] {
  const merged: MergedBillingEvent[] = [];
  const byId = new Map<string, MergedBillingEvent>();
  const byDedupKey = new Map<string, MergedBillingEvent>();
  const add = (event: MergedBillingEvent) => {
    const known = byId.get(event.id) ?? (event.dedupKey === null ? undefined : byDedupKey.get(event.dedupKey));
    if (known) {
      if (known.seenBy !== event.seenBy) known.seenBy = "both";
      return;
    }
    merged.push(event);
    byId.set(event.id, event);
    if (event.dedupKey !== null) byDedupKey.set(event.dedupKey, event);
  };
  for (const event of fromRegistry) add(fromRecord(event, "registry"));
  for (const row of stored) add(storedAsEvent(row));
  return merged.sort((a, b) => firedAtMs(b) - firedAtMs(a));
}
