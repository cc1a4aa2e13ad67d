import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { companyRequests, monitors } from "@/db/schema";
import type { CompanyResponse } from "@/lib/registry/schemas.shared";
import { storeSnapshot } from "@/lib/requests/store-snapshot";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { calendarEntries, calendarPage } from "./calendar-entries";
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
    expect(soon?.upcoming.entries.map((e) => [e.kind, e.dueDate])).toEqual([["annualFiling", "2026-05-20"]]);
    expect(soon?.upcoming.count).toBe(1);
    expect(soon?.overdue.entries.map((e) => e.companyId)).toEqual(["999"]);
    expect((await upcomingDeadlines(compliance, 200, now))?.upcoming.entries.map((e) => e.dueDate)).toEqual(["2026-05-20", "2026-10-31"]);
    expect(await upcomingDeadlines(finance, 30, now)).toBeUndefined();
  });
});

describe("calendarPage", () => {
  const companiesOf = (slice: { entries: { countryCode: string; companyId: string; kind: string; dueDate: string | null }[] }) =>
    slice.entries.map((e) => `${e.countryCode} ${e.companyId} ${e.kind} ${e.dueDate}`);
  const page = (filter: Parameters<typeof calendarPage>[0], options: Partial<Parameters<typeof calendarPage>[1]> = {}) =>
    calendarPage(filter, { now, referencesMax: 300, ...options });

  beforeAll(async () => {
    const second = await storeSandboxConnection({ webhookSecret: "whsec_y", name: "Second" });
    const deliver = async (through: string, snapshot: CompanyResponse) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await storeSnapshot(db(), through, snapshot, "webhook")).outcome).toBe("applied");
    };
    await deliver(
      connectionId,
      snapshotOf("req_alpha", "DE", "A1", "KYC-ALPHA", {
        legalName: "Alpha GmbH",
        statutoryFilings: { accounts: { next: { dueDate: "2026-04-01" } }, annualFiling: { next: { dueDate: "2026-06-15" } } },
      }),
    );
    await deliver(
      connectionId,
      snapshotOf("req_beta", "DE", "B2", undefined, {
        legalName: "Beta AG",
        statutoryFilings: { accounts: { next: { dueDate: "2026-05-25" } } },
      }),
    );
    await deliver(
      connectionId,
      snapshotOf("req_gamma", "NL", "C3", undefined, {
        legalName: "Gamma BV",
        statutoryFilings: { annualFiling: { next: { dueDate: "2026-05-12" } } },
      }),
    );
    await db()
      .insert(monitors)
      .values({ connectionId, monitorId: "mon_gamma", countryCode: "NL", companyId: "C3", caseReference: "MON-GAMMA" });
    // One company through two connections: the newer filings win.
    await deliver(
      connectionId,
      snapshotOf("req_be_old", "BE", "X9", undefined, {
        legalName: "Old view",
        statutoryFilings: { accounts: { next: { dueDate: "2026-07-01" } } },
      }),
    );
    await deliver(
      second,
      snapshotOf("req_be_new", "BE", "X9", undefined, {
        legalName: "New view",
        statutoryFilings: { accounts: { next: { dueDate: "2026-08-01" } } },
      }),
    );
  });

  it("filters, counts and cuts in the database: overdue first, then upcoming by date, each table its first rows", async () => {
    const germany = await page({ country: "DE" }, { limit: 2 });
    expect(companiesOf(germany.overdue)).toEqual(["DE A1 accounts 2026-04-01"]);
    expect(germany.overdue.count).toBe(1);
    expect(companiesOf(germany.upcoming)).toEqual(["DE B2 accounts 2026-05-25", "DE A1 annualFiling 2026-06-15"]);
    expect(germany.overdue.entries[0]).toMatchObject({ overdue: true, overdueBecause: ["due 2026-04-01"], caseReferences: ["KYC-ALPHA"] });

    const cut = await page({ country: "DE" }, { limit: 1 });
    expect(companiesOf(cut.upcoming)).toEqual(["DE B2 accounts 2026-05-25"]);
    expect(cut.upcoming.count).toBe(2);

    const everything = await calendarEntries(now);
    expect(cut.total).toBe(everything.length);
    expect(everything.filter((e) => e.countryCode === "DE").map((e) => `${e.companyId} ${e.kind}`)).toEqual([
      "A1 accounts",
      "B2 accounts",
      "A1 annualFiling",
    ]);
  });

  it("filters by part of the name or id and by part of a case reference from a first order or a running monitor, any case", async () => {
    expect(companiesOf((await page({ company: "BETA" })).upcoming)).toEqual(["DE B2 accounts 2026-05-25"]);
    const byId = await page({ company: "a1" });
    expect([...companiesOf(byId.overdue), ...companiesOf(byId.upcoming)]).toEqual([
      "DE A1 accounts 2026-04-01",
      "DE A1 annualFiling 2026-06-15",
    ]);
    expect((await page({ caseReference: "alpha" })).overdue.count).toBe(1);
    const monitored = await page({ caseReference: "mon-gam" });
    expect(companiesOf(monitored.upcoming)).toEqual(["NL C3 annualFiling 2026-05-12"]);
    expect(monitored.upcoming.entries[0]).toMatchObject({ monitored: true, caseReferences: ["MON-GAMMA"] });
    const none = await page({ country: "NL", caseReference: "KYC" });
    expect([none.overdue.count, none.upcoming.count]).toEqual([0, 0]);
    expect((await calendarEntries(now, { caseReference: "mon-gam" })).map((e) => e.companyId)).toEqual(["C3"]);
  });

  it("shows a company seen through two connections from the newer filings only", async () => {
    const belgium = await page({ country: "BE" });
    expect(companiesOf(belgium.upcoming)).toEqual(["BE X9 accounts 2026-08-01"]);
    expect(belgium.upcoming.entries[0]).toMatchObject({ companyName: "New view", connection: { name: "Second" } });
  });

  it("gives the month view every deadline due in the month, and decides overdue on the day it is read", async () => {
    const may = await page({}, { month: "2026-05" });
    expect(companiesOf(may.upcoming)).toEqual([
      "NL C3 annualFiling 2026-05-12",
      "GB 07654321 annualFiling 2026-05-20",
      "DE B2 accounts 2026-05-25",
    ]);
    const earlier = await page({ country: "DE" }, { now: new Date("2026-03-01T00:00:00Z") });
    expect(earlier.overdue.count).toBe(0);
    expect(companiesOf(earlier.upcoming)[0]).toBe("DE A1 accounts 2026-04-01");
  });

  it("bounds the upcoming deadlines by a day for the home page, counting them all and showing the first", async () => {
    const home = await page({}, { limit: 1, upcomingUntil: "2026-05-31", referencesMax: undefined });
    expect(companiesOf(home.upcoming)).toEqual(["NL C3 annualFiling 2026-05-12"]);
    expect(home.upcoming.count).toBe(3);
    expect(companiesOf(home.overdue)).toEqual(["DE A1 accounts 2026-04-01"]);
    expect(home.overdue.count).toBe(2);
    expect([home.countries, home.caseReferences]).toEqual([[], []]);
  });

  it("offers the countries and case references of the current deadlines, one past the most the page suggests", async () => {
    const all = await page({});
    expect(all.countries).toEqual(["BE", "DE", "FR", "GB", "IE", "NL"]);
    expect(all.caseReferences).toEqual(["KYC-ALPHA", "MON-GAMMA", "MONITOR-CASE", "NEW-CASE", "OLD-CASE", "STORED-CASE"]);
    expect((await page({}, { referencesMax: 2 })).caseReferences).toHaveLength(3);
  });
});
