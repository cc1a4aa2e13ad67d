import "server-only";
import { lt, sql } from "drizzle-orm";
import type { Database, Transaction } from "@/db/client";
import { SecretKeyError } from "@/lib/crypto";
import { billingEvents, webhookDeliveries } from "@/db/schema";
import { recordMonitorNotification } from "@/lib/alerts/record-notification";
import { liveTopics } from "@/lib/live/topics.shared";
import { liveEventsCtes } from "@/lib/live/publish";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { classifyEvent, type ClassifiedEvent } from "./classify-event";
import type { DeliveryOutcome } from "./outcomes";
import { recordRejection } from "./rejections";
import { ledgerRetentionMs, pruneIntervalMs } from "./retention";
import { signingSecrets } from "@/lib/connections/signing-secrets";
import { postgresDataError, storableText } from "./storable";
import { verifyWebhook, type HeaderReader } from "./verify";

export type ReceiveInput = {
  connectionId: string;
  /** The body exactly as received (bytes, or their UTF-8 text): the signature covers these bytes. */
  rawBody: string | Uint8Array;
  headers: HeaderReader;
  /** `performance.now()` when the request arrived, for the ledger's processing time. */
  arrivedAt: number;
};

export type ReceiveResult = {
  status: 200 | 401 | 404 | 503;
  body: { outcome: DeliveryOutcome } | { error: { code: string; message: string } };
};

/** What the ledger records of a delivery that changed nothing else. */
type Recorded = { outcome: DeliveryOutcome; version?: number; detail?: string; payload?: unknown };

/** Message ids are Svix's `msg_` and 27 characters; a longer one could not even be indexed in the ledger. */
const maxMessageIdLength = 256;

export const invalidSignature = (reason: string): ReceiveResult => ({
  status: 401,
  body: { error: { code: "invalid_signature", message: reason } },
});
export const unknownConnection: ReceiveResult = {
  status: 404,
  body: { error: { code: "unknown_connection", message: "No connection has this webhook URL." } },
};
export const unavailable: ReceiveResult = {
  status: 503,
  body: { error: { code: "unavailable", message: "The delivery could not be stored; nothing was acknowledged. The sender will retry." } },
};

/**
 * One webhook delivery, start to end: verify the signature against the connection's secrets (404 for an
 * unknown connection; 401 and a rejection counted in memory when it fails), then store what it carries together
 * with its first receipt of the `svix-id` in the ledger (a repeat is recorded as `duplicate` and changes
 * nothing), notifying open pages at commit. Only a committed delivery is acknowledged. A delivery Postgres can
 * never store (its data refused, not the database unavailable) is recorded as `failed` with the reason and
 * acknowledged; any other failure to store answers 503 so the sender retries.
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
    return invalidSignature(verification.reason);
  }

  const event = classifyEvent(verification.payload, input.rawBody);
  const { id: messageId } = verification;
  const delivery = { connectionId, messageId, arrivedAt: input.arrivedAt };
  try {
    const outcome = await storeDelivery(database, delivery, event);
    if (outcome === "unhandled")
      console.warn(`[webhooks] unhandled event type "${storableText(event.type, 200)}" (${messageId}): stored and acknowledged`);
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
    if (error instanceof SecretKeyError)
      console.error(`[webhooks] the signing secret of connection ${connectionId} cannot be decrypted (${error.message}); answered 503`);
    else console.error("[webhooks] could not read the connection's signing secrets:", error);
    return unreadable;
  }
}

type Delivery = { connectionId: string; messageId: string; arrivedAt: number };
type References = { requestId: string | null; monitorId: string | null };
type Executor = Pick<Database, "execute">;

/**
 * Postgres refused the delivery's data (a write the checks before it did not foresee): recorded as `failed`
 * with Postgres's words, in a statement of its own, and acknowledged, since a retry would meet the same refusal.
 */
