import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import {
  alertEvents,
  alerts,
  auditLog,
  companyRequests,
  liveEvents,
  registryConnections,
  reviewedBaselines,
  users,
  type User,
} from "@/db/schema";
import { receiveWebhook } from "@/lib/webhooks/receive";
import { storeSandboxConnection } from "@/test/stored-connection";
import { auditActionsFor, insertUser } from "@/test/users-fixture";
import { generateMessageId, webhookHeaders } from "../../simulator/webhooks/sign";
import { alertDetail } from "./alert-detail";
import { describeEvent } from "./describe-event.shared";
import { openAlertsAssignedTo } from "./open-alert-count";
import { assignAlerts, commentOnAlert, moveAlertsToReview, resolveAlerts } from "./triage";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
let connectionId = "";
let officer: User;
let admin: User;

const notification = (monitorId: string, categories: string[] = ["address"]) => ({
  type: "monitor.notification",
  monitorId,
  companyId: "HRB 12345",
  countryCode: "DE",
  timestamp: "2026-11-22T10:00:00Z",
  changeCategories: categories,
  monitorHasBeenDeactivated: false,
});

async function deliver(payload: unknown) {
  const body = JSON.stringify(payload);
  const result = await receiveWebhook(db(), {
    connectionId,
    rawBody: body,
    headers: new Headers(webhookHeaders(secret, generateMessageId(), Math.floor(Date.now() / 1000), body)),
    arrivedAt: performance.now(),
  });
  expect(result.body).toEqual({ outcome: "applied" });
}

const alertRows = () => db().select().from(alerts).orderBy(asc(alerts.id));
const eventsOf = async (alertId: number) =>
  (await db().select().from(alertEvents).where(eq(alertEvents.alertId, alertId)).orderBy(asc(alertEvents.id))).map((e) => ({
    kind: e.kind,
    actor: e.actorEmail,
    details: e.details,
  }));

/** Opens one alert per monitor id given, by delivering a notification for each; returns their ids. */
async function openAlerts(...monitorIds: string[]): Promise<number[]> {
  for (const monitorId of monitorIds) await deliver(notification(monitorId));
  const rows = await alertRows();
  return monitorIds.map((m) => rows.find((r) => r.monitorId === m && r.state !== "resolved")!.id);
}

