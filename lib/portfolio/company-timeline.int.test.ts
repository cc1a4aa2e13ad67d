import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { alertEvents, alerts, auditLog, companyRequests, monitors, type User } from "@/db/schema";
import { registryActor } from "@/lib/alerts/record-notification";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { companyTimeline, type TimelineEvent } from "./company-timeline";

let connectionId: string;
let otherConnectionId: string;
let compliance: User;
let admin: User;
let auditor: User;

const company = { countryCode: "GB", companyId: "TL-1" };
const key = () => ({ connectionId, ...company });

/** Minutes after a fixed start: every row gets its own, so the order is the test's. */
const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 9, minute));

const succeeded = (cost: number) => ({ status: "succeeded", cost });

type RequestRow = typeof companyRequests.$inferInsert;

async function request(row: Partial<RequestRow> & Pick<RequestRow, "requestId">) {
  await db()
    .insert(companyRequests)
    .values({ connectionId, origin: "console", ...company, ...row, updatedAt: row.createdAt });
}

async function auditRow(minute: number, actor: User, action: string, target: string, details: Record<string, unknown>) {
  await db()
    .insert(auditLog)
    .values({ at: at(minute), actorId: actor.id, actorEmail: actor.email, action, target, details });
}

async function alertOf(connection: string, companyId: string, monitorId: string, minute: number): Promise<number> {
  const [row] = await db()
    .insert(alerts)
    .values({
      connectionId: connection,
      monitorId,
      countryCode: "GB",
      companyId,
      categories: ["ownership"],
      dueAt: at(minute + 60 * 24),
      openedAt: at(minute),
    })
    .returning({ id: alerts.id });
  return row!.id;
}

const summary = (events: TimelineEvent[]) => events.map((e) => ({ kind: e.kind, title: e.title, who: e.who }));

let alertId: number;

