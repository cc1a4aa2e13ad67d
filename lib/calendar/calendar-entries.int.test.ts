import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, monitors } from "@/db/schema";
import type { CompanyResponse } from "@/lib/registry/schemas";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { storeSandboxConnection } from "@/test/stored-connection";
import { withFilings } from "@/test/with-filings";
import { insertUser } from "@/test/users-fixture";
import { calendarEntries } from "./calendar-entries";
import { upcomingDeadlines } from "./upcoming-deadlines";

const now = new Date("2026-05-10T12:00:00Z");

const snapshotOf = (caseReference: string | undefined, company: Record<string, unknown>) => ({
  request: { requestId: "x", ...(caseReference && { metadata: { caseReference } }) },
  company,
});

/** A stored snapshot and its calendar parts, as storeSnapshot writes them. */
const stored = (caseReference: string | undefined, company: Record<string, unknown>) =>
  withFilings({ snapshot: snapshotOf(caseReference, company) });

describe("calendarEntries", () => {
  beforeAll(async () => {
    const connectionId = await storeSandboxConnection({ webhookSecret: "whsec_x", name: "Calendar sandbox" });
    await db()
      .insert(companyRequests)
      .values([
        {
          requestId: "req_old",
          connectionId,
          origin: "console",
          countryCode: "GB",
          companyId: "07654321",
          version: 3,
          updatedAt: new Date("2026-01-01T00:00:00Z"),
          ...stored("OLD-CASE", {
            legalName: "Old Name Ltd",
            statutoryFilings: { accounts: { next: { dueDate: "2026-04-30" } }, annualFiling: { next: { dueDate: "2026-05-20" } } },
          }),
        },
        {
          requestId: "req_new",
          connectionId,
          origin: "console",
          countryCode: "GB",
          companyId: "07654321",
          version: 1,
          updatedAt: new Date("2026-05-01T00:00:00Z"),
          ...stored("NEW-CASE", {
            legalName: "New Name Ltd",
            statutoryFilings: { accounts: { next: { dueDate: "2026-10-31" } }, annualFiling: { next: { dueDate: "2026-05-20" } } },
            complianceFlags: { accountsOverdue: { active: false } },
          }),
        },
        // Not yet answered: no snapshot, nothing to show.
        { requestId: "req_waiting", connectionId, origin: "console", countryCode: "IE", companyId: "123" },
        // A snapshot part the schema refuses is skipped, the rest is still read.
        {
          requestId: "req_odd",
          origin: "elsewhere",
          countryCode: "IE",
          companyId: "999",
          ...stored(undefined, {
            legalName: "Odd Teoranta",
            statutoryFilings: { accounts: "not an object" },
            complianceFlags: { annualFilingOverdue: { active: true } },
          }),
        },
      ]);
    await db()
      .insert(monitors)
      .values([
        { connectionId, monitorId: "mon_1", countryCode: "GB", companyId: "07654321", caseReference: "MONITOR-CASE" },
        { connectionId, monitorId: "mon_2", countryCode: "GB", companyId: "07654321", caseReference: "STOPPED-CASE", stoppedAt: now },
      ]);
  });

  it("reads the newest snapshot of each company, with the case references of its requests and running monitors", async () => {
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
    expect(entries[0]).toMatchObject({ companyName: "Odd Teoranta", connection: null, caseReferences: [], monitored: false });
  });

  it("shows a snapshot as soon as storeSnapshot stores it (its calendar parts are written with it)", async () => {
    const snapshot = {
      request: {
        requestId: "req_stored",
        version: 1,
        countryCode: "FR",
        companyId: "552100554",
        metadata: { caseReference: "STORED-CASE" },
      },
      company: { legalName: "Stored SA", statutoryFilings: { annualFiling: { next: { dueDate: "2027-06-01" } } } },
    } as unknown as CompanyResponse;
    expect((await storeSnapshot(db(), null, snapshot, "webhook")).outcome).toBe("applied");
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
