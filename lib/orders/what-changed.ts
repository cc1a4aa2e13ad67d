import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { alertEvents, alerts, companyRequests, monitorNotifications, monitors, paidRequestIntents as intents } from "@/db/schema";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import { audit } from "@/lib/audit/audit";
import { registryFor, type Registry } from "@/lib/connections/registry-for";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import { orderInputSchema } from "@/lib/orders/order-input.shared";
import { placeOrder } from "@/lib/orders/place-order";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { offeredModes, type OrderableDatapoint } from "@/lib/pricing/quote.shared";
import type { PricingResponse } from "@/lib/registry/schemas.shared";
import { ofCompany } from "@/lib/company-file/company-file-store";
import { chooseBaseline, type Baseline } from "@/lib/snapshots/company-snapshots";
import { confirmationMismatch, reretrievalConfirmation, type ReretrievalConfirmation } from "@/lib/alerts/what-changed-caps";
import { datapointsForCategories } from "@/lib/alerts/what-changed-datapoints";
import {
  freeAgainWindowMs,
  registryClock,
  whatChangedQuote,
  type EarlierPurchase,
  type WhatChangedQuote,
} from "@/lib/alerts/what-changed-price";
import { credits } from "@/lib/vocabulary/units.shared";
import { isRiskMonitorId, riskAlertHasNoReretrieval } from "@/lib/alerts/risk-monitor-id.shared";

export type AlertForChanges = {
  id: number;
  connectionId: string | null;
  monitorId: string;
  countryCode: string;
  companyId: string;
  companyName: string | null;
  categories: string[];
  isTest: boolean;
  state: string;
  changeRequestId: string | null;
  baselineRequestId: string | null;
  baselineVersion: number | null;
};

export async function alertForChanges(alertId: number): Promise<AlertForChanges | undefined> {
  const [row] = await db()
    .select({
      id: alerts.id,
      connectionId: alerts.connectionId,
      monitorId: alerts.monitorId,
      countryCode: alerts.countryCode,
      companyId: alerts.companyId,
      companyName: alerts.companyName,
      categories: alerts.categories,
      isTest: alerts.isTest,
      state: alerts.state,
      changeRequestId: alerts.changeRequestId,
      baselineRequestId: alerts.baselineRequestId,
      baselineVersion: alerts.baselineVersion,
    })
    .from(alerts)
    .where(eq(alerts.id, alertId));
  return row;
}

/**
 * This connection's requests of the alert's company ordered in the 24 hours before `now` (the registry's clock, see
 * `registryNow`), with what the registry reported each datapoint cost.
 */
export async function earlierPurchases(alert: AlertForChanges, now: Date): Promise<EarlierPurchase[]> {
  if (!alert.connectionId) return [];
  const rows = await db()
    .select({ requestId: companyRequests.requestId, createdAt: companyRequests.createdAt, dataStatus: companyRequests.dataStatus })
    .from(companyRequests)
    .where(
      and(
        ofCompany(companyRequests, { connectionId: alert.connectionId, countryCode: alert.countryCode, companyId: alert.companyId }),
        gt(companyRequests.createdAt, new Date(now.getTime() - freeAgainWindowMs)),
      ),
    );
  return rows.map((r) => ({ requestId: r.requestId, orderedAt: r.createdAt.toISOString(), dataStatus: r.dataStatus }));
}

/**
 * The registry's "now" for the alert's connection (what-changed-price.ts `registryClock`): the console's clock, moved
 * ahead by how far ahead of its receipt the connection's latest monitor notification was stamped.
 */
export async function registryNow(alert: AlertForChanges, now: Date): Promise<Date> {
  if (!alert.connectionId) return now;
  const [latest] = await db()
    .select({ stampedAt: monitorNotifications.notifiedAt, receivedAt: monitorNotifications.receivedAt })
    .from(monitorNotifications)
    .where(eq(monitorNotifications.connectionId, alert.connectionId))
    .orderBy(desc(monitorNotifications.receivedAt), desc(monitorNotifications.id))
    .limit(1);
  return registryClock(now, latest);
}