beforeAll(async () => {
  connectionId = await storeSandboxConnection({ webhookSecret: "whsec_tl_a", name: "Timeline sandbox" });
  otherConnectionId = await storeSandboxConnection({ webhookSecret: "whsec_tl_b", name: "Timeline other account" });
  compliance = await insertUser("officer@example.com", "compliance", undefined, { name: "Olivia Officer" });
  admin = await insertUser("admin@example.com", "admin", undefined, { name: "Ada Admin" });
  // No display name: named by email.
  auditor = await insertUser("auditor@example.com", "auditor", undefined, { name: "" });

  // The company, through the connection in use.
  await request({
    requestId: "req_tl_elsewhere",
    origin: "elsewhere",
    createdAt: at(0),
    complete: true,
    dataStatus: { dataPoints: { company: succeeded(4) } },
  });
  await request({
    requestId: "req_tl_first",
    purpose: "order",
    orderedBy: compliance.id,
    createdAt: at(1),
    complete: true,
    dataStatus: {
      dataPoints: { company: succeeded(10), ultimateBeneficialOwners: { status: "failed", error: { code: "registry_unavailable" } } },
      documents: { "doc-1": succeeded(2) },
    },
    filings: { legalName: null, statutoryFilings: null, complianceFlags: null, caseReference: "KYC-7" },
  });
  await auditRow(2, compliance, "monitor.started", "GB TL-1", {
    monitorId: "mon_tl",
    connectionId,
    caseReference: "KYC-7",
    alreadyMonitored: false,
  });
  alertId = await alertOf(connectionId, "TL-1", "mon_tl", 3);
  await db()
    .insert(alertEvents)
    .values([
      {
        alertId,
        kind: "notification_received",
        actorEmail: registryActor.email,
        at: at(3),
        details: { categories: ["ownership", "legalRepresentatives"], opened: true, test: false, deactivation: false },
      },
    ]);
  await request({
    requestId: "req_tl_expansion",
    purpose: "graph_expansion",
    parentRequestId: "req_tl_first",
    orderedBy: admin.id,
    createdAt: at(4),
    dataStatus: { dataPoints: { graph: { status: "in_progress" } } },
  });
  await db()
    .insert(alertEvents)
    .values({
      alertId,
      kind: "state_changed",
      actorId: compliance.id,
      actorEmail: compliance.email,
      at: at(5),
      details: {
        from: "in_review",
        to: "resolved",
        outcome: "no_impact",
        comment: "Known change",
        baseline: { requestId: "req_tl_expansion", version: 2 },
      },
    });
  await auditRow(6, auditor, "evidence.exported", "req_tl_first", { version: 3, companyId: "TL-1", countryCode: "GB", fileCount: 5 });
  await auditRow(7, compliance, "evidence.exported", "req_tl_expansion", {
    version: 0,
    companyId: "TL-1",
    countryCode: "GB",
    fileCount: 7,
  });
  await auditRow(8, compliance, "monitor.metadata_updated", "GB TL-1", { monitorId: "mon_tl", connectionId, caseReference: "KYC-8" });
  await auditRow(9, admin, "monitor.stopped", "GB TL-1", { monitorId: "mon_tl", connectionId });
  // A monitor started by another client of the account, later deactivated by the registry.
  await db()
    .insert(monitors)
    .values({
      connectionId,
      monitorId: "mon_tl_elsewhere",
      ...company,
      startedAt: at(10),
      deactivatedAt: at(11),
      deactivationReason: "The registry deactivated this monitor.",
    });

  await db()
    .insert(alertEvents)
    .values({
      alertId,
      kind: "assigned",
      actorId: admin.id,
      actorEmail: admin.email,
      at: at(12),
      details: { from: auditor.email, to: compliance.email, toId: compliance.id },
    });

  // The same company through another connection, and another company through this one: neither belongs here.
  await db()
    .insert(companyRequests)
    .values([
      {
        requestId: "req_tl_other_connection",
        connectionId: otherConnectionId,
        origin: "console",
        ...company,
        orderedBy: admin.id,
        createdAt: at(20),
      },
      {
        requestId: "req_tl_other_company",
        connectionId,
        origin: "console",
        countryCode: "GB",
        companyId: "TL-2",
        orderedBy: admin.id,
        createdAt: at(21),
      },
    ]);
  await auditRow(22, admin, "evidence.exported", "req_tl_other_connection", { version: 1, companyId: "TL-1", countryCode: "GB" });
  await auditRow(23, admin, "evidence.exported", "req_tl_other_company", { version: 1, companyId: "TL-2", countryCode: "GB" });
  await auditRow(24, admin, "monitor.started", "GB TL-1", { monitorId: "mon_other", connectionId: otherConnectionId });
  await auditRow(25, admin, "monitor.started", "GB TL-2", { monitorId: "mon_tl2", connectionId });
  const otherAlerts = [await alertOf(otherConnectionId, "TL-1", "mon_other", 26), await alertOf(connectionId, "TL-2", "mon_tl2", 27)];
  await db()
    .insert(alertEvents)
    .values(
      otherAlerts.map((id) => ({
        alertId: id,
        kind: "commented" as const,
        actorId: admin.id,
        actorEmail: admin.email,
        at: at(28),
        details: { comment: "Not here" },
      })),
    );
  await db()
    .insert(monitors)
    .values([
      { connectionId: otherConnectionId, monitorId: "mon_other", ...company, startedAt: at(29) },
      { connectionId, monitorId: "mon_tl2", countryCode: "GB", companyId: "TL-2", startedAt: at(29) },
    ]);
});

