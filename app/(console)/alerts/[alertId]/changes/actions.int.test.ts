import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { alerts, auditLog, companyRequests, monitors, users } from "@/db/schema";
import { alertForChanges, priceReretrieval } from "@/lib/orders/what-changed";
import { reretrievalConfirmation } from "@/lib/alerts/what-changed-caps";
import { registryFor } from "@/lib/connections/registry-for";
import { orderInputSchema } from "@/lib/orders/order-input.shared";
import { placeOrder } from "@/lib/orders/place-order";
import { signIn } from "@/test/session";
import { startSimulatorWithConnection } from "@/test/simulator-connection";
import { insertUser } from "@/test/users-fixture";
import { orderWhatChangedAction } from "./actions";

let sim: Awaited<ReturnType<typeof startSimulatorWithConnection>>["sim"];
let connectionId = "";
let officer: Awaited<ReturnType<typeof insertUser>>;

/** An open alert on the simulator's connection, for a monitor started here; its categories name the ownership graph too. */
async function openAlert(companyId: string) {
  const monitorId = `mon_${companyId.replace(/\W/g, "")}`;
  await db()
    .insert(monitors)
    .values({ connectionId, monitorId, countryCode: "DE", companyId, caseReference: `KYC-${companyId}` });
  const [row] = await db()
    .insert(alerts)
    .values({
      connectionId,
      monitorId,
      countryCode: "DE",
      companyId,
      categories: ["ownership", "status"],
      dueAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: alerts.id });
  return row!.id;
}

/** What the page shows for the alert: the server's quote with its caps. */
async function shownQuote(alertId: number) {
  const { mode, priced } = await priceReretrieval((await alertForChanges(alertId))!, new Date());
  return reretrievalConfirmation(mode, priced);
}

/** Whether the page's quote for the alert takes blocks off as free again, and whether it says the registry refused that. */
async function freeAgainShown(alertId: number) {
  const { priced, freeAgainRefused } = await priceReretrieval((await alertForChanges(alertId))!, new Date());
  return { freeAgain: priced.freeAgain.length, freeAgainRefused };
}

/** Whether anything was ordered for the alert: a stored request, a paid-request intent or a `company.ordered` row. */
async function orderedFor(alertId: number) {
  const stored = await db().select({ id: companyRequests.requestId }).from(companyRequests);
  const intents = await db().execute(sql`select 1 from paid_request_intents where details->>'alertId' = ${String(alertId)}`);
  const audited = await db().select().from(auditLog).where(eq(auditLog.action, "company.ordered"));
  return { stored: stored.length, intents: intents.rows.length, audited: audited.length };
}

