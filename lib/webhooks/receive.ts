import "server-only";
import { and, lt, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "@/db/client";
import { SecretKeyError } from "@/lib/crypto";
import { alerts, billingEvents, webhookDeliveries } from "@/db/schema";
import { liveTopics } from "@/lib/live/topics";
import { liveEventsCtes } from "@/lib/live/publish";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { classifyEvent, type ClassifiedEvent } from "./classify-event";
import type { DeliveryOutcome } from "./outcomes";
import { recordRejection } from "./rejections";
import { ledgerRetentionMs, pruneIntervalMs } from "./retention";
import { signingSecrets } from "./signing-secrets";
import { verifyWebhook } from "./verify";

export type ReceiveInput = {
  connectionId: string;
  /** The body exactly as received: the signature covers these bytes. */
  rawBody: string;
  headers: Headers;
  /** `performance.now()` when the request arrived, for the ledger's processing time. */
  arrivedAt: number;
};

export type ReceiveResult = { status: 200 | 401 | 503; body: { outcome: DeliveryOutcome } | { error: { code: string; message: string } } };

type Recorded = { outcome: DeliveryOutcome; version?: number; detail?: string; payload?: unknown };
/** What a delivery did; `recorded` when the ledger's record already went with the change. */
type Handled = Recorded & { topics: string[]; recorded?: boolean };

const refused = (code: string, message: string): ReceiveResult => ({ status: 401, body: { error: { code, message } } });
const unavailable: ReceiveResult = {
  status: 503,
  body: { error: { code: "unavailable", message: "The delivery could not be stored; nothing was acknowledged. The sender will retry." } },
};

/**
 * One webhook delivery, start to end: verify the signature against the connection's secrets (401 and a
 * counted rejection when it fails), then in one transaction claim its `svix-id` in the ledger (a repeat is
 * recorded as `duplicate` and changes nothing), store what it carries, and notify open pages at commit.
 * Only a committed delivery is acknowledged: any failure to store answers 503 so the sender retries.
 */
export async function receiveWebhook(database: Database, input: ReceiveInput): Promise<ReceiveResult> {
  let secrets = await readSigningSecrets(database, input.connectionId);
  if (secrets === unreadable) return unavailable;
  let verification = secrets ? verifyWebhook(input.rawBody, input.headers, secrets) : undefined;
  if (!verification?.ok) {
    // The secrets kept for a few seconds may be out of date: check once more against the stored ones.
    secrets = await readSigningSecrets(database, input.connectionId, { fresh: true });
    if (secrets === unreadable) return unavailable;
    if (!secrets) return refused("unknown_connection", "No connection has this webhook URL.");
    verification = verifyWebhook(input.rawBody, input.headers, secrets);
  }
  if (!verification.ok) {
    await recordRejection(database, input.connectionId, verification.reason, input.headers.get("svix-id")).catch((error: unknown) => {
      console.error("[webhooks] could not record a rejection:", error);
    });
    return refused("invalid_signature", verification.reason);
  }

  const event = classifyEvent(verification.payload);
  try {
    const outcome = await database.transaction((tx) => storeDelivery(tx, input, verification.id, event));
    if (outcome === "unhandled") console.warn(`[webhooks] unhandled event type "${event.type}" (${verification.id}): stored and acknowledged`);
    pruneLedgerNowAndThen(database);
    return { status: 200, body: { outcome } };
  } catch (error) {
    console.error(`[webhooks] delivery ${verification.id} not stored:`, error);
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

async function storeDelivery(tx: Transaction, input: ReceiveInput, messageId: string, event: ClassifiedEvent): Promise<DeliveryOutcome> {
  const { connectionId } = input;
  const references = {
    requestId: event.kind === "company" ? event.snapshot.request.requestId : null,
    monitorId: event.kind === "alert" ? event.event.monitorId : null,
  };
  const [claimed] = await tx
    .insert(webhookDeliveries)
    .values({ connectionId, messageId, type: event.type, ...references, outcome: "applied", processingMs: 0 })
    .onConflictDoNothing({ target: [webhookDeliveries.connectionId, webhookDeliveries.messageId], where: sql`${webhookDeliveries.outcome} <> 'duplicate'` })
    .returning({ id: webhookDeliveries.id });

  if (!claimed) {
    await tx.execute(sql`
      with repeat as (
        insert into webhook_deliveries (connection_id, message_id, type, request_id, monitor_id, outcome, processing_ms)
        values (${connectionId}, ${messageId}, ${event.type}, ${references.requestId}, ${references.monitorId}, 'duplicate', ${elapsed(input)})),
      ${liveEventsCtes([liveTopics.webhooks])}
      select count(*) from live_sent`);
    return "duplicate";
  }

  // The ledger's final record goes to Postgres in the same statement as the change it records.
  const record = (handled: Recorded) => sql`ledger as (
    update webhook_deliveries
    set outcome = ${handled.outcome}, version = ${handled.version ?? null}, detail = ${handled.detail ?? null},
        payload = ${handled.payload === undefined ? null : JSON.stringify(handled.payload)}::jsonb, processing_ms = ${elapsed(input)}
    where id = ${claimed.id})`;
  const handled = await handle(tx, connectionId, messageId, event, record);
  if (!handled.recorded) await tx.execute(sql`with ${record(handled)}, ${liveEventsCtes(handled.topics)} select count(*) from live_sent`);
  return handled.outcome;
}

async function handle(tx: Transaction, connectionId: string, messageId: string, event: ClassifiedEvent, record: (handled: Recorded) => SQL): Promise<Handled> {
  switch (event.kind) {
    case "company": {
      const stored = await storeSnapshot(tx, connectionId, event.snapshot, "webhook", {
        alsoNotify: [liveTopics.webhooks],
        alongside: (version) => record({ outcome: "applied", version }),
      });
      if (stored.outcome === "stale") {
        return { outcome: "stale", version: stored.version, detail: `version ${stored.version} is not higher than the stored ${stored.storedVersion}`, topics: [liveTopics.webhooks] };
      }
      return { outcome: "applied", version: stored.version, topics: [], recorded: true };
    }
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

const elapsed = (input: ReceiveInput) => Math.round((performance.now() - input.arrivedAt) * 1000) / 1000;

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