describe("the company timeline", () => {
  it("gathers requests, monitors, alerts, the reviewed baseline and evidence exports, newest first, each with who by display name", async () => {
    const events = await companyTimeline(key(), { limit: 50, role: "compliance" });
    expect(summary(events)).toEqual([
      { kind: "alert", title: `Alert ${alertId}: Assigned to Olivia Officer (was auditor@example.com)`, who: "Ada Admin" },
      { kind: "monitor_deactivated", title: "Monitor deactivated", who: "the registry" },
      { kind: "monitor_started", title: "Monitoring started outside this console", who: undefined },
      { kind: "monitor_stopped", title: "Monitoring stopped", who: "Ada Admin" },
      { kind: "monitor_changed", title: "Monitor's metadata changed", who: "Olivia Officer" },
      { kind: "evidence_exported", title: "Company file's evidence pack exported", who: "Olivia Officer" },
      { kind: "evidence_exported", title: "Evidence pack of request req_tl_first exported", who: "auditor@example.com" },
      { kind: "alert", title: `Alert ${alertId}: In review → Resolved: No impact`, who: "Olivia Officer" },
      { kind: "baseline_reviewed", title: "Reviewed baseline set", who: "Olivia Officer" },
      { kind: "request", title: "Graph expansion (request req_tl_expansion)", who: "Ada Admin" },
      { kind: "alert", title: `Alert ${alertId}: Opened by a notification: Ownership, Legal representatives`, who: "the registry" },
      { kind: "monitor_started", title: "Monitoring started", who: "Olivia Officer" },
      { kind: "request", title: "First order (request req_tl_first)", who: "Olivia Officer" },
      { kind: "request", title: "Request made outside this console (request req_tl_elsewhere)", who: "a webhook" },
    ]);
    expect(events.map((e) => e.at.getTime())).toEqual(events.map((e) => e.at.getTime()).sort((a, b) => b - a));

    const byTitle = (title: string) => events.find((e) => e.title === title)!;
    // The order: what it asked for, its outcome, what it cost and its case reference, in words.
    const first = byTitle("First order (request req_tl_first)");
    expect(first.detail).toBe(
      "Company profile, Ultimate beneficial owners, 1 document · complete, 1 of 3 failed · 12 credits charged · case reference KYC-7",
    );
    expect(first.href).toBe("/requests/req_tl_first");
    expect(byTitle("Graph expansion (request req_tl_expansion)").detail).toBe(
      "Ownership graph · in progress · cost not reported · follows request req_tl_first",
    );
    expect(byTitle("Monitoring started")).toMatchObject({ detail: "monitor mon_tl · case reference KYC-7", href: "/monitors/mon_tl" });
    expect(byTitle("Monitor's metadata changed").detail).toBe("monitor mon_tl · case reference KYC-8");
    expect(byTitle(`Alert ${alertId}: In review → Resolved: No impact`)).toMatchObject({
      detail: "Known change",
      href: `/alerts/${alertId}`,
    });
    expect(byTitle("Reviewed baseline set")).toMatchObject({ href: "/requests/req_tl_expansion" });
    expect(byTitle("Reviewed baseline set").detail).toContain("request req_tl_expansion, version 2");
    expect(byTitle("Company file's evidence pack exported").href).toBeUndefined();
    expect(byTitle("Evidence pack of request req_tl_first exported")).toMatchObject({
      detail: "version 3 · 5 files",
      href: "/requests/req_tl_first",
    });

    // Words, never the API's or the audit log's names.
    const shown = events.map((e) => `${e.title} ${e.detail ?? ""}`).join("\n");
    for (const code of [
      "ultimateBeneficialOwners",
      "graph_expansion",
      "evidence.exported",
      "monitor.started",
      "monitor.stopped",
      "monitor.metadata_updated",
      "no_impact",
      "in_review",
      "legalRepresentatives",
    ]) {
      expect(shown).not.toContain(code);
    }
    // Another connection's requests, monitors, alerts and exports, and another company's, are not in it.
    expect(shown).not.toMatch(/req_tl_other|mon_other|mon_tl2|Not here/);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
  });

  it("keeps apart the same company seen through another connection", async () => {
    const events = await companyTimeline({ connectionId: otherConnectionId, ...company }, { limit: 50, role: "admin" });
    expect(events.map((e) => e.title)).toEqual([
      "Monitoring started outside this console",
      expect.stringMatching(/^Alert \d+: Commented$/),
      "Monitoring started",
      "Evidence pack of request req_tl_other_connection exported",
      "Request (request req_tl_other_connection)",
    ]);
  });

  it("returns the newest `limit` events", async () => {
    const all = await companyTimeline(key(), { limit: 50, role: "compliance" });
    const three = await companyTimeline(key(), { limit: 3, role: "compliance" });
    expect(three).toEqual(all.slice(0, 3));
    expect(await companyTimeline(key(), { limit: 5, role: "compliance" })).toEqual(all.slice(0, 5));
  });

  it("leaves out monitors and alerts for a role that may not see them", async () => {
    const events = await companyTimeline(key(), { limit: 50, role: "finance" });
    expect([...new Set(events.map((e) => e.kind))].sort()).toEqual(["evidence_exported", "request"]);
    expect(events).toHaveLength(5);
  });

  it("says nothing for a company the console has nothing on", async () => {
    expect(await companyTimeline({ connectionId, countryCode: "GB", companyId: "NOTHING" }, { limit: 50, role: "admin" })).toEqual([]);
  });
});
