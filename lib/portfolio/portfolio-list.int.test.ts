import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { alerts, companyRequests, companyReviews, monitors, portfolioEntries, reviewPolicy } from "@/db/schema";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { parsePortfolioFilters, type PortfolioCursor, type PortfolioFilters } from "./portfolio-filters";
import { listPortfolio, portfolioBatches, type PortfolioRow } from "./portfolio-list";

const now = new Date("2026-06-15T12:00:00Z");
const daysFromNow = (days: number) => new Date(now.getTime() + days * 86_400_000);

let connectionId = "";
let ownerId = "";

/** The companies (country:id) a page shows, in order. */
const ids = (rows: PortfolioRow[]) => rows.map((row) => `${row.countryCode}:${row.companyId}`);

const list = async (filters: PortfolioFilters, options: { cursor?: PortfolioCursor; limit?: number } = {}) =>
  listPortfolio(filters, { now, limit: 100, ...options });

/** The cursor a page link carries, read back as the page would read it. */
const cursorOf = (direction: "after" | "before", position: string) => parsePortfolioFilters({ [direction]: position }).cursor!;

describe("the portfolio list", () => {
  beforeAll(async () => {
    connectionId = await storeSandboxConnection({ webhookSecret: "whsec_x", name: "Portfolio sandbox" });
    const owner = await insertUser("owner@example.com", "compliance");
    ownerId = owner.id;
    const entry = (countryCode: string, companyId: string, fields: Partial<typeof portfolioEntries.$inferInsert> = {}) => ({
      connectionId,
      countryCode,
      companyId,
      companyName: `${companyId} Ltd`,
      ...fields,
    });
    await db()
      .insert(portfolioEntries)
      .values([
        entry("GB", "OVERDUE-HIGH", {
          rating: "high",
          score: 70,
          topReasons: ["Liquidated (+40)", "No beneficial owner (+30)"],
          activeFlags: ["liquidated"],
          nextReviewDue: daysFromNow(-3),
          ownerId,
          customer: true,
        }),
        entry("FR", "SOON-MEDIUM", { rating: "medium", score: 25, nextReviewDue: daysFromNow(10), activeFlags: ["accountsOverdue"] }),
        entry("DE", "LATER-LOW", { rating: "low", score: 0, nextReviewDue: daysFromNow(200), customer: true }),
        entry("DE", "PINNED", {
          rating: "high",
          score: 5,
          pinnedRating: "high",
          pinReason: "Adverse media",
          pinnedAt: now,
          nextReviewDue: daysFromNow(40),
          incomplete: true,
        }),
        entry("GB", "UNRATED"),
      ]);
    // Monitored: a running monitor with one open alert (and a resolved one and a test one that do not count); a stopped
    // monitor does not make a company monitored.
    await db()
      .insert(monitors)
      .values([
        { connectionId, monitorId: "mon_1", countryCode: "GB", companyId: "OVERDUE-HIGH", caseReference: "MON-CASE-7" },
        { connectionId, monitorId: "mon_2", countryCode: "FR", companyId: "SOON-MEDIUM", stoppedAt: now, caseReference: "STOPPED-CASE" },
      ]);
    const alert = { connectionId, monitorId: "mon_1", countryCode: "GB", companyId: "OVERDUE-HIGH", categories: ["address"], dueAt: now };
    await db()
      .insert(alerts)
      .values([
        alert,
        { ...alert, isTest: true },
        { ...alert, monitorId: "mon_old", state: "resolved" as const, outcome: "no_impact" as const },
      ]);
    const filings = (caseReference: string) => ({ legalName: null, statutoryFilings: null, complianceFlags: null, caseReference });
    await db()
      .insert(companyRequests)
      .values([
        { requestId: "req_1", connectionId, origin: "console", countryCode: "FR", companyId: "SOON-MEDIUM", filings: filings("KYC-Alpha") },
        { requestId: "req_2", connectionId, origin: "console", countryCode: "FR", companyId: "SOON-MEDIUM", filings: filings("KYC-Beta") },
      ]);
    const [review] = await db()
      .insert(companyReviews)
      .values({
        connectionId,
        countryCode: "DE",
        companyId: "LATER-LOW",
        outcome: "enhanced_due_diligence",
        comment: "Fine under EDD.",
        reviewedByEmail: "reviewer@example.com",
        reviewedAt: daysFromNow(-30),
        nextReviewDue: daysFromNow(200),
      })
      .returning();
    await db().execute(sql`update portfolio_entries set last_review_id = ${review!.id} where company_id = 'LATER-LOW'`);
  });

  it("lists every company file, soonest review first and never-due last, each with its review, monitoring, case references and owner", async () => {
    const { rows, total, next, previous } = await list({});
    expect(ids(rows)).toEqual(["GB:OVERDUE-HIGH", "FR:SOON-MEDIUM", "DE:PINNED", "DE:LATER-LOW", "GB:UNRATED"]);
    expect(total).toBe(5);
    expect([next, previous]).toEqual([undefined, undefined]);
    const [overdue, soon, pinned, later, unrated] = rows;
    expect(overdue).toMatchObject({
      rating: "high",
      score: 70,
      topReasons: ["Liquidated (+40)", "No beneficial owner (+30)"],
      monitored: true,
      openAlerts: 1,
      activeFlags: ["liquidated"],
      caseReferences: ["MON-CASE-7"],
      owner: { id: ownerId, email: "owner@example.com" },
      lastReview: null,
      pinned: false,
    });
    expect(soon).toMatchObject({ monitored: false, openAlerts: 0, caseReferences: ["KYC-Alpha", "KYC-Beta"], owner: null });
    expect(pinned).toMatchObject({ pinned: true, incomplete: true });
    expect(later!.lastReview).toEqual({ at: daysFromNow(-30), by: "reviewer@example.com", outcome: "enhanced_due_diligence" });
    expect(unrated).toMatchObject({ rating: null, score: null, nextReviewDue: null });
  });

  it("filters by each filter alone, and by two together", async () => {
    const cases: [PortfolioFilters, string[]][] = [
      [{ rating: "high" }, ["GB:OVERDUE-HIGH", "DE:PINNED"]],
      [{ rating: "low" }, ["DE:LATER-LOW"]],
      [{ rating: "unrated" }, ["GB:UNRATED"]],
      [{ due: "overdue" }, ["GB:OVERDUE-HIGH"]],
      [{ due: "soon" }, ["FR:SOON-MEDIUM"]],
      [{ country: "DE" }, ["DE:PINNED", "DE:LATER-LOW"]],
      [{ owner: ownerId }, ["GB:OVERDUE-HIGH"]],
      [{ owner: "none" }, ["FR:SOON-MEDIUM", "DE:PINNED", "DE:LATER-LOW", "GB:UNRATED"]],
      [{ monitored: "yes" }, ["GB:OVERDUE-HIGH"]],
      [{ monitored: "no" }, ["FR:SOON-MEDIUM", "DE:PINNED", "DE:LATER-LOW", "GB:UNRATED"]],
      [{ flag: "accountsOverdue" }, ["FR:SOON-MEDIUM"]],
      // Part of a case reference, any case: from the company's requests, or its running monitor (not a stopped one).
      [{ caseReference: "kyc-b" }, ["FR:SOON-MEDIUM"]],
      [{ caseReference: "mon-case" }, ["GB:OVERDUE-HIGH"]],
      [{ caseReference: "stopped" }, []],
      [{ rating: "high", country: "DE" }, ["DE:PINNED"]],
      [{ rating: "high", due: "soon" }, []],
    ];
    for (const [filters, expected] of cases) {
      const { rows, total } = await list(filters);
      expect(ids(rows), JSON.stringify(filters)).toEqual(expected);
      expect(total, JSON.stringify(filters)).toBe(expected.length);
    }
  });

  it("shows only companies marked customer when the policy's scope says so; leaving keeps the row", async () => {
    await db().insert(reviewPolicy).values({ highMonths: 12, mediumMonths: 24, lowMonths: 36, staleDays: 90, portfolioScope: "customers" });
    try {
      expect(ids((await list({})).rows)).toEqual(["GB:OVERDUE-HIGH", "DE:LATER-LOW"]);
      expect(ids((await list({ rating: "high" })).rows)).toEqual(["GB:OVERDUE-HIGH"]);
      expect(await db().$count(portfolioEntries)).toBe(5);
    } finally {
      await db().delete(reviewPolicy);
    }
    expect((await list({})).total).toBe(5);
  });

  it("pages forwards and backwards by keyset, never skipping or repeating a row, ties broken to the microsecond", async () => {
    // 130 more entries: ten share one due time, the others differ by a microsecond (a JavaScript Date would lose them).
    await db().execute(sql`
      insert into portfolio_entries (connection_id, country_code, company_id, company_name, rating, next_review_due)
      select ${connectionId}, 'NL', 'PAGE-' || lpad(n::text, 3, '0'), 'Paged ' || n, 'low',
        timestamptz '2027-01-01 00:00:00' + (case when n <= 10 then 0 else n end) * interval '1 microsecond'
      from generate_series(1, 130) n`);
    try {
      const all = ids((await list({ rating: "low" }, { limit: 1000 })).rows);
      expect(all).toHaveLength(131);
      const forwards: string[] = [];
      let page = await list({ rating: "low" }, { limit: 50 });
      const pages = [page];
      expect(page.previous).toBeUndefined();
      while (page.next) {
        forwards.push(...ids(page.rows));
        page = await list({ rating: "low" }, { limit: 50, cursor: cursorOf("after", page.next) });
        pages.push(page);
      }
      forwards.push(...ids(page.rows));
      expect(forwards).toEqual(all);
      expect(pages.map((p) => p.rows.length)).toEqual([50, 50, 31]);
      expect(pages.every((p) => p.total === 131)).toBe(true);
      // Back from the last page: the same pages, in the same order within each.
      const middle = await list({ rating: "low" }, { limit: 50, cursor: cursorOf("before", page.previous!) });
      expect(ids(middle.rows)).toEqual(ids(pages[1]!.rows));
      const first = await list({ rating: "low" }, { limit: 50, cursor: cursorOf("before", middle.previous!) });
      expect(ids(first.rows)).toEqual(ids(pages[0]!.rows));
      expect(first.previous).toBeUndefined();
      expect(first.next).toBeDefined();
      // The export's batches: every row once, in the list's order.
      const batches: string[] = [];
      for await (const rows of portfolioBatches({ rating: "low" }, 7, now)) batches.push(...ids(rows));
      expect(batches).toEqual(all);
    } finally {
      await db().execute(sql`delete from portfolio_entries where company_id like 'PAGE-%'`);
    }
  });

  it("reads the filters from the URL, naming what it cannot read and dropping it", () => {
    expect(
      parsePortfolioFilters({ rating: "high", due: "overdue", country: "de", owner: "none", monitored: "yes", flag: "liquidated" }),
    ).toEqual({
      filters: { rating: "high", due: "overdue", country: "DE", owner: "none", monitored: "yes", flag: "liquidated" },
      cursor: undefined,
      problems: [],
    });
    const { filters, cursor, problems } = parsePortfolioFilters({ rating: "extreme", owner: "bob", after: "not-a-cursor", country: "XX" });
    expect(filters).toEqual({});
    expect(cursor).toBeUndefined();
    expect(problems).toEqual([
      "The “Risk rating” filter “extreme” is not one this list knows, so it was left out.",
      "The “Country” filter “XX” is not one this list knows, so it was left out.",
      "The “Owner” filter “bob” is not one this list knows, so it was left out.",
      "The page asked for could not be read, so the list starts from its first page.",
    ]);
  });
});
