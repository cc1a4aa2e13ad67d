import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, monitors } from "@/db/schema";
import type { CompanyResponse } from "@/lib/registry/schemas";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { calendarEntries } from "./calendar-entries";
import { upcomingDeadlines } from "./upcoming-deadlines";

const now = new Date("2026-05-10T12:00:00Z");

/** A snapshot whose company datapoint succeeded, as the registry sends it. */
const snapshotOf = (
  requestId: string,
  countryCode: string,
  companyId: string,
  caseReference: string | undefined,
  company: Record<string, unknown>,
) =>
  ({
    request: {
      requestId,
      version: 1,
      countryCode,
      companyId,
      dataStatus: { dataPoints: { company: { status: "succeeded" } } },
      ...(caseReference && { metadata: { caseReference } }),
    },
    company,
  }) as unknown as CompanyResponse;

let connectionId: string;

describe("calendarEntries", () => {
  beforeAll(async () => {
    connectionId = await storeSandboxConnection({ webhookSecret: "whsec_x", name: "Calendar sandbox" });
    const deliver = async (snapshot: CompanyResponse) => {
      await new Promise((resolve) => setTimeout(resolve, 5)); // delivered one after the other
      expect((await storeSnapshot(db(), connectionId, snapshot, "webhook")).outcome).toBe("applied");
    };
    await deliver(
      snapshotOf("req_old", "GB", "07654321", "OLD-CASE", {
        legalName: "Old Name Ltd",
        statutoryFilings: { accounts: { next: { dueDate: "2026-04-30" } }, annualFiling: { next: { dueDate: "2026-05-20" } } },
      }),
    );
    await deliver(
      snapshotOf("req_new", "GB", "07654321", "NEW-CASE", {
        legalName: "New Name Ltd",
        statutoryFilings: { accounts: { next: { dueDate: "2026-10-31" } }, annualFiling: { next: { dueDate: "2026-05-20" } } },
        complianceFlags: { accountsOverdue: { active: false } },
      }),
    );
    // A newer request that brings no company (a graph expansion): the filings stay those of req_new.
    await deliver({
      request: {
        requestId: "req_graph",
        version: 1,
        countryCode: "GB",
        companyId: "07654321",
        dataStatus: { dataPoints: { graph: { status: "succeeded" } } },
      },
      graph: { nodes: [], edges: [] },
    } as unknown as CompanyResponse);
    // A snapshot part the schema refuses is skipped, the rest is still read.
    await deliver(
      snapshotOf("req_odd", "IE", "999", undefined, {
        legalName: "Odd Teoranta",
        statutoryFilings: { accounts: "not an object" },
        complianceFlags: { annualFilingOverdue: { active: true } },
      }),
    );
    // Not yet answered: no snapshot, nothing to show.
    await db()
      .insert(companyRequests)
      .values({ requestId: "req_waiting", connectionId, origin: "console", countryCode: "IE", companyId: "123" });
    await db()
      .insert(monitors)
      .values([
        { connectionId, monitorId: "mon_1", countryCode: "GB", companyId: "07654321", caseReference: "MONITOR-CASE" },
        { connectionId, monitorId: "mon_2", countryCode: "GB", companyId: "07654321", caseReference: "STOPPED-CASE", stoppedAt: now },
      ]);
  });

  it("reads each company's file: the newest snapshot holding filings, with the case references of its first orders and running monitors", async () => {
    const entries = await calendarEntries(now);
    expect(entries.map((e) => [e.countryCode, e.companyId, e.kind, e.dueDate, e.overdue, e.requestId])).toEqual([
      ["IE", "999", "annualFiling", null, true, "req_odd"],
      ["GB", "07654321", "annualFiling", "2026-05-20", false, "req_new"],
      ["GB", "07654321", "accounts", "2026-10-31", false, "req_new"],
    ]);
    expect(entries[1]).toMatchObject({
      companyName: "New Name Ltd",
      caseReferences: ["MONITOR-CASE", "NEW-CASE", "OLD-CASE"],
      monitored: true,
      connection: { name: "Calendar sandbox" },
    });
    expect(entries[0]).toMatchObject({
      companyName: "Odd Teoranta",
      connection: { name: "Calendar sandbox" },
      caseReferences: [],
      monitored: false,
    });
  });

  it("shows a snapshot as soon as storeSnapshot stores it (its calendar parts are written with it)", async () => {
    const snapshot = {
      request: {
        requestId: "req_stored",
        version: 1,
        countryCode: "FR",
        companyId: "552100554",
        metadata: { caseReference: "STORED-CASE" },
        dataStatus: { dataPoints: { company: { status: "succeeded" } } },
      },
      company: { legalName: "Stored SA", statutoryFilings: { annualFiling: { next: { dueDate: "2027-06-01" } } } },
    } as unknown as CompanyResponse;
    expect((await storeSnapshot(db(), connectionId, snapshot, "webhook")).outcome).toBe("applied");
    const entry = (await calendarEntries(now)).find((e) => e.requestId === "req_stored");
    expect(entry).toMatchObject({ companyName: "Stored SA", kind: "annualFiling", dueDate: "2027-06-01", caseReferences: ["STORED-CASE"] });
  });

  it("gives the home page the next N days and the overdue ones, only to a role that reads the calendar", async () => {
    const compliance = await insertUser(`cal-${crypto.randomUUID()}@example.com`, "compliance");
    const finance = await insertUser(`cal-${crypto.randomUUID()}@example.com`, "finance");
    const soon = await upcomingDeadlines(compliance, 30, now);
    expect(soon?.upcoming.map((e) => [e.kind, e.dueDate])).toEqual([["annualFiling", "2026-05-20"]]);
    expect(soon?.overdue.map((e) => e.companyId)).toEqual(["999"]);
    expect((await upcomingDeadlines(compliance, 200, now))?.upcoming.map((e) => e.dueDate)).toEqual(["2026-05-20", "2026-10-31"]);
    expect(await upcomingDeadlines(finance, 30, now)).toBeUndefined();
  });
});
