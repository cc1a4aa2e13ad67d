import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import {
  alertEvents,
  alerts,
  auditLog,
  companyRequests,
  monitorNotifications,
  monitors,
  registryConnections,
  reviewedBaselines,
} from "@/db/schema";
import type { ConnectionView } from "@/lib/connections/manage-connections";
import { orderInputSchema } from "@/lib/orders/order-input.shared";
import { placeOrder } from "@/lib/orders/place-order";
import { createRegistryClient } from "@/lib/registry/client";
import { insertUser } from "@/test/users-fixture";
import { startTestSimulator } from "@/simulator/test-harness";
import {
  alertForChanges,
  earlierPurchases,
  markDiffReviewed,
  orderReretrieval,
  quoteReretrieval,
  type AlertForChanges,
} from "./what-changed";
import { reretrievalConfirmation } from "@/lib/alerts/what-changed-caps";
import { whatChangedQuote } from "@/lib/alerts/what-changed-price";
import { openedRegistry } from "@/test/opened-registry";

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: { connection: ConnectionView; client: ReturnType<typeof createRegistryClient> };
let officer: Awaited<ReturnType<typeof insertUser>>;
let colleague: Awaited<ReturnType<typeof insertUser>>;

/** An open alert of a monitor started here with case reference `KYC-<companyId>` (or the one given), as receipt files it. */
async function openAlert(companyId: string, categories: string[], caseReference = `KYC-${companyId}`) {
  const monitorId = `mon_${companyId.replace(/\W/g, "")}`;
  await db()
    .insert(monitors)
    .values({ connectionId: registry.connection.id, monitorId, countryCode: "DE", companyId, caseReference })
    .onConflictDoNothing();
  const [row] = await db()
    .insert(alerts)
    .values({
      connectionId: registry.connection.id,
      monitorId,
      countryCode: "DE",
      companyId,
      categories,
      dueAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: alerts.id });
  return (await alertForChanges(row!.id))!;
}

/** An earlier order of the company on the same connection, as the company page places it. */
async function earlierOrder(companyId: string, dataPoints: string[] = ["company"]) {
  const order = orderInputSchema.parse({ countryCode: "DE", id: companyId, dataPoints, quotedTotal: 4 });
  const placed = await placeOrder(officer, order, registry);
  if (!placed.ok) throw new Error(placed.error);
  return placed.data.requestId;
}

/** What the page shows and the user confirms: the server's quote, with its caps. */
async function confirmedQuote(alert: AlertForChanges) {
  const { mode, priced } = await quoteReretrieval(alert, registry, new Date());
  return reretrievalConfirmation(mode, priced);
}

const storedVersion = async (requestId: string) =>
  (await db().select({ version: companyRequests.version }).from(companyRequests).where(eq(companyRequests.requestId, requestId)))[0]!
    .version;
const eventsOf = (alertId: number, kind: "reretrieval_ordered" | "diff_reviewed") =>
  db()
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.alertId, alertId), eq(alertEvents.kind, kind)));
const auditsOf = (action: string, target?: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), target ? eq(auditLog.target, target) : undefined));

