import "server-only";
import { and, lt, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "@/db/client";
import { SecretKeyError } from "@/lib/crypto";
import { alerts, billingEvents, webhookDeliveries } from "@/db/schema";
import { liveTopics } from "@/lib/live/topics";
import { liveEventsCtes } from "@/lib/live/publish";
import { storeSnapshot, type StoreSnapshotResult } from "@/lib/requests/store-snapshot";
import { classifyEvent, type ClassifiedEvent } from "./classify-event";
import type { DeliveryOutcome } from "./outcomes";
import { recordRejection } from "./rejections";
import { ledgerRetentionMs, pruneIntervalMs } from "./retention";
import { signingSecrets } from "./signing-secrets";
import { postgresDataError, storableText } from "./storable";
import { verifyWebhook } from "./verify";

export type ReceiveInput = {
  connectionId: string;
  /** The body exactly as received (bytes, or their UTF-8 text): the signature covers these bytes. */
  rawBody: string | Uint8Array;
  headers: Headers;
  /** `performance.now()` when the request arrived, for the ledger's processing time. */
  arrivedAt: number;
};

export type ReceiveResult = {
  status: 200 | 401 | 404 | 503;
  body: { outcome: DeliveryOutcome } | { error: { code: string; message: string } };
};

type Recorded = { outcome: DeliveryOutcome; version?: number; detail?: string; payload?: unknown };
/** What a delivery did; `recorded` when the ledger's record already went with the change. */
type Handled = Recorded & { topics: string[]; recorded?: boolean };

/** Message ids are Svix's `msg_` and 27 characters; a longer one could not even be indexed in the ledger. */
const maxMessageIdLength = 256;

const refused = (code: string, message: string): ReceiveResult => ({ status: 401, body: { error: { code, message } } });
const unknownConnection: ReceiveResult = { status: 404, body: { error: { code: "unknown_connection", message: "No connection has this webhook URL." } } };
const unavailable: ReceiveResult = {
  status: 503,
  body: { error: { code: "unavailable", message: "The delivery could not be stored; nothing was acknowledged. The sender will retry." } },
};

/**
 * One webhook delivery, start to end: verify the signature against the connection's secrets (404 for an
 * unknown connection; 401 and a rejection counted in memory when it fails), then in one transaction claim its
 * `svix-id` in the ledger (a repeat is recorded as `duplicate` and changes nothing), store what it carries, and
 * notify open pages at commit. Only a committed delivery is acknowledged. A delivery Postgres can never store
 * (its data refused, not the database unavailable) is recorded as `failed` with the reason and acknowledged;
 * any other failure to store answers 503 so the sender retries.
 */
export async function receiveWebhook(database: Database, input: ReceiveInput): Promise<ReceiveResult> {
  const connectionId = input.connectionId.toLowerCase();
  const kept = await readSigningSecrets(database, connectionId);
  if (kept === unreadable) return unavailable;
  if (!kept) return unknownConnection;
  let verification = verifyWebhook(input.rawBody, input.headers, kept);
  if (!verification.ok) {
    // The secrets kept for a few seconds may be out of date: check once more against the stored ones.
    const stored = await readSigningSecrets(database, connectionId, { fresh: true });
    if (stored === unreadable) return unavailable;
    if (!stored) return unknownConnection;
    if (stored !== kept) verification = verifyWebhook(input.rawBody, input.headers, stored);
  }
  if (verification.ok && verification.id.length > maxMessageIdLength) {
    verification = { ok: false, reason: `the svix-id header is longer than ${maxMessageIdLength} characters` };
  }
  if (!verification.ok) {
    recordRejection(database, connectionId, verification.reason, input.headers.get("svix-id") ?? input.headers.get("webhook-id"));
    return refused("invalid_signature", verification.reason);
  }

  const event = classifyEvent(verification.payload, input.rawBody);
  const { id: messageId } = verification;
  const delivery = { connectionId, messageId, arrivedAt: input.arrivedAt };
  try {
    const outcome = await database.transaction((tx) => storeDelivery(tx, delivery, event));
    if (outcome === "unhandled") console.warn(`[webhooks] unhandled event type "${storableText(event.type, 200)}" (${messageId}): stored and acknowledged`);
    pruneLedgerNowAndThen(database);
    return { status: 200, body: { outcome } };
  } catch (error) {
    const refusedData = postgresDataError(error);
    if (refusedData) return recordUnstorable(database, delivery, event, refusedData);
    console.error(`[webhooks] delivery ${messageId} not stored:`, error);
    return unavailable;
  }
}

const unreadable = Symbol("unreadable");

/** The connection's signing secrets, or `unreadable` (logged) when they cannot be read or decrypted now. */
async function readSigningSecrets(database: Database, connectionId: string, options?: { fresh: boolean }) {
  try {
    return await signingSecrets(database, connectionId, options);
  } catch (error) {
    if (error instanceof SecretKeyError) console.error(`[webhooks] the signing secret of connection ${connectionId} cannot be decrypted (${error.message}); answered 503`);
    else console.error("[webhooks] could not read the connection's signing secrets:", error);
    return unreadable;
  }
}

type Delivery = { connectionId: string; messageId: string; arrivedAt: number };

/**
 * Postgres refused the delivery's data (a write the checks before it did not foresee): recorded as `failed`
 * with Postgres's words, in a transaction of its own, and acknowledged, since a retry would meet the same refusal.
 */
async function recordUnstorable(database: Database, delivery: Delivery, event: ClassifiedEvent, refusal: { code: string; message: string }): Promise<ReceiveResult> {
  const detail = `Postgres cannot store this delivery: ${storableText(refusal.message, 500)} (SQLSTATE ${refusal.code}).`;
  const failed: ClassifiedEvent = { kind: "failed", type: storableText(event.type, 200), detail, payload: null };
  try {
    const outcome = await database.transaction((tx) => storeDelivery(tx, delivery, failed));
    console.warn(`[webhooks] delivery ${delivery.messageId} recorded as failed: ${detail}`);
    return { status: 200, body: { outcome } };
  } catch (error) {
    console.error(`[webhooks] delivery ${delivery.messageId} could not be recorded as failed:`, error);
    return unavailable;
  }
}

/** The first receipt of a message id in the ledger (as `applied`, until its final record); repeats are not claims. */
function claimCte(delivery: Delivery, type: string, references: { requestId: string | null; monitorId: string | null }): SQL {
  return sql`claim as (
    insert into webhook_deliveries (connection_id, message_id, type, request_id, monitor_id, outcome, processing_ms)
    values (${delivery.connectionId}, ${delivery.messageId}, ${type}, ${references.requestId}, ${references.monitorId}, 'applied', 0)
    on conflict (connection_id, message_id) where outcome <> 'duplicate' do nothing
    returning id)`;
}

async function storeDelivery(tx: Transaction, delivery: Delivery, event: ClassifiedEvent): Promise<DeliveryOutcome> {
  const references = {
    requestId: event.kind === "company" ? event.snapshot.request.requestId : null,
    monitorId: event.kind === "alert" ? event.event.monitorId : null,
  };
  // The ledger's final record goes to Postgres in the same statement as the change it records. The row is
  // found by its message id: the partial unique index allows one first receipt per connection.
  const record = (handled: Recorded) => sql`ledger as (
    update webhook_deliveries
    set outcome = ${handled.outcome}, version = ${handled.version ?? null}, detail = ${handled.detail ?? null},
        payload = ${handled.payload === undefined ? null : JSON.stringify(handled.payload)}::jsonb, processing_ms = ${elapsed(delivery)}
    where connection_id = ${delivery.connectionId} and message_id = ${delivery.messageId} and outcome <> 'duplicate')`;

  let handled: Handled;
  if (event.kind === "company") {
    // Claimed in the statement that locks the request: one round trip fewer for the most frequent delivery.
    const stored = await storeSnapshot(tx, delivery.connectionId, event.snapshot, "webhook", {
      claim: claimCte(delivery, event.type, references),
      alsoNotify: [liveTopics.webhooks],
      alongside: (version) => record({ outcome: "applied", version }),
    });
    if (stored.outcome === "unclaimed") return recordDuplicate(tx, delivery, event.type, references);
    handled = snapshotHandled(stored);
  } else {
    const claimed = await tx.execute<{ id: string }>(sql`with ${claimCte(delivery, event.type, references)} select id from claim`);
    if (claimed.rows.length === 0) return recordDuplicate(tx, delivery, event.type, references);
    handled = await handle(tx, delivery, event);
  }
  if (!handled.recorded) await tx.execute(sql`with ${record(handled)}, ${liveEventsCtes(handled.topics)} select count(*) from live_sent`);
  return handled.outcome;
}

async function recordDuplicate(tx: Transaction, delivery: Delivery, type: string, references: { requestId: string | null; monitorId: string | null }): Promise<"duplicate"> {
  await tx.execute(sql`
    with repeat as (
      insert into webhook_deliveries (connection_id, message_id, type, request_id, monitor_id, outcome, processing_ms)
      values (${delivery.connectionId}, ${delivery.messageId}, ${type}, ${references.requestId}, ${references.monitorId}, 'duplicate', ${elapsed(delivery)})),
    ${liveEventsCtes([liveTopics.webhooks])}
    select count(*) from live_sent`);
  return "duplicate";
}

function snapshotHandled(stored: Exclude<StoreSnapshotResult, { outcome: "unclaimed" }>): Handled {
  switch (stored.outcome) {
    case "applied":
      return { outcome: "applied", version: stored.version, topics: [], recorded: true };
    case "stale":
      return { outcome: "stale", version: stored.version, detail: `version ${stored.version} is not higher than the stored ${stored.storedVersion}`, topics: [liveTopics.webhooks] };
    case "mismatch":
      // The request id is known to this console under another connection: saying which would tell the sender.
      return { outcome: "mismatch", version: stored.version, detail: "This request belongs to another connection: nothing was changed.", topics: [liveTopics.webhooks] };
  }
}

async function handle(tx: Transaction, delivery: Delivery, event: Exclude<ClassifiedEvent, { kind: "company" }>): Promise<Handled> {
  const { connectionId, messageId } = delivery;
  switch (event.kind) {
    case "alert": {
      const { event: notification } = event;
      await tx.insert(alerts).values({
        connectionId,
        messageId,
        monitorId: notification.monitorId,
        companyId: notification.companyId,
        countryCode: notification.countryCode,
        changeCategories: notification.changeCategories,
        metadata: notification.metadata ?? null,
        monitorHasBeenDeactivated: notification.monitorHasBeenDeactivated,
        notifiedAt: notification.timestamp,
      });
      return { outcome: "applied", topics: [liveTopics.alerts, liveTopics.webhooks] };
    }
    case "billing": {
      const kind = typeof event.event.kind === "string" ? event.event.kind : null;
      await tx.insert(billingEvents).values({ connectionId, messageId, type: event.type, kind, payload: event.event });
      return { outcome: "applied", topics: [liveTopics.billing, liveTopics.webhooks] };
    }
    case "unhandled":
      return { outcome: "unhandled", payload: event.event, topics: [liveTopics.webhooks] };
    case "failed":
      return { outcome: "failed", detail: event.detail, payload: event.payload, topics: [liveTopics.webhooks] };
  }
}

const elapsed = (delivery: Delivery) => Math.round((performance.now() - delivery.arrivedAt) * 1000) / 1000;

let lastPrune = 0;

/** Deletes ledger rows past retention, at most once per interval per process, after the answer is decided. */
function pruneLedgerNowAndThen(database: Database): void {
  const now = Date.now();
  if (now - lastPrune < pruneIntervalMs) return;
  lastPrune = now;
  void pruneLedger(database, new Date(now - ledgerRetentionMs)).catch((error: unknown) => console.error("[webhooks] ledger prune failed:", error));
}

/** Removes ledger rows received before `cutoff`. Returns how many went. */
export async function pruneLedger(database: Database, cutoff: Date): Promise<number> {
  const deleted = await database.delete(webhookDeliveries).where(and(lt(webhookDeliveries.receivedAt, cutoff))).returning({ id: webhookDeliveries.id });
  return deleted.length;
}