/**
 * Whether the registry refused an order for this alert over its price (`budget_exceeded`): the blocks the console
 * judged free again were billed after all, so they are priced in full from then on.
 */
async function freeAgainRefused(alertId: number): Promise<boolean> {
  const refused = await db().execute(sql`
    select 1 from ${intents}
    where ${intents.details}->>'alertId' = ${String(alertId)} and ${intents.status} = 'refused' and ${intents.outcome}->>'code' = 'budget_exceeded'
    limit 1`);
  return refused.rows.length > 0;
}

/** The case reference the monitor was started with, to travel with the re-retrieval. */
async function monitorCaseReference(alert: AlertForChanges): Promise<string> {
  if (!alert.connectionId) return "";
  const [monitor] = await db()
    .select({ caseReference: monitors.caseReference })
    .from(monitors)
    .where(and(eq(monitors.connectionId, alert.connectionId), eq(monitors.monitorId, alert.monitorId)));
  return monitor?.caseReference ?? "";
}

export type Reretrieval = { requestId: string; baseline: Baseline | undefined };

/**
 * "See what changed": orders the datapoints the alert's categories name, through the alert's connection, as any
 * paid order (an intent first, audited `company.ordered`), with the alert id and the monitor's case reference in
 * its metadata. The server prices the order again and caps it from its own quote (what-changed-caps.ts): the whole
 * request at the total, the profile blocks at their part (a block shown free again that the registry would bill is
 * refused, not charged), the graph at its price. What the user `confirmed` must be that quote: a different mode,
 * total or cap is refused and nothing is ordered. Then, in one transaction: the alert keeps the new request and its
 * baseline, its timeline gets `reretrieval_ordered`, the audit log `alert.reretrieval_ordered`, and open pages are told.
 */
export async function orderReretrieval(
  user: SessionUser,
  alert: AlertForChanges,
  registry: Registry,
  confirmed: ReretrievalConfirmation,
  now = new Date(),
): Promise<ActionResult<Reretrieval>> {
  if (isRiskMonitorId(alert.monitorId)) return { ok: false, code: "not_applicable", error: riskAlertHasNoReretrieval };
  if (!alert.connectionId || alert.connectionId !== registry.connection.id)
    return { ok: false, code: "connection_gone", error: "The connection this alert came through no longer exists." };
  // One order per alert, however many tabs or colleagues confirm at once: the check and the order run under a lock
  // every app process shares, and the check also reads the paid-request intents (an order whose answer was lost).
  const placed = await whileHoldingLock(`what_changed:${alert.id}`, async () => {
    const earlier = await earlierReretrieval(alert.id);
    return earlier ?? placeReretrieval(user, alert, registry, confirmed, now);
  });
  if (placed === undefined) return { ok: false, code: "in_progress", error: "Someone is ordering what changed for this alert right now." };
  return placed;
}

/** Why the alert cannot be ordered again: its re-retrieval is stored, or a paid request for it is ordered or without a known outcome. */
async function earlierReretrieval(alertId: number): Promise<ActionResult<Reretrieval> | undefined> {
  const [stored] = await db().select({ requestId: alerts.changeRequestId }).from(alerts).where(eq(alerts.id, alertId));
  const intent = await db().execute<{ status: string; request_id: string | null }>(sql`
    select ${intents.status}, ${intents.requestId} from ${intents}
    where ${intents.details}->>'alertId' = ${String(alertId)} and ${intents.status} in ('pending', 'ordered', 'unknown')
    order by ${intents.createdAt} desc limit 1`);
  const requestId = stored?.requestId ?? intent.rows[0]?.request_id;
  if (requestId)
    return { ok: false, code: "already_ordered", error: `What changed was already ordered for this alert (request ${requestId}).` };
  if (intent.rows[0])
    return {
      ok: false,
      code: "already_ordered",
      error: "An order for this alert has no known outcome yet: see Requests → Orders without a known outcome before ordering again.",
    };
  return undefined;
}