async function recordUnstorable(
  database: Database,
  delivery: Delivery,
  event: ClassifiedEvent,
  refusal: { code: string; message: string },
): Promise<ReceiveResult> {
  const detail = `Postgres cannot store this delivery: ${storableText(refusal.message, 500)} (SQLSTATE ${refusal.code}).`;
  try {
    const outcome = await recordFirstReceipt(database, delivery, storableText(event.type, 200), noReferences, {
      outcome: "failed",
      detail,
      payload: null,
    });
    console.warn(`[webhooks] delivery ${delivery.messageId} recorded as ${outcome}: ${detail}`);
    return { status: 200, body: { outcome } };
  } catch (error) {
    console.error(`[webhooks] delivery ${delivery.messageId} could not be recorded as failed:`, error);
    return unavailable;
  }
}

const noReferences: References = { requestId: null, monitorId: null };

/**
 * Stores a verified delivery and its record in the ledger, where a message id has one first receipt per
 * connection (a partial unique index): a repeat is recorded as `duplicate` and changes nothing. Each delivery's
 * writes commit together, in one statement or one transaction.
 */
async function storeDelivery(database: Database, delivery: Delivery, event: ClassifiedEvent): Promise<DeliveryOutcome> {
  switch (event.kind) {
    case "company":
      return storeSnapshotDelivery(database, delivery, event);
    case "failed":
      return recordFirstReceipt(database, delivery, event.type, noReferences, {
        outcome: "failed",
        detail: event.detail,
        payload: event.payload,
      });
    case "unhandled":
      return recordFirstReceipt(database, delivery, event.type, noReferences, { outcome: "unhandled", payload: event.event });
    case "alert":
    case "billing":
      return database.transaction((tx) => storeNotification(tx, delivery, event));
  }
}

/** The most frequent delivery: read the request, then one statement writes it with its ledger record (see storeSnapshot). */
async function storeSnapshotDelivery(
  database: Database,
  delivery: Delivery,
  event: Extract<ClassifiedEvent, { kind: "company" }>,
): Promise<DeliveryOutcome> {
  const { connectionId, messageId } = delivery;
  const references = { requestId: event.snapshot.request.requestId, monitorId: null };
  const stored = await storeSnapshot(database, connectionId, event.snapshot, "webhook", {
    guard: sql`not exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.connectionId} = ${connectionId}
      and ${webhookDeliveries.messageId} = ${messageId} and ${webhookDeliveries.outcome} <> 'duplicate')`,
    alsoNotify: [liveTopics.webhooks],
    fileLater: true,
    // No "on conflict" here: a first receipt recorded meanwhile fails the whole statement rather than apply twice.
    alongside: (version) => sql`ledger as (
      insert into webhook_deliveries (connection_id, message_id, type, request_id, outcome, version, processing_ms)
      select ${connectionId}, ${messageId}, ${event.type}, ${references.requestId}, 'applied', ${version}, ${elapsed(delivery)}
      where exists (select 1 from written))`,
  });
  switch (stored.outcome) {
    case "applied":
      return "applied";
    case "unclaimed":
      return recordFirstReceipt(database, delivery, event.type, references, { outcome: "duplicate" });
    case "stale":
      return recordFirstReceipt(database, delivery, event.type, references, {
        outcome: "stale",
        version: stored.version,
        detail: `version ${stored.version} is not higher than the stored ${stored.storedVersion}`,
      });
    case "mismatch":
      // The request id is known to this console under another connection: saying which would tell the sender.
      return recordFirstReceipt(database, delivery, event.type, references, {
        outcome: "mismatch",
        version: stored.version,
        detail: "This request belongs to another connection: nothing was changed.",
      });
  }
}

/**
 * Records a delivery that changes nothing else (stale, mismatch, failed, unhandled) in one statement, as its
 * first receipt, or as a `duplicate` when the message id has one already; the ledger page is notified.
 */
