import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, companyRatings, portfolioEntries, riskModelVersions } from "@/db/schema";
import { listPortfolio } from "@/lib/portfolio/portfolio-list";
import { defaultRiskModel } from "@/lib/risk/risk-model.shared";
import { signInAs } from "@/test/session";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { pinRatingAction, setCustomerAction, setOwnerAction, unpinRatingAction } from "./portfolio-actions";

let connectionId = "";
const rated = () => ({ connectionId, countryCode: "GB" as const, companyId: "RATED" });
const fresh = () => ({ connectionId, countryCode: "FR" as const, companyId: "NEW" });

const snapshot = async () => ({
  entries: await db().select().from(portfolioEntries).orderBy(asc(portfolioEntries.companyId)),
  audit: await db().select().from(auditLog).orderBy(asc(auditLog.id)),
});

const auditRows = (action: string) =>
  db()
    .select({ actor: auditLog.actorEmail, target: auditLog.target, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.action, action as "portfolio.exported"));

const liveEvents = async () =>
  (await db().execute<{ n: number }>(sql`select count(*)::int as n from live_events where topic = 'portfolio'`)).rows[0]!.n;

const lastReviewedAt = new Date("2026-01-31T09:00:00Z");

describe("the company page's portfolio actions", () => {
  beforeAll(async () => {
    connectionId = await storeSandboxConnection({ webhookSecret: "whsec_x" });
    await db().insert(riskModelVersions).values({ version: 1, model: defaultRiskModel, note: "First", publishedByEmail: "system" });
  });

  beforeEach(async () => {
    await db().execute(sql`truncate portfolio_entries, company_ratings, audit_log, live_events cascade`);
    const [rating] = await db()
      .insert(companyRatings)
      .values({ ...rated(), modelVersion: 1, fileRevision: 3, score: 25, rating: "medium", reasons: [], inputs: {} })
      .returning();
    await db()
      .insert(portfolioEntries)
      .values({
        ...rated(),
        companyName: "Rated Ltd",
        rating: "medium",
        score: 25,
        ratingId: rating!.id,
        modelVersion: 1,
        lastReviewedAt,
        nextReviewDue: new Date("2028-01-31T09:00:00Z"),
        createdAt: new Date("2025-06-01T00:00:00Z"),
      });
  });

  it("refuses a role without the capability, changing nothing", async () => {
    const officer = await insertUser(`officer-${crypto.randomUUID()}@example.com`, "compliance");
    const before = await snapshot();
    for (const role of ["finance", "auditor"] as const) {
      await signInAs(role);
      for (const result of [
        await setCustomerAction({ ...rated(), customer: true }),
        await setOwnerAction({ ...rated(), ownerId: officer.id }),
        await pinRatingAction({ ...rated(), rating: "high", reason: "Adverse media" }),
      ])
        expect(result).toEqual({ ok: false, code: "forbidden", error: "Your role does not allow this." });
    }
    // Pinning is an admin's: a compliance officer marks customers and owners, not pins.
    await signInAs("compliance");
    expect(await pinRatingAction({ ...rated(), rating: "high", reason: "Adverse media" })).toMatchObject({ code: "forbidden" });
    expect(await unpinRatingAction(rated())).toMatchObject({ code: "forbidden" });
    expect(await snapshot()).toEqual(before);
    expect(await liveEvents()).toBe(0);
  });

  it("refuses bad input with a message in words, changing nothing", async () => {
    const finance = await insertUser(`finance-${crypto.randomUUID()}@example.com`, "finance");
    await signInAs("admin");
    const before = await snapshot();
    expect(await pinRatingAction({ ...rated(), rating: "high", reason: "   " })).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: { reason: ["Write why the rating is pinned."] },
    });
    expect(await pinRatingAction({ ...rated(), rating: "extreme" as "high", reason: "x" })).toMatchObject({
      fieldErrors: { rating: ["Choose the rating to pin."] },
    });
    expect(await pinRatingAction({ ...rated(), rating: "high", reason: "x".repeat(1001) })).toMatchObject({
      fieldErrors: { reason: ["Use at most 1,000 characters."] },
    });
    expect(await setCustomerAction({ ...rated(), customer: "yes" as unknown as boolean })).toMatchObject({
      fieldErrors: { customer: ["Choose whether the company is a customer."] },
    });
    expect(await setOwnerAction({ ...rated(), ownerId: "bob" })).toMatchObject({
      fieldErrors: { ownerId: ["Choose an owner from the list."] },
    });
    // A finance user cannot own a company; nor can one give a company of no entry yet an owner who cannot: no entry is left behind.
    for (const key of [rated(), fresh()])
      expect(await setOwnerAction({ ...key, ownerId: finance.id })).toEqual({
        ok: false,
        code: "refused",
        error: "A company can be owned only by an active compliance or admin user.",
      });
    expect(await setCustomerAction({ ...rated(), connectionId: crypto.randomUUID(), customer: true })).toEqual({
      ok: false,
      code: "refused",
      error: "This registry connection no longer exists; reload the page.",
    });
    expect(await unpinRatingAction(rated())).toEqual({ ok: false, code: "refused", error: "This company's rating is not pinned." });
    expect(await snapshot()).toEqual(before);
  });

  it("marks a company customer, audited, and it joins a customers-only portfolio; unmarked, it leaves and keeps its row", async () => {
    const officer = await signInAs("compliance");
    const marked = await setCustomerAction({ ...fresh(), customer: true });
    expect(marked).toMatchObject({ ok: true, data: { inPortfolio: true, customer: true, rating: null, pin: null } });
    expect(await auditRows("portfolio.customer_changed")).toEqual([
      { actor: officer.email, target: "FR:NEW", details: { ...fresh(), companyName: null, customer: true } },
    ]);
    expect(await liveEvents()).toBe(1);
    const customers = async () => (await listPortfolio({}, { scope: "customers" })).rows.map((row) => row.companyId);
    expect(await customers()).toEqual(["NEW"]);
    // Again: nothing to change, no second audit row.
    expect(await setCustomerAction({ ...fresh(), customer: true })).toMatchObject({ ok: true });
    expect(await auditRows("portfolio.customer_changed")).toHaveLength(1);
    expect(await setCustomerAction({ ...fresh(), customer: false })).toMatchObject({ ok: true, data: { customer: false } });
    expect(await customers()).toEqual([]);
    expect(await db().$count(portfolioEntries, eq(portfolioEntries.companyId, "NEW"))).toBe(1);
  });

  it("gives a company an owner and takes it away, audited with both names", async () => {
    const officer = await signInAs("compliance");
    // Nobody for a company with no entry: nothing to change, and no entry is made for it.
    expect(await setOwnerAction({ ...fresh(), ownerId: null })).toMatchObject({ ok: true, data: { inPortfolio: false, ownerId: null } });
    expect(await db().$count(portfolioEntries, eq(portfolioEntries.companyId, "NEW"))).toBe(0);
    const owner = await insertUser(`owner-${crypto.randomUUID()}@example.com`, "admin");
    expect(await setOwnerAction({ ...rated(), ownerId: owner.id })).toMatchObject({ ok: true, data: { ownerId: owner.id } });
    expect(await setOwnerAction({ ...rated(), ownerId: null })).toMatchObject({ ok: true, data: { ownerId: null } });
    expect((await auditRows("portfolio.owner_changed")).map((row) => [row.actor, row.target, row.details.from, row.details.to])).toEqual([
      [officer.email, "GB:RATED", null, owner.email],
      [officer.email, "GB:RATED", owner.email, null],
    ]);
  });

  it("pins a rating by hand with its reason: in force, shown with who and when, the due date following it; unpinned, the computed one returns", async () => {
    const admin = await signInAs("admin");
    const pinned = await pinRatingAction({ ...rated(), rating: "high", reason: "  Adverse media in the press  " });
    expect(pinned).toMatchObject({
      ok: true,
      data: {
        rating: "high",
        pin: { rating: "high", reason: "Adverse media in the press", by: admin.email },
        computed: { rating: "medium", score: 25, modelVersion: 1 },
        // High risk: 12 months after the last review (the default policy), not medium's 24.
        nextReviewDue: "2027-01-31T09:00:00.000Z",
      },
    });
    const [entry] = await db().select().from(portfolioEntries).where(eq(portfolioEntries.companyId, "RATED"));
    expect(entry).toMatchObject({
      rating: "high",
      pinnedRating: "high",
      pinnedBy: admin.id,
      nextReviewDue: new Date("2027-01-31T09:00:00Z"),
    });
    expect((await listPortfolio({ rating: "high" }, { scope: "all" })).rows).toMatchObject([{ companyId: "RATED", pinned: true }]);
    expect(await auditRows("risk.rating_pinned")).toEqual([
      {
        actor: admin.email,
        target: "GB:RATED",
        details: {
          ...rated(),
          companyName: "Rated Ltd",
          rating: "high",
          reason: "Adverse media in the press",
          from: "medium",
          nextReviewDue: "2027-01-31T09:00:00.000Z",
        },
      },
    ]);

    const unpinned = await unpinRatingAction(rated());
    expect(unpinned).toMatchObject({ ok: true, data: { rating: "medium", pin: null, nextReviewDue: "2028-01-31T09:00:00.000Z" } });
    expect(await auditRows("risk.rating_unpinned")).toMatchObject([
      { actor: admin.email, details: { pinned: "high", pinReason: "Adverse media in the press", rating: "medium" } },
    ]);
    expect(await liveEvents()).toBe(2);
  });
});