/**
 * Runs `run` while holding a Postgres advisory lock on `key`, taken in a transaction of its own that stays open for
 * `run`'s length (the registry call included; `run` writes through other connections): undefined, without running
 * it, when another caller holds the lock. Every app process shares it, and a process that dies releases it.
 */
async function whileHoldingLock<T>(key: string, run: () => Promise<T>): Promise<T | undefined> {
  return db().transaction(async (tx) => {
    const taken = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${key})) as locked`);
    return taken.rows[0]?.locked ? run() : undefined;
  });
}

async function placeReretrieval(
  user: SessionUser,
  alert: AlertForChanges,
  registry: Registry,
  confirmed: ReretrievalConfirmation,
  now: Date,
): Promise<ActionResult<Reretrieval>> {
  const { mode, priced } = await quoteReretrieval(alert, registry, now);
  const quoted = reretrievalConfirmation(mode, priced);
  const mismatch = confirmationMismatch(confirmed, quoted);
  if (mismatch)
    return {
      ok: false,
      code: "price_changed",
      error: `Refused, nothing was ordered: the price and caps sent are not this alert's quote (${mismatch}). Look at the price again and confirm it.`,
    };
  const datapoints = datapointsForCategories(alert.categories);
  const order = orderInputSchema.safeParse({
    countryCode: alert.countryCode,
    id: alert.companyId,
    mode: quoted.mode,
    dataPoints: datapoints,
    quotedTotal: quoted.quotedTotal,
    maxBudget: quoted.maxBudget,
    profileMaxBudget: quoted.profileMaxBudget,
    graphMaxBudget: quoted.graphMaxBudget,
    caseReference: await monitorCaseReference(alert),
  });
  if (!order.success)
    return { ok: false, code: "invalid_input", error: order.error.issues[0]?.message ?? "This alert's company cannot be ordered." };
  const placed = await placeOrder(user, order.data, registry, { alertId: String(alert.id) }, { purpose: "re_retrieval" });
  if (!placed.ok) return placed.code === "budget_exceeded" ? priceRefused(alert, registry, priced, placed, now) : placed;
  const { requestId } = placed.data;
  const baseline = await recordReretrieval(user, alert, { requestId, datapoints, quotedTotal: quoted.quotedTotal });
  return { ok: true, data: { requestId, baseline } };
}

/**
 * The registry refused the order over its price, in words (never its code or cap names). When the quote took blocks
 * off as free again, the registry billed them after all: the alert is quoted again at full price (the refusal, kept
 * as a refused paid-request intent, tells `quoteReretrieval` so), and the user confirms that price to order.
 */
async function priceRefused(
  alert: AlertForChanges,
  registry: Registry,
  refusedQuote: WhatChangedQuote,
  refusal: Extract<ActionResult<never>, { ok: false }>,
  now: Date,
): Promise<ActionResult<never>> {
  if (refusedQuote.freeAgain.length) {
    const { priced } = await quoteReretrieval(alert, registry, now);
    return {
      ok: false,
      code: "requoted",
      error: `${freeAgainRefusedWording(priced.total)} Nothing was charged: confirm the new price to order.`,
    };
  }
  const quotedPrice = refusal.registry?.details.map((d) => d.match(/^quotedPrice:\s*([\d.]+)/)?.[1]).find((n) => n !== undefined);
  return {
    ok: false,
    code: "price_changed",
    error: `Nothing was charged: the registry asks ${quotedPrice ? credits(Number(quotedPrice)) : "more"}, above the ${credits(refusedQuote.total)} shown. Look at the price again later.`,
  };
}

/** What the page says once the registry has refused blocks shown free again. */
export const freeAgainRefusedWording = (total: number) =>
  `The registry no longer offers this for free; it costs ${total} credit${total === 1 ? "" : "s"}.`;