describe("alert triage", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${registryConnections}, ${companyRequests}, ${liveEvents}, ${auditLog}, ${users} cascade`);
    await db().execute(sql`truncate alerts cascade`);
    connectionId = await storeSandboxConnection({ webhookSecret: secret });
    officer = await insertUser("officer@example.com", "compliance");
    admin = await insertUser("admin@example.com", "admin");
  });

  it("groups a monitor's notifications into its open alert, and opens a new alert after resolution", async () => {
    await deliver(notification("mon_1", ["address"]));
    await deliver(notification("mon_1", ["status", "address"]));
    const [first] = await alertRows();
    expect(first).toMatchObject({ state: "new", notificationCount: 2, categories: ["address", "status"] });

    await resolveAlerts(officer, [first!.id], { outcome: "no_impact", comment: "Moved offices." });
    await deliver(notification("mon_1", ["ownership"]));
    const rows = await alertRows();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ id: first!.id, state: "resolved", notificationCount: 2, outcome: "no_impact" });
    expect(rows[1]).toMatchObject({ state: "new", notificationCount: 1, categories: ["ownership"] });
    expect((await alertDetail(rows[1]!.id))?.notifications.map((n) => n.categories)).toEqual([["ownership"]]);
  });

  it("assigns, moves to review, comments and resolves, each with its timeline event, audit row and live events", async () => {
    const [id] = await openAlerts("mon_1");
    await db().delete(liveEvents);
    expect(await assignAlerts(officer, [id!], admin.id)).toEqual({ changed: [id], refused: [] });
    expect(await moveAlertsToReview(admin, [id!])).toEqual({ changed: [id], refused: [] });
    expect(await commentOnAlert(admin, id!, "Checking the new address.")).toEqual({ changed: [id], refused: [] });
    expect(await resolveAlerts(admin, [id!], { outcome: "risk_reassessed", comment: "Risk unchanged." })).toEqual({
      changed: [id],
      refused: [],
    });

    expect(await eventsOf(id!)).toEqual([
      { kind: "notification_received", actor: "registry (webhook)", details: expect.objectContaining({ categories: ["address"] }) },
      { kind: "assigned", actor: "officer@example.com", details: { from: null, to: "admin@example.com", toId: admin.id } },
      { kind: "state_changed", actor: "admin@example.com", details: { from: "new", to: "in_review", summary: "New → In review" } },
      { kind: "commented", actor: "admin@example.com", details: { comment: "Checking the new address." } },
      {
        kind: "state_changed",
        actor: "admin@example.com",
        details: {
          from: "in_review",
          to: "resolved",
          summary: "In review → Resolved: Risk re-assessed",
          outcome: "risk_reassessed",
          comment: "Risk unchanged.",
        },
      },
    ]);
    expect(await auditActionsFor(`alert ${id}`)).toEqual([
      "alert.notification_received",
      "alert.assigned",
      "alert.state_changed",
      "alert.commented",
      "alert.state_changed",
    ]);
    const [resolved] = await alertRows();
    expect(resolved).toMatchObject({
      state: "resolved",
      outcome: "risk_reassessed",
      resolutionComment: "Risk unchanged.",
      resolvedBy: admin.id,
    });
    const topics = (await db().select().from(liveEvents)).map((e) => e.topic);
    expect(topics.filter((t) => t === "alerts")).toHaveLength(4);
    expect(topics.filter((t) => t === `alert:${id}`)).toHaveLength(4);
  });

  it("gives the alert's page the display names of the people its assignments name, and none for a user without one", async () => {
    const [id] = await openAlerts("mon_1");
    const named = await insertUser("anna@example.com", "compliance", undefined, { name: "Anna Schmidt" });
    const unnamed = await insertUser("bo@example.com", "compliance", undefined, { name: "" });
    await assignAlerts(officer, [id!], named.id);
    await assignAlerts(officer, [id!], unnamed.id);
    const detail = (await alertDetail(id!))!;
    expect(detail.people).toEqual({ "anna@example.com": "Anna Schmidt" });
    const assignments = detail.timeline.filter((e) => e.kind === "assigned").map((e) => describeEvent(e.kind, e.details, detail.people));
    expect(assignments).toEqual(["Assigned to Anna Schmidt", "Assigned to bo@example.com (was Anna Schmidt)"]);
  });

  it("writes a change, its event, its audit row and its live events in one transaction: when the last write fails, none is kept", async () => {
    const [id] = await openAlerts("mon_1");
    // The live events are written last: refusing them must take back the change, the event and the audit row.
    await db().execute(sql`
      create function refuse_live() returns trigger language plpgsql as $$ begin raise exception 'live refused'; end $$;
      create trigger refuse_live before insert on live_events for each row execute function refuse_live()`);
    try {
      await expect(assignAlerts(officer, [id!], officer.id)).rejects.toThrow();
      await expect(commentOnAlert(officer, id!, "x")).rejects.toThrow();
      await expect(resolveAlerts(officer, [id!], { outcome: "escalated", comment: "x" })).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger refuse_live on live_events; drop function refuse_live()`);
    }
    const [alert] = await alertRows();
    expect(alert).toMatchObject({ state: "new", assigneeId: null, outcome: null });
    expect((await eventsOf(id!)).map((e) => e.kind)).toEqual(["notification_received"]);
    expect(await auditActionsFor(`alert ${id}`)).toEqual(["alert.notification_received"]);
  });

  it("bulk-resolves, reporting an already resolved alert and resolving the others, each with its own event and audit row", async () => {
    const [a, b, c] = await openAlerts("mon_a", "mon_b", "mon_c");
    await resolveAlerts(officer, [b!], { outcome: "no_impact", comment: "First pass." });
    const outcome = await resolveAlerts(admin, [a!, b!, c!], { outcome: "escalated", comment: "Sent to the MLRO." });
    expect(outcome.changed).toEqual([a, c]);
    expect(outcome.refused).toEqual([{ id: b, error: expect.stringMatching(/already resolved/) }]);
    for (const id of [a!, c!]) {
      expect(await auditActionsFor(`alert ${id}`)).toEqual(["alert.notification_received", "alert.state_changed"]);
      expect((await eventsOf(id)).at(-1)).toMatchObject({ kind: "state_changed", actor: "admin@example.com" });
    }
    expect(await auditActionsFor(`alert ${b}`)).toEqual(["alert.notification_received", "alert.state_changed"]);
    expect((await alertRows()).find((r) => r.id === b)).toMatchObject({ outcome: "no_impact", resolutionComment: "First pass." });
    expect(await moveAlertsToReview(admin, [a!])).toEqual({
      changed: [],
      refused: [{ id: a, error: expect.stringMatching(/already resolved/) }],
    });
  });

  it("assigns only to active compliance or admin users, and counts each user's open real alerts", async () => {
    const finance = await insertUser("finance@example.com", "finance");
    const gone = await insertUser("gone@example.com", "compliance", undefined, { active: false });
    const [a, b] = await openAlerts("mon_a", "mon_b");
    for (const who of [finance.id, gone.id, crypto.randomUUID()]) {
      const outcome = await assignAlerts(admin, [a!, b!], who);
      expect(outcome.changed).toEqual([]);
      expect(outcome.refused.map((r) => r.error)).toEqual([expect.stringMatching(/active compliance or admin/), expect.anything()]);
    }
    expect((await alertRows()).map((r) => r.assigneeId)).toEqual([null, null]);

    await assignAlerts(admin, [a!, b!], officer.id);
    expect(await openAlertsAssignedTo(officer.id)).toBe(2);
    await db().update(alerts).set({ isTest: true }).where(eq(alerts.id, b!));
    await resolveAlerts(officer, [a!], { outcome: "no_impact", comment: "Fine." });
    expect(await openAlertsAssignedTo(officer.id)).toBe(0);
    // Assigning someone who already holds it changes nothing and writes nothing.
    await assignAlerts(admin, [b!], officer.id);
    expect((await eventsOf(b!)).filter((e) => e.kind === "assigned")).toHaveLength(1);
  });

  it("makes the alert's re-retrieved snapshot the company's reviewed baseline when resolving", async () => {
    const [id] = await openAlerts("mon_1");
    await db().insert(companyRequests).values({
      requestId: "req_change",
      connectionId,
      origin: "console",
      countryCode: "DE",
      companyId: "HRB 12345",
      version: 4,
    });
    await db().update(alerts).set({ changeRequestId: "req_change" }).where(eq(alerts.id, id!));
    await resolveAlerts(officer, [id!], { outcome: "no_impact", comment: "Reviewed the diff." });
    expect(await db().select().from(reviewedBaselines)).toEqual([
      expect.objectContaining({
        connectionId,
        countryCode: "DE",
        companyId: "HRB 12345",
        requestId: "req_change",
        version: 4,
        alertId: id,
        reviewedBy: officer.id,
      }),
    ]);
    expect((await eventsOf(id!)).at(-1)?.details).toMatchObject({ baseline: { requestId: "req_change", version: 4 } });
  });
});