async function recordFirstReceipt(
  executor: Executor,
  delivery: Delivery,
  type: string,
  references: References,
  recorded: Recorded,
): Promise<DeliveryOutcome> {
  const row = (outcome: DeliveryOutcome) => sql`
    ${delivery.connectionId}, ${delivery.messageId}, ${type}, ${references.requestId}, ${references.monitorId}, ${outcome},
    ${recorded.version ?? null}, ${recorded.detail ?? null}, ${recorded.payload === undefined || recorded.payload === null ? null : JSON.stringify(recorded.payload)}::jsonb, ${elapsed(delivery)}`;
  const columns = sql`(connection_id, message_id, type, request_id, monitor_id, outcome, version, detail, payload, processing_ms)`;
  const first =
    recorded.outcome === "duplicate"
      ? sql`claim as (select null::bigint as id where false)`
      : sql`claim as (
          insert into webhook_deliveries ${columns} values (${row(recorded.outcome)})
          on conflict (connection_id, message_id) where outcome <> 'duplicate' do nothing
          returning id)`;
  const result = await executor.execute<{ claimed: boolean }>(sql`
    with ${first},
    repeat as (
      insert into webhook_deliveries (connection_id, message_id, type, request_id, monitor_id, outcome, processing_ms)
      select ${delivery.connectionId}, ${delivery.messageId}, ${type}, ${references.requestId}, ${references.monitorId}, 'duplicate', ${elapsed(delivery)}
      where not exists (select 1 from claim)),
    ${liveEventsCtes([liveTopics.webhooks])}
    select exists (select 1 from claim) as claimed, (select count(*) from live_sent) as notified`);
  return result.rows[0]?.claimed ? recorded.outcome : "duplicate";
}

/** A monitor notification or a billing event: claimed, stored in its own table and recorded, in one transaction. */
async function storeNotification(
  tx: Transaction,
  delivery: Delivery,
  event: Extract<ClassifiedEvent, { kind: "alert" | "billing" }>,
): Promise<DeliveryOutcome> {
  const { connectionId, messageId } = delivery;
  const references = { requestId: null, monitorId: event.kind === "alert" ? event.event.monitorId : null };
  const claimed = await tx.execute<{ id: string }>(sql`
    insert into webhook_deliveries (connection_id, message_id, type, request_id, monitor_id, outcome, processing_ms)
    values (${connectionId}, ${messageId}, ${event.type}, ${references.requestId}, ${references.monitorId}, 'applied', 0)
    on conflict (connection_id, message_id) where outcome <> 'duplicate' do nothing
    returning id`);
  const [claim] = claimed.rows;
  if (!claim) return recordFirstReceipt(tx, delivery, event.type, references, { outcome: "duplicate" });
  let topics: string[];
  if (event.kind === "alert") {
    ({ topics } = await recordMonitorNotification(tx, connectionId, messageId, event.event));
  } else {
    const kind = typeof event.event.kind === "string" ? event.event.kind : null;
    await tx.insert(billingEvents).values({ connectionId, messageId, type: event.type, kind, payload: event.event });
    topics = [liveTopics.billing];
  }
  await tx.execute(sql`
    with ledger as (
      update ${webhookDeliveries} set ${sql.identifier(webhookDeliveries.processingMs.name)} = ${elapsed(delivery)}
      where ${webhookDeliveries.id} = ${claim.id}),
    ${liveEventsCtes([...topics, liveTopics.webhooks])}
    select count(*) from live_sent`);
  return "applied";
}

const elapsed = (delivery: Delivery) => Math.round((performance.now() - delivery.arrivedAt) * 1000) / 1000;

let lastPrune = 0;

/** Deletes ledger rows past retention, at most once per interval per process, after the answer is decided. */
function pruneLedgerNowAndThen(database: Database): void {
  const now = Date.now();
  if (now - lastPrune < pruneIntervalMs) return;
  lastPrune = now;
  void pruneLedger(database, new Date(now - ledgerRetentionMs)).catch((error: unknown) =>
    console.error("[webhooks] ledger prune failed:", error),
  );
}

/** Removes ledger rows received before `cutoff`. Returns how many went. */
export async function pruneLedger(database: Database, cutoff: Date): Promise<number> {
  const deleted = await database
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.receivedAt, cutoff))
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}