describe("ordering what changed by posting the action directly", () => {
  beforeAll(async () => {
    ({ sim, connectionId } = await startSimulatorWithConnection());
    await sim.call("PUT", "/_sim/wallet", { balance: 1000 });
    await db().execute(sql`truncate ${users}, ${auditLog} cascade`);
    officer = await insertUser("officer@example.com", "compliance");
    signIn(officer);
  });
  afterAll(() => sim.close());

  it("refuses a post without caps and orders nothing", async () => {
    const alertId = await openAlert("HRB 3001");
    const { quotedTotal, mode } = await shownQuote(alertId);
    const result = await orderWhatChangedAction({ alertId, quotedTotal, mode } as never);
    const missing = "The order must carry the price and spend caps you confirmed: look at the price again and confirm it.";
    expect(result).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { maxBudget: [missing], profileMaxBudget: [missing], graphMaxBudget: [missing] },
    });
    expect(await orderedFor(alertId)).toEqual({ stored: 0, intents: 0, audited: 0 });
  });

  it("refuses inflated caps and orders nothing", async () => {
    const alertId = await openAlert("HRB 3002");
    const shown = await shownQuote(alertId);
    const result = await orderWhatChangedAction({ alertId, ...shown, profileMaxBudget: 1000, graphMaxBudget: 1000 });
    expect(result).toMatchObject({ ok: false, code: "price_changed" });
    expect(result.ok ? "" : result.error).toMatch(/^Refused, nothing was ordered: .*cap for the profile datapoints: 1000 sent/);
    expect(await orderedFor(alertId)).toEqual({ stored: 0, intents: 0, audited: 0 });
  });

  it("orders with the caps of the server's own quote, which the order that goes out carries", async () => {
    const alertId = await openAlert("HRB 3003");
    const shown = await shownQuote(alertId);
    const result = await orderWhatChangedAction({ alertId, ...shown });
    expect(result).toMatchObject({ ok: true, data: { requestId: expect.any(String) } });
    const [ordered] = await db().select().from(auditLog).where(eq(auditLog.action, "company.ordered"));
    expect(ordered?.details).toMatchObject({
      alertId: String(alertId),
      quotedTotal: shown.quotedTotal,
      caps: { maxBudget: shown.maxBudget, profileMaxBudget: shown.profileMaxBudget, graphMaxBudget: shown.graphMaxBudget },
    });
    expect(shown.maxBudget).toBeGreaterThan(0);
    expect(shown.graphMaxBudget).toBeGreaterThan(0);
  });

  describe("when the registry refuses a price shown free again", () => {
    let alertId = 0;
    let freeQuote: Awaited<ReturnType<typeof shownQuote>>;

    beforeAll(async () => {
      alertId = await openAlert("HRB 3004");
      // The company profile bought here, then a day passes on the registry's clock that this console never saw (no
      // notification stamped it): the console still judges the block bought within 24 hours, the registry bills it.
      const order = orderInputSchema.parse({ countryCode: "DE", id: "HRB 3004", dataPoints: ["company"], quotedTotal: 4 });
      const earlier = await placeOrder(officer, order, await registryFor({ connectionId }));
      expect(earlier.ok).toBe(true);
      freeQuote = await shownQuote(alertId);
      expect(await freeAgainShown(alertId)).toEqual({ freeAgain: 1, freeAgainRefused: false });
      expect((await sim.call("POST", "/_sim/advance", { seconds: 25 * 3600 })).status).toBe(200);
    });

    it("quotes it again at its real price, said in words, and orders nothing", async () => {
      const refused = await orderWhatChangedAction({ alertId, ...freeQuote });
      const requote = await shownQuote(alertId);
      expect(requote.quotedTotal).toBeGreaterThan(freeQuote.quotedTotal);
      expect(requote.profileMaxBudget).toBeGreaterThan(freeQuote.profileMaxBudget);
      expect(refused).toEqual({
        ok: false,
        code: "requoted",
        error: `The registry no longer offers this for free; it costs ${requote.quotedTotal} credits. Nothing was charged: confirm the new price to order.`,
      });
      expect(JSON.stringify(refused)).not.toMatch(/budget_exceeded|profileMaxBudget|maxBudget/);
      expect(await freeAgainShown(alertId)).toEqual({ freeAgain: 0, freeAgainRefused: true });
      const [alert] = await db().select({ changeRequestId: alerts.changeRequestId }).from(alerts).where(eq(alerts.id, alertId));
      expect(alert?.changeRequestId).toBeNull();
    });

    it("refuses the stale free price confirmed again, and orders nothing", async () => {
      const before = await orderedFor(alertId);
      const result = await orderWhatChangedAction({ alertId, ...freeQuote });
      expect(result).toMatchObject({ ok: false, code: "price_changed" });
      expect(result.ok ? "" : result.error).toMatch(
        new RegExp(
          `^Refused, nothing was ordered: .*total: ${freeQuote.quotedTotal} sent, ${(await shownQuote(alertId)).quotedTotal} quoted`,
        ),
      );
      expect(await orderedFor(alertId)).toEqual(before);
    });

    it("orders at the confirmed real price, audited with the caps that went out", async () => {
      const requote = await shownQuote(alertId);
      const result = await orderWhatChangedAction({ alertId, ...requote });
      expect(result).toMatchObject({ ok: true, data: { requestId: expect.any(String) } });
      const requestId = result.ok ? result.data.requestId : "";
      const ordered = await db().select().from(auditLog).where(eq(auditLog.action, "company.ordered"));
      expect(ordered.find((row) => (row.details as { requestId?: string }).requestId === requestId)?.details).toMatchObject({
        alertId: String(alertId),
        outcome: "ordered",
        quotedTotal: requote.quotedTotal,
        caps: { maxBudget: requote.maxBudget, profileMaxBudget: requote.profileMaxBudget, graphMaxBudget: requote.graphMaxBudget },
      });
      const recorded = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `alert ${alertId}`));
      expect(recorded.map((row) => row.action)).toEqual(["alert.reretrieval_ordered"]);
      const [alert] = await db().select({ changeRequestId: alerts.changeRequestId }).from(alerts).where(eq(alerts.id, alertId));
      expect(alert?.changeRequestId).toBe(requestId);
      // The registry billed the company block this time, as the confirmed price said.
      const snapshot = await (await registryFor({ connectionId })).client.getCompany(requestId);
      expect(snapshot.request.dataStatus?.dataPoints?.company?.cost).toBeGreaterThan(0);
    });
  });
});