describe("See what changed: ordering from an alert", () => {
  beforeAll(async () => {
    sim = await startTestSimulator({ walletCredits: 1000 });
    await sim.call("PUT", "/_sim/webhook-endpoint", { url: null });
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${auditLog}, ${alerts} cascade`);
    registry = await openedRegistry(sim.baseUrl);
    officer = await insertUser("officer@example.com", "compliance");
    colleague = await insertUser("colleague@example.com", "compliance");
  });
  afterAll(() => sim.close());

  it("orders the categories' datapoints with the alert id and case reference, keeps the request and the latest earlier snapshot, and records event and audit rows", async () => {
    const earlier = await earlierOrder("HRB 2001");
    const alert = await openAlert("HRB 2001", ["address", "legalRepresentatives"]);

    const result = await orderReretrieval(officer, alert, registry, await confirmedQuote(alert));
    expect(result.ok).toBe(true);
    const requestId = result.ok ? result.data.requestId : "";
    expect(requestId).not.toBe(earlier);

    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row).toMatchObject({ changeRequestId: requestId, baselineRequestId: earlier, baselineVersion: await storedVersion(earlier) });

    // The registry received the alert id and the monitor's case reference in the request's metadata.
    const sent = await registry.client.getCompany(requestId);
    expect(sent.request.metadata).toMatchObject({
      alertId: String(alert.id),
      caseReference: "KYC-HRB 2001",
      orderedBy: "officer@example.com",
    });
    expect(sent.request.dataPoints).toEqual(["company", "legalRepresentatives"]);

    const [event] = await eventsOf(alert.id, "reretrieval_ordered");
    expect(event).toMatchObject({
      actorId: officer.id,
      details: {
        requestId,
        datapoints: ["company", "legalRepresentatives"],
        quotedTotal: 0,
        baseline: { requestId: earlier, reviewed: false },
      },
    });
    expect(await auditsOf("alert.reretrieval_ordered", `alert ${alert.id}`)).toHaveLength(1);
    const ordered = (await auditsOf("company.ordered", "DE HRB 2001")).find(
      (a) => (a.details as { requestId?: string }).requestId === requestId,
    );
    expect(ordered?.details).toMatchObject({ alertId: String(alert.id), quotedTotal: 0 });
  });

  it("compares with the company's reviewed baseline before the latest earlier snapshot", async () => {
    const reviewed = await earlierOrder("HRB 2002");
    await earlierOrder("HRB 2002"); // later, but not reviewed
    await db().insert(reviewedBaselines).values({
      connectionId: registry.connection.id,
      countryCode: "DE",
      companyId: "HRB 2002",
      requestId: reviewed,
      version: 1,
      reviewedBy: officer.id,
    });
    const alert = await openAlert("HRB 2002", ["status"]);

    const result = await orderReretrieval(officer, alert, registry, await confirmedQuote(alert));
    expect(result.ok && result.data.baseline).toEqual({ requestId: reviewed, version: 1, reviewed: true });
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row).toMatchObject({ baselineRequestId: reviewed, baselineVersion: 1 });
  });

  it("stores no baseline when the connection has nothing earlier of the company", async () => {
    const alert = await openAlert("HRB 2003", ["ownership"]);
    const result = await orderReretrieval(officer, alert, registry, await confirmedQuote(alert));
    expect(result.ok && result.data.baseline).toBeUndefined();
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row).toMatchObject({ changeRequestId: expect.any(String), baselineRequestId: null, baselineVersion: null });
    expect((await registry.client.getCompany(row!.changeRequestId!)).request.dataPoints).toEqual([
      "shareholders",
      "ultimateBeneficialOwners",
      "graph",
    ]);
  });

  it("refuses a second order for the same alert and spends nothing", async () => {
    const alert = await openAlert("HRB 2004", ["address"]);
    expect((await orderReretrieval(officer, alert, registry, await confirmedQuote(alert))).ok).toBe(true);
    const before = (await auditsOf("company.ordered")).length;
    const again = await orderReretrieval(officer, (await alertForChanges(alert.id))!, registry, await confirmedQuote(alert));
    expect(again).toMatchObject({ ok: false, code: "already_ordered" });
    expect(await auditsOf("company.ordered")).toHaveLength(before);
    expect(await eventsOf(alert.id, "reretrieval_ordered")).toHaveLength(1);
  });

  it("places one order when several confirm at once, even from pages read before any order", async () => {
    const alert = await openAlert("HRB 2014", ["address"]);
    const before = (await auditsOf("company.ordered")).length;
    const confirmed = await confirmedQuote(alert);
    const results = await Promise.all(Array.from({ length: 4 }, () => orderReretrieval(officer, alert, registry, confirmed)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) expect(["in_progress", "already_ordered"]).toContain(refused.code);
    // A tab still holding the alert as it was before the order is refused too.
    expect(await orderReretrieval(officer, alert, registry, await confirmedQuote(alert))).toMatchObject({
      ok: false,
      code: "already_ordered",
    });
    expect(await auditsOf("company.ordered")).toHaveLength(before + 1);
    expect(await eventsOf(alert.id, "reretrieval_ordered")).toHaveLength(1);
  });

  it("refuses to order again while an earlier order for the alert has no known outcome", async () => {
    const alert = await openAlert("HRB 2015", ["status"]);
    await db().execute(sql`
      insert into paid_request_intents (actor_id, actor_email, connection_id, action, target, details, status)
      values (${officer.id}, ${officer.email}, ${registry.connection.id}, 'company.ordered', 'DE HRB 2015',
        ${JSON.stringify({ alertId: String(alert.id), quotedTotal: 4 })}::jsonb, 'unknown')`);
    const before = (await auditsOf("company.ordered")).length;
    const refused = await orderReretrieval(officer, alert, registry, await confirmedQuote(alert));
    expect(refused).toMatchObject({ ok: false, code: "already_ordered" });
    expect(refused.ok ? "" : refused.error).toMatch(/no known outcome/);
    expect(await auditsOf("company.ordered")).toHaveLength(before);
  });

  it("sees a block this connection bought for the company within 24 hours as free again, as the registry bills it", async () => {
    const alert = await openAlert("HRB 2005", ["address"]);
    const pricing = await registry.client.pricing("DE");
    const fresh = whatChangedQuote(pricing, "verification", ["company"], await earlierPurchases(alert, new Date()), new Date());
    expect(fresh.freeAgain).toEqual([]);
    expect(fresh.total).toBeGreaterThan(0);

    const earlier = await earlierOrder("HRB 2005");
    const priced = whatChangedQuote(pricing, "verification", ["company"], await earlierPurchases(alert, new Date()), new Date());
    expect(priced.freeAgain).toEqual([expect.objectContaining({ sku: priced.quote.blocks[0]!.sku, requestId: earlier, hoursAgo: 0 })]);
    expect(priced.total).toBe(0);

    // The registry agrees: the re-retrieval's company block costs nothing.
    const result = await orderReretrieval(officer, alert, registry, await confirmedQuote(alert));
    const requestId = result.ok ? result.data.requestId : "";
    expect((await registry.client.getCompany(requestId)).request.dataStatus?.dataPoints?.company?.cost).toBe(0);
  });

  it("judges 24 hours on the registry's clock: a notification stamped a day ahead of its receipt makes a block bought here billed again", async () => {
    const alert = await openAlert("HRB 2031", ["address"]);
    await earlierOrder("HRB 2031");
    expect((await quoteReretrieval(alert, registry, new Date())).priced.freeAgain).toHaveLength(1);
    await db()
      .insert(monitorNotifications)
      .values({
        alertId: alert.id,
        connectionId: registry.connection.id,
        messageId: "msg_a_day_ahead",
        monitorId: alert.monitorId,
        companyId: alert.companyId,
        countryCode: "DE",
        changeCategories: ["address"],
        monitorHasBeenDeactivated: false,
        notifiedAt: new Date(Date.now() + 25 * 3600_000).toISOString(),
      });
    const { priced, freeAgainRefused } = await quoteReretrieval(alert, registry, new Date());
    expect(priced.freeAgain).toEqual([]);
    expect(priced.total).toBe(priced.quote.total);
    expect(freeAgainRefused).toBe(false);
    await db().delete(monitorNotifications).where(eq(monitorNotifications.messageId, "msg_a_day_ahead"));
  });

  it("caps the profile blocks at the quoted price: a block shown free again that the registry would bill after all is refused, and the alert keeps no request", async () => {
    const alert = await openAlert("HRB 2007", ["address"]);
    // A purchase of the company block stored here that the registry does not know of: the console quotes it free again.
    await db()
      .insert(companyRequests)
      .values({
        requestId: "r-unknown-to-the-registry",
        connectionId: registry.connection.id,
        origin: "console",
        countryCode: "DE",
        companyId: "HRB 2007",
        dataStatus: { dataPoints: { company: { status: "succeeded", cost: 4 } } },
      });
    const confirmed = await confirmedQuote(alert);
    expect(confirmed).toMatchObject({ quotedTotal: 0, maxBudget: 0, profileMaxBudget: 0 });
    const refused = await orderReretrieval(officer, alert, registry, confirmed);
    // Said in words, never the registry's code or cap name, and quoted again at the full price.
    const requoted = await confirmedQuote(alert);
    expect(requoted.quotedTotal).toBeGreaterThan(0);
    expect(refused).toEqual({
      ok: false,
      code: "requoted",
      error: `The registry no longer offers this for free; it costs ${requoted.quotedTotal} credits. Nothing was charged: confirm the new price to order.`,
    });
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row?.changeRequestId).toBeNull();
    expect(await eventsOf(alert.id, "reretrieval_ordered")).toHaveLength(0);
  });

  it("orders with the server's caps: the whole request at the total, the profile blocks at their part, the graph at its price", async () => {
    const alert = await openAlert("HRB 2008", ["ownership", "status"]);
    const confirmed = await confirmedQuote(alert);
    expect(confirmed.graphMaxBudget).toBeGreaterThan(0);
    expect(confirmed.maxBudget).toBe(confirmed.quotedTotal);
    expect(confirmed.profileMaxBudget).toBe(Math.round((confirmed.quotedTotal - confirmed.graphMaxBudget) * 100) / 100);
    const result = await orderReretrieval(officer, alert, registry, confirmed);
    const requestId = result.ok ? result.data.requestId : "";
    const ordered = (await auditsOf("company.ordered", "DE HRB 2008")).find(
      (a) => (a.details as { requestId?: string }).requestId === requestId,
    );
    expect(ordered?.details).toMatchObject({
      alertId: String(alert.id),
      quotedTotal: confirmed.quotedTotal,
      caps: { maxBudget: confirmed.maxBudget, profileMaxBudget: confirmed.profileMaxBudget, graphMaxBudget: confirmed.graphMaxBudget },
    });
  });

  it("refuses a confirmation that is not the server's quote, and orders nothing", async () => {
    const alert = await openAlert("HRB 2009", ["ownership"]);
    const confirmed = await confirmedQuote(alert);
    const before = (await auditsOf("company.ordered")).length;
    const refused = await orderReretrieval(officer, alert, registry, { ...confirmed, maxBudget: 1000, graphMaxBudget: 1000 });
    expect(refused).toMatchObject({ ok: false, code: "price_changed" });
    expect(refused.ok ? "" : refused.error).toBe(
      `Refused, nothing was ordered: the price and caps sent are not this alert's quote (spend cap for the whole request: 1000 sent, ${confirmed.maxBudget} quoted; cap for the ownership graph: 1000 sent, ${confirmed.graphMaxBudget} quoted). Look at the price again and confirm it.`,
    );
    expect(await auditsOf("company.ordered")).toHaveLength(before);
    expect((await alertForChanges(alert.id))?.changeRequestId).toBeNull();
  });

  it("orders for a monitor whose case reference is as long as a case reference may be", async () => {
    const caseReference = "é".repeat(500);
    const alert = await openAlert("HRB 2010", ["status"], caseReference);
    const result = await orderReretrieval(officer, alert, registry, await confirmedQuote(alert));
    expect(result.ok).toBe(true);
    const sent = await registry.client.getCompany(result.ok ? result.data.requestId : "");
    expect(sent.request.metadata).toMatchObject({ caseReference });
  });

  it("records a viewed diff once per user and alert, however often they look", async () => {
    const alert = await openAlert("HRB 2006", ["address"]);
    expect(await markDiffReviewed(officer, alert)).toBe(false); // nothing ordered yet: no diff to have seen
    await orderReretrieval(officer, alert, registry, await confirmedQuote(alert));
    const ordered = (await alertForChanges(alert.id))!;

    expect(await markDiffReviewed(officer, ordered)).toBe(true);
    expect(await markDiffReviewed(officer, ordered)).toBe(false);
    expect(await markDiffReviewed(colleague, ordered)).toBe(true);

    const events = await eventsOf(alert.id, "diff_reviewed");
    expect(events.map((e) => e.actorEmail).sort()).toEqual(["colleague@example.com", "officer@example.com"]);
    expect(await auditsOf("alert.diff_reviewed", `alert ${alert.id}`)).toHaveLength(2);
  });
});
