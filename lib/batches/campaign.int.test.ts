import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { batchRows, batches, companyFiles, companyRequests, type CompanyFileSource } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";
import { stopJobQueue } from "@/lib/jobs/job-queue";
import { storePortfolioEntry } from "@/test/portfolio-fixtures";
import { openedRegistry } from "@/test/opened-registry";
import { storeSandboxConnection } from "@/test/stored-connection";
import { insertUser } from "@/test/users-fixture";
import { startTestSimulator } from "../../simulator/test-harness";
import { campaignMaxCompanies, createCampaign, freshDataReason } from "./campaign";

const now = new Date("2026-11-29T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let registry: Registry;
let user: Awaited<ReturnType<typeof insertUser>>;
let otherConnectionId = "";

/** A company file through `connectionId` holding `held` (datapoint → days since delivered), in the portfolio, due in `dueInDays`. */
async function portfolioFile(
  connectionId: string,
  countryCode: string,
  companyId: string,
  held: Record<string, number>,
  dueInDays: number,
): Promise<void> {
  const requestId = `req_${connectionId.slice(0, 4)}_${countryCode}_${companyId}`;
  const key = { connectionId, countryCode, companyId };
  await db()
    .insert(companyRequests)
    .values({ requestId, origin: "console", ...key, companyName: `${companyId} Ltd`, version: 1, complete: true });
  const sources: Record<string, CompanyFileSource> = Object.fromEntries(
    Object.entries(held).map(([datapoint, days]) => [datapoint, { requestId, version: 1, asOf: daysAgo(days) }]),
  );
  await db()
    .insert(companyFiles)
    .values({ ...key, companyName: `${companyId} Ltd`, latestRequestId: requestId, sources });
  await storePortfolioEntry(key, { companyName: `${companyId} Ltd`, nextReviewDue: new Date(now.getTime() + dueInDays * 86_400_000) });
}

const everyDossierDatapoint = (days: number) => ({
  company: days,
  legalRepresentatives: days,
  ultimateBeneficialOwners: days,
  shareholders: days,
  graph: days,
  availableDocuments: days,
});

const rowsOf = (batchId: string) =>
  db()
    .select({
      rowNumber: batchRows.rowNumber,
      companyId: batchRows.companyId,
      countryCode: batchRows.countryCode,
      companyName: batchRows.companyName,
      matchState: batchRows.matchState,
      datapoints: batchRows.datapoints,
      outcome: batchRows.outcome,
      outcomeReason: batchRows.outcomeReason,
    })
    .from(batchRows)
    .where(eq(batchRows.batchId, batchId))
    .orderBy(asc(batchRows.rowNumber));

describe("starting a review campaign", () => {
  beforeAll(async () => {
    sim = await startTestSimulator();
    registry = await openedRegistry(sim.baseUrl);
    user = await insertUser("officer@example.com", "compliance");
    const connectionId = registry.connection.id;
    otherConnectionId = await storeSandboxConnection({ webhookSecret: "whsec_other", name: "Another account" });
    // Overdue, in due order: everything fresh; the profile stale and shareholders fresh (the rest never held);
    // a country without a UBO register, all stale (its beneficial owners are never ordered); the legacy profile.
    await portfolioFile(connectionId, "GB", "FRESH", everyDossierDatapoint(3), -30);
    await portfolioFile(connectionId, "GB", "PARTLY-STALE", { company: 45, shareholders: 5 }, -20);
    await portfolioFile(connectionId, "SG", "NO-UBO-REGISTER", everyDossierDatapoint(31), -10);
    await portfolioFile(connectionId, "GB", "LEGACY-PROFILE", { ...everyDossierDatapoint(2), company: 60, companyProfile: 1 }, -5);
    // Not due yet, and a company due through another connection: neither is in an "overdue" campaign here.
    await portfolioFile(connectionId, "GB", "NOT-DUE", everyDossierDatapoint(90), 200);
    await portfolioFile(otherConnectionId, "GB", "OTHER-ACCOUNT", everyDossierDatapoint(90), -50);
  });
  afterAll(async () => {
    await stopJobQueue(0);
    await sim.close();
  });

  it("makes one batch of every company the filter matches through the connection, each ordering only what is stale", async () => {
    const started = await createCampaign(user, { kind: "filter", filters: { due: "overdue" } }, registry, now);
    expect(started).toEqual({ ok: true, data: { batchId: expect.any(String), companies: 4, fresh: 2 } });
    const batchId = started.ok ? started.data.batchId : "";
    const [batch] = await db().select().from(batches).where(eq(batches.id, batchId));
    expect(batch).toMatchObject({
      kind: "campaign",
      connectionId: registry.connection.id,
      createdBy: user.id,
      status: "matching",
      skipFresh: true,
      datapoints: ["company", "legalRepresentatives", "ultimateBeneficialOwners", "shareholders", "graph", "availableDocuments"],
    });
    expect(await rowsOf(batchId)).toEqual([
      {
        rowNumber: 1,
        companyId: "FRESH",
        countryCode: "GB",
        companyName: "FRESH Ltd",
        matchState: "matched",
        datapoints: [],
        outcome: "skipped",
        outcomeReason: freshDataReason,
      },
      {
        rowNumber: 2,
        companyId: "PARTLY-STALE",
        countryCode: "GB",
        companyName: "PARTLY-STALE Ltd",
        matchState: "matched",
        datapoints: ["company", "legalRepresentatives", "ultimateBeneficialOwners", "graph", "availableDocuments"],
        outcome: "pending",
        outcomeReason: null,
      },
      {
        rowNumber: 3,
        companyId: "NO-UBO-REGISTER",
        countryCode: "SG",
        companyName: "NO-UBO-REGISTER Ltd",
        matchState: "matched",
        datapoints: ["company", "legalRepresentatives", "shareholders", "graph", "availableDocuments"],
        outcome: "pending",
        outcomeReason: null,
      },
      {
        rowNumber: 4,
        companyId: "LEGACY-PROFILE",
        countryCode: "GB",
        companyName: "LEGACY-PROFILE Ltd",
        matchState: "matched",
        datapoints: [],
        outcome: "skipped",
        outcomeReason: freshDataReason,
      },
    ]);
    // Its job is queued: the engine prices the rows to order next.
    const jobs = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'batch-step' and data->>'batchId' = ${batchId}`,
    );
    expect(jobs.rows[0]!.n).toBe(1);
  });

  it("makes a batch of the ticked companies only, those of the connection in use", async () => {
    const started = await createCampaign(
      user,
      {
        kind: "companies",
        companies: [
          { countryCode: "GB", companyId: "NOT-DUE" },
          { countryCode: "GB", companyId: "OTHER-ACCOUNT" },
          { countryCode: "GB", companyId: "PARTLY-STALE" },
        ],
      },
      registry,
      now,
    );
    expect(started).toMatchObject({ ok: true, data: { companies: 2, fresh: 0 } });
    const rows = await rowsOf(started.ok ? started.data.batchId : "");
    expect(rows.map((r) => [r.companyId, r.datapoints])).toEqual([
      ["PARTLY-STALE", ["company", "legalRepresentatives", "ultimateBeneficialOwners", "graph", "availableDocuments"]],
      ["NOT-DUE", ["company", "legalRepresentatives", "ultimateBeneficialOwners", "shareholders", "graph", "availableDocuments"]],
    ]);
  });

  it("refuses, storing nothing, when nothing is selected or more companies than a campaign takes", async () => {
    const before = await db().$count(batches);
    expect(await createCampaign(user, { kind: "companies", companies: [] }, registry, now)).toMatchObject({
      ok: false,
      code: "nothing_selected",
    });
    expect(await createCampaign(user, { kind: "filter", filters: { country: "FR" } }, registry, now)).toMatchObject({
      ok: false,
      code: "nothing_selected",
    });
    await db().execute(sql`
      insert into company_files (connection_id, country_code, company_id, sources)
      select ${registry.connection.id}, 'DE', 'MANY-' || n, '{}'::jsonb from generate_series(1, ${campaignMaxCompanies + 1}) n`);
    await db().execute(sql`
      insert into portfolio_entries (connection_id, country_code, company_id, next_review_due)
      select ${registry.connection.id}, 'DE', 'MANY-' || n, now() from generate_series(1, ${campaignMaxCompanies + 1}) n`);
    const tooMany = await createCampaign(user, { kind: "filter", filters: { country: "DE" } }, registry, now);
    expect(tooMany).toMatchObject({ ok: false, code: "too_many" });
    expect(tooMany.ok ? "" : tooMany.error).toContain("More than 2,000 companies are selected");
    expect(await db().$count(batches)).toBe(before);
  });
});