async function recordReretrieval(
  user: SessionUser,
  alert: AlertForChanges,
  ordered: { requestId: string; datapoints: OrderableDatapoint[]; quotedTotal: number },
): Promise<Baseline | undefined> {
  const company = { connectionId: alert.connectionId!, countryCode: alert.countryCode, companyId: alert.companyId };
  return db().transaction(async (tx) => {
    const baseline = await chooseBaseline(company, ordered.requestId, tx);
    await tx
      .update(alerts)
      .set({
        changeRequestId: ordered.requestId,
        baselineRequestId: baseline?.requestId ?? null,
        baselineVersion: baseline?.version ?? null,
      })
      .where(eq(alerts.id, alert.id));
    const details = {
      requestId: ordered.requestId,
      datapoints: ordered.datapoints,
      quotedTotal: ordered.quotedTotal,
      baseline: baseline ? { requestId: baseline.requestId, version: baseline.version, reviewed: baseline.reviewed } : null,
    };
    await tx
      .insert(alertEvents)
      .values({ alertId: alert.id, kind: "reretrieval_ordered", actorId: user.id, actorEmail: user.email, details });
    await audit(user, "alert.reretrieval_ordered", `alert ${alert.id}`, details, tx);
    await publishLive(tx, [liveTopics.alert(alert.id), liveTopics.alerts]);
    return baseline;
  });
}

/**
 * Records that `user` viewed the alert's diff: one `diff_reviewed` event and audit row per user and alert, however
 * often they look (a lock on the pair makes two tabs opening it at once write one). True when this view wrote it.
 */
export async function markDiffReviewed(user: SessionUser, alert: AlertForChanges): Promise<boolean> {
  if (!alert.changeRequestId) return false;
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`diff_reviewed:${alert.id}:${user.id}`}))`);
    const seen = await tx.execute(sql`
      select 1 from ${alertEvents}
      where ${alertEvents.alertId} = ${alert.id} and ${alertEvents.kind} = 'diff_reviewed' and ${alertEvents.actorId} = ${user.id} limit 1`);
    if (seen.rows.length) return false;
    const details = {
      requestId: alert.changeRequestId,
      baselineRequestId: alert.baselineRequestId,
      baselineVersion: alert.baselineVersion,
    };
    await tx.insert(alertEvents).values({ alertId: alert.id, kind: "diff_reviewed", actorId: user.id, actorEmail: user.email, details });
    await audit(user, "alert.diff_reviewed", `alert ${alert.id}`, details, tx);
    await publishLive(tx, [liveTopics.alert(alert.id)]);
    return true;
  });
}

/** The mode a re-retrieval is priced and ordered in: verification (authoritative) where offered, as the order panel defaults. */
export function reretrievalMode(pricing: PricingResponse): string {
  const modes = offeredModes(pricing);
  return modes.includes("verification") ? "verification" : (modes[0] ?? "verification");
}

/** The alert's re-retrieval priced: `freeAgainRefused` when the registry refused blocks shown free again (all at full price now). */
export type ReretrievalPrice = { mode: string; priced: WhatChangedQuote; freeAgainRefused: boolean };

/** The price of the alert's re-retrieval on its own connection, free-again blocks taken off. Throws a RegistryError. */
export async function priceReretrieval(alert: AlertForChanges, now: Date): Promise<ReretrievalPrice> {
  return quoteReretrieval(alert, await registryFor({ connectionId: alert.connectionId }), now);
}

/**
 * The price of the alert's re-retrieval through `registry` (its own connection's), free-again blocks taken off: the
 * blocks the registry charged for (a reported `cost`) within 24 hours on its clock (`registryNow`). Once the registry
 * has refused an order for this alert over its price, nothing is free again.
 */
export async function quoteReretrieval(alert: AlertForChanges, registry: Registry, now: Date): Promise<ReretrievalPrice> {
  const [pricing, refused, registryTime] = await Promise.all([
    cachedPricing(registry.connection.id, registry.client, alert.countryCode),
    freeAgainRefused(alert.id),
    registryNow(alert, now),
  ]);
  const earlier = refused ? [] : await earlierPurchases(alert, registryTime);
  const mode = reretrievalMode(pricing);
  const priced = whatChangedQuote(pricing, mode, datapointsForCategories(alert.categories), earlier, registryTime);
  return { mode, priced, freeAgainRefused: refused };
}
