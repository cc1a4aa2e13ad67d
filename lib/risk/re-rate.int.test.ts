import { asc, desc, eq, sql } from "drizzle-orm";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { alertEvents, alerts, auditLog, companyRatings, liveEvents, portfolioEntries, riskModelVersions } from "@/db/schema";
import type { Graph } from "@/lib/registry/schemas.shared";
import { companyFilesSettled } from "@/lib/requests/company-file-filer";
import { receiveWebhook } from "@/lib/webhooks/receive";
import { storeSandboxConnection } from "@/test/stored-connection";
import { generateMessageId, webhookHeaders } from "../../simulator/webhooks/sign";
import { evaluateRisk } from "./evaluate-risk";
import { expireTimeBoundRatings, rerateAll, reratingSettled, startRerating, stopRerating } from "./re-rate";
import type { RiskFacts } from "./risk-facts";
import { defaultRiskModel, riskModelSchema, type RiskModel } from "./risk-model.shared";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
let connectionId = "";

/** Ratings are taken at this moment (ages and recent windows are measured from it). */
const at = new Date("2026-11-29T12:00:00Z");
const rate = () => rerateAll({ at: () => at });

const asOf = "2026-11-01T09:00:00.000Z";
const sources = {
  company: { requestId: "req_company", version: 2, asOf },
  ultimateBeneficialOwners: { requestId: "req_ubo", version: 2, asOf: "2026-10-15T08:00:00.000Z" },
  legalRepresentatives: { requestId: "req_company", version: 2, asOf },
  graph: { requestId: "req_graph", version: 1, asOf: "2026-10-20T08:00:00.000Z" },
};

const activeCompany = {
  legalName: "Clean Ltd",
  status: { active: true, statusDetails: { status: "ACTIVE" } },
  incorporationDate: "2001-05-04",
};
const owner = (name: string, percent: number, nationality = "GB") => ({
  name: { fullName: name },
  nationality,
  control: { details: [{ percentageValue: percent }] },
});
const clean = {
  company: activeCompany,
  ultimateBeneficialOwners: [owner("Ada Lovelace", 60)],
  legalRepresentatives: [{ type: "individual", individual: { name: { fullName: "Rory Rep" }, nationality: "GB" } }],
};

const node = (nodeId: string, extra: object = {}) => ({
  nodeId,
  type: "company",
  company: { id: nodeId, legalName: `${nodeId} Holdings`, countryCode: "GB" },
  flags: { status: "found" },
  ...extra,
});
const root = node("ROOT", { flags: { isRoot: true, status: "found" } });
const chain = (length: number): Graph =>
  ({
    nodes: [root, ...Array.from({ length }, (_, i) => node(`L${i + 1}`))],
    edges: Array.from({ length }, (_, i) => ({ id: `e${i}`, fromId: `L${i + 1}`, toId: i === 0 ? "ROOT" : `L${i}` })),
  }) as Graph;

type Sections = Record<string, unknown>;

/** A company file as the filer leaves it, stored directly (every source fixed, so every sentence is exact). */
async function storeFile(companyId: string, sections: Sections, options: { graph?: Graph; countryCode?: string; revision?: number } = {}) {
  const countryCode = options.countryCode ?? "GB";
  await db().execute(sql`
    insert into company_files (connection_id, country_code, company_id, company_name, sections, sources, graph, revision)
    values (${connectionId}, ${countryCode}, ${companyId}, ${`${companyId} Ltd`}, ${JSON.stringify(sections)}::jsonb,
      ${JSON.stringify(sources)}::jsonb, ${options.graph ? JSON.stringify(options.graph) : null}::json, ${options.revision ?? 1})
    on conflict (connection_id, country_code, company_id) do update
      set sections = excluded.sections, graph = excluded.graph, revision = company_files.revision + 1`);
}

async function entryOf(companyId: string, countryCode = "GB") {
  const [entry] = await db()
    .select()
    .from(portfolioEntries)
    .where(sql`${portfolioEntries.countryCode} = ${countryCode} and ${portfolioEntries.companyId} = ${companyId}`);
  return entry!;
}

async function ratingsOf(companyId: string) {
  return db().select().from(companyRatings).where(eq(companyRatings.companyId, companyId)).orderBy(asc(companyRatings.id));
}

async function reasonsOf(companyId: string, countryCode = "GB") {
  const entry = await entryOf(companyId, countryCode);
  const [rating] = await db().select().from(companyRatings).where(eq(companyRatings.id, entry.ratingId!));
  return rating!.reasons.map((r) => [r.rule, r.points, r.sentence]);
}

async function publish(model: RiskModel, note: string) {
  const [{ version }] = (
    await db().execute<{ version: number }>(sql`select coalesce(max(version), 0) + 1 as version from risk_model_versions`)
  ).rows as [{ version: number }];
  await db()
    .insert(riskModelVersions)
    .values({ version, model: riskModelSchema.parse(model), note, publishedByEmail: "admin@example.com" });
  return version;
}

const flagged = (name: string) => ({
  ...clean,
  company: { ...activeCompany, complianceFlags: { [name]: { active: true, since: "2026-03-03" } } },
});

const company = "Company profile, as of 1 Nov 2026, request req_company";
const ubo = "Ultimate beneficial owners, as of 15 Oct 2026, request req_ubo";
const graphSource = "Ownership graph, as of 20 Oct 2026, request req_graph";

/** One company file per rule, with the one reason (rule, points, sentence) the default model gives it. */
const cases: { id: string; sections: Sections; graph?: Graph; countryCode?: string; reason: [string, number, string] }[] = [
  {
    id: "LISTED-COUNTRY",
    countryCode: "IR",
    sections: clean,
    reason: ["listedCountry", 40, `Registered in Iran (IR), a listed country (${company}): +40.`],
  },
  ...(
    [
      ["uboConfirmationOverdue", "UBO confirmation overdue", 20],
      ["uboAdministrativeStrikingOff", "UBO administrative striking-off", 30],
      ["accountsOverdue", "Accounts overdue", 10],
      ["annualFilingOverdue", "Annual filing overdue", 10],
      ["registeredCharges", "Registered charges", 5],
      ["insolvencyHistory", "Insolvency history", 25],
      ["liquidated", "Liquidated", 40],
    ] as const
  ).map(([flag, words, points]) => ({
    id: `FLAG-${flag}`,
    sections: flagged(flag),
    reason: ["complianceFlags", points, `${words} since 3 March 2026 (${company}): +${points}.`] as [string, number, string],
  })),
  {
    id: "NO-UBO",
    sections: { ...clean, ultimateBeneficialOwners: [] },
    reason: ["noBeneficialOwner", 30, `No beneficial owner identified (${ubo}): +30.`],
  },
  {
    id: "UBO-BELOW",
    sections: { ...clean, ultimateBeneficialOwners: [owner("Ada Lovelace", 12.5), owner("Bob Babbage", 20)] },
    reason: ["noOwnerAtThreshold", 15, `No beneficial owner holds 25 % or more (highest stated: 20 %) (${ubo}): +15.`],
  },
  {
    id: "UBO-PROXY",
    sections: clean,
    graph: {
      nodes: [root, { nodeId: "P", type: "individual", individual: { name: "Pat Proxy" }, flags: { isUboProxy: true, status: "found" } }],
      edges: [{ id: "e1", fromId: "P", toId: "ROOT" }],
    } as Graph,
    reason: ["uboProxy", 15, `Stand-in beneficial owner in the ownership graph: Pat Proxy (${graphSource}): +15.`],
  },
  {
    id: "DEEP",
    sections: clean,
    graph: chain(5),
    reason: ["deepOwnership", 10, `Ownership runs 5 layers deep, more than 4 (${graphSource}): +10.`],
  },
  {
    id: "CYCLE",
    sections: clean,
    graph: { ...chain(2), edges: [...chain(2).edges, { id: "back", fromId: "L1", toId: "L2" }] } as Graph,
    reason: ["ownershipCycle", 20, `Circular ownership through L2 Holdings and L1 Holdings (${graphSource}): +20.`],
  },
  {
    id: "PARTY-LISTED",
    sections: {
      ...clean,
      legalRepresentatives: [{ type: "individual", individual: { name: { fullName: "Kim Officer" }, nationality: "KP" } }],
    },
    reason: [
      "partyInListedCountry",
      30,
      `Owner or officer in a listed country: Kim Officer (legal representative, nationality North Korea (KP)) (Legal representatives, as of 1 Nov 2026, request req_company): +30.`,
    ],
  },
  {
    id: "YOUNG",
    sections: { ...clean, company: { ...activeCompany, incorporationDate: "2026-06-15" } },
    reason: ["youngCompany", 10, `Incorporated on 15 June 2026, 5 months before this rating (${company}): +10.`],
  },
  {
    id: "CLOSED",
    sections: {
      ...clean,
      company: { ...activeCompany, status: { active: false, statusDetails: { status: "CLOSED", closureReason: "MERGER" } } },
    },
    reason: ["notActive", 30, `Status: Closed (Merger) (${company}): +30.`],
  },
  {
    id: "INSOLVENT",
    sections: {
      ...clean,
      company: {
        ...activeCompany,
        status: { active: true, statusDetails: { status: "UNDER_INSOLVENCY_PROCEEDING", insolvencyStartDate: "2026-02-01" } },
      },
    },
    reason: ["insolvency", 40, `Under insolvency proceeding since 1 February 2026 (${company}): +40.`],
  },
  {
    id: "INCOMPLETE",
    sections: clean,
    graph: {
      nodes: [root, node("T", { flags: { status: "budget_truncated" }, continuation: { reason: "budget", estimatedCost: 4 } })],
      edges: [{ id: "e1", fromId: "T", toId: "ROOT" }],
    } as Graph,
    reason: [
      "graphIncomplete",
      5,
      `1 company in the ownership graph not expanded (stopped at the spend cap: T Holdings): the rating may be too low (${graphSource}): +5.`,
    ],
  },
];

beforeAll(async () => {
  connectionId = await storeSandboxConnection({ webhookSecret: secret });
});

describe("rating company files", () => {
  it("stores the default model as version 1 the first time, and rates a clean company low with no reasons", async () => {
    await storeFile("CLEAN", clean);
    expect(await rate()).toMatchObject({ rated: 1, changed: 1, rose: 0 });
    const versions = await db().select().from(riskModelVersions);
    expect(versions.map((v) => [v.version, v.model])).toEqual([[1, defaultRiskModel]]);
    expect(await entryOf("CLEAN")).toMatchObject({
      rating: "low",
      score: 0,
      topReasons: [],
      modelVersion: 1,
      ratedRevision: 1,
      incomplete: false,
      activeFlags: [],
    });
    // Nothing changed: nothing more to do.
    expect(await rate()).toEqual({ rated: 0, changed: 0, rose: 0 });
  });

  it("pins each rule's points and reason sentence, one company file per rule", async () => {
    for (const c of cases) await storeFile(c.id, c.sections, { graph: c.graph, countryCode: c.countryCode });
    await rate();
    for (const c of cases) {
      expect([c.id, await reasonsOf(c.id, c.countryCode)]).toEqual([c.id, [c.reason]]);
      expect((await entryOf(c.id, c.countryCode)).score).toBe(c.reason[1]);
    }
    expect(await entryOf("FLAG-accountsOverdue")).toMatchObject({
      rating: "low",
      activeFlags: ["accountsOverdue"],
      topReasons: [`Accounts overdue since 3 March 2026 (${company}): +10.`],
    });
    expect(await entryOf("LISTED-COUNTRY", "IR")).toMatchObject({ rating: "medium" });
    expect(await entryOf("INCOMPLETE")).toMatchObject({ incomplete: true });
  });

  it("tells a change of beneficial owners since the last rating, and names who joined and left", async () => {
    await storeFile("CHANGED", clean);
    await rate();
    await storeFile("CHANGED", { ...clean, ultimateBeneficialOwners: [owner("Grace Hopper", 70)] });
    await rate();
    expect(await reasonsOf("CHANGED")).toEqual([
      ["recentOwnershipChange", 15, `Beneficial owners changed on 15 October 2026: Grace Hopper joined, Ada Lovelace left (${ubo}): +15.`],
    ]);
    // Rated again with nothing changed, the change is still known, and the same rating is not stored twice.
    const before = (await ratingsOf("CHANGED")).length;
    await db().execute(sql`update company_files set revision = revision + 1 where company_id = 'CHANGED'`);
    expect(await rate()).toMatchObject({ rated: 1, changed: 0 });
    expect(await ratingsOf("CHANGED")).toHaveLength(before);
    expect((await entryOf("CHANGED")).ratedRevision).toBe(3);
  });

  it("tells, at a company's first rating, a change of representatives between its earlier requests", async () => {
    const request = async (requestId: string, asOfTime: string, representatives: string[]) => {
      const snapshot = {
        request: { requestId, version: 1 },
        legalRepresentatives: representatives.map((name) => ({ type: "individual", individual: { name: { fullName: name } } })),
      };
      await db().execute(sql`
        insert into company_requests (request_id, connection_id, origin, country_code, company_id, version, snapshot, succeeded_at)
        values (${requestId}, ${connectionId}, 'console', 'GB', 'REPS', 1, ${JSON.stringify(snapshot)}::json,
          ${JSON.stringify({ legalRepresentatives: asOfTime })}::jsonb)`);
    };
    await request("req_reps_1", "2026-06-01T08:00:00.000Z", ["Rory Rep"]);
    await request("req_reps_2", "2026-11-20T08:00:00.000Z", ["Rory Rep", "Nina New"]);
    await request("req_reps_3", "2026-11-25T08:00:00.000Z", ["Rory Rep", "Nina New"]); // the same people again: no change
    await storeFile("REPS", {
      ...clean,
      legalRepresentatives: [
        { type: "individual", individual: { name: { fullName: "Rory Rep" } } },
        { type: "individual", individual: { name: { fullName: "Nina New" } } },
      ],
    });
    await rate();
    expect(await reasonsOf("REPS")).toEqual([
      [
        "recentOwnershipChange",
        15,
        "Legal representatives changed on 20 November 2026: Nina New joined (Legal representatives, as of 20 Nov 2026, request req_reps_2): +15.",
      ],
    ]);
  });

  it("rates again, a day on, a rating whose reasons lapse with time, though its file has not changed", async () => {
    await storeFile("GROWING", { ...clean, company: { ...activeCompany, incorporationDate: "2026-06-15" } });
    await rate();
    expect((await reasonsOf("GROWING")).map(([rule]) => rule)).toEqual(["youngCompany"]);
    expect(await expireTimeBoundRatings()).toBe(0); // rated less than a day ago
    await db().execute(sql`update portfolio_entries set updated_at = now() - interval '2 days' where company_id in ('GROWING', 'CLEAN')`);
    expect(await expireTimeBoundRatings()).toBe(1); // only the one whose reasons lapse (not CLEAN), and only a day on (not YOUNG)
    expect(await rerateAll({ at: () => new Date("2027-07-01T00:00:00Z") })).toMatchObject({ rated: 1, changed: 1 });
    expect(await reasonsOf("GROWING")).toEqual([]);
    expect(await entryOf("GROWING")).toMatchObject({ score: 0, rating: "low", ratedRevision: 1 });
  });

  it("rates again under a new model version, and replays an old rating exactly under its own version", async () => {
    await storeFile("GMBH", {
      ...flagged("accountsOverdue"),
      company: { ...flagged("accountsOverdue").company, legalForm: { localName: "GmbH" } },
    });
    await rate();
    const [first] = await ratingsOf("GMBH");
    const version = await publish(
      {
        ...defaultRiskModel,
        legalForms: ["gmbh"],
        rules: {
          ...defaultRiskModel.rules,
          complianceFlags: { points: { ...defaultRiskModel.rules.complianceFlags.points, accountsOverdue: 25 } },
        },
      },
      "Stricter on accounts; GmbH listed",
    );
    expect(version).toBe(2);
    const outcome = await rate();
    expect(outcome.rated).toBeGreaterThanOrEqual(cases.length); // every file, for the new version
    expect(await reasonsOf("GMBH")).toEqual([
      ["complianceFlags", 25, `Accounts overdue since 3 March 2026 (${company}): +25.`],
      ["listedLegalForm", 10, `Legal form GmbH, a listed legal form (${company}): +10.`],
    ]);
    expect(await entryOf("GMBH")).toMatchObject({ modelVersion: 2, score: 35, rating: "medium" });

    // The old rating, replayed from its stored inputs under version 1, reads exactly as it was stored.
    const [v1] = await db().select().from(riskModelVersions).where(eq(riskModelVersions.version, 1));
    const replayed = evaluateRisk(riskModelSchema.parse(v1!.model), first!.inputs as unknown as RiskFacts);
    expect(first!.modelVersion).toBe(1);
    expect(replayed).toEqual({ score: first!.score, rating: first!.rating, reasons: first!.reasons, incomplete: first!.incomplete });
    expect(replayed.reasons.map((r) => r.sentence)).toEqual([`Accounts overdue since 3 March 2026 (${company}): +10.`]);
  });

  it("rates again a file written while it was being rated", async () => {
    await storeFile("RACE", clean);
    await rate();
    await storeFile("RACE", flagged("accountsOverdue")); // revision 2
    const locker = await (db() as unknown as { $client: Pool }).$client.connect();
    try {
      // Hold the entry, so the rater reads revision 2 and then waits to write it.
      await locker.query("begin");
      await locker.query(`select 1 from portfolio_entries where company_id = 'RACE' for update`);
      const rating = rate();
      for (let i = 0; i < 200; i++) {
        const waiting = await db().execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        );
        if (waiting.rows[0]!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await storeFile("RACE", flagged("liquidated")); // revision 3, while revision 2 is being rated
      await locker.query("commit");
      await rating;
    } finally {
      locker.release();
    }
    expect((await ratingsOf("RACE")).map((r) => [r.fileRevision, r.reasons.map((reason) => reason.rule)])).toEqual([
      [1, []],
      [2, ["complianceFlags"]],
      [3, ["complianceFlags"]],
    ]);
    expect(await entryOf("RACE")).toMatchObject({ ratedRevision: 3, activeFlags: ["liquidated"], score: 40, rating: "medium" });
  });
});

/** Delivers a signed webhook, and waits until its snapshot is filed and the re-rater has done what it was kicked for. */
async function deliver(payload: unknown) {
  const body = JSON.stringify(payload);
  await receiveWebhook(db(), {
    connectionId,
    rawBody: body,
    headers: new Headers(webhookHeaders(secret, generateMessageId(), Math.floor(Date.now() / 1000), body)),
    arrivedAt: performance.now(),
  });
  await companyFilesSettled();
  await reratingSettled();
}

describe("a webhook that raises a rating", () => {
  afterAll(() => stopRerating());

  const hookAlerts = () => db().select().from(alerts).where(eq(alerts.companyId, "HOOK-1"));

  const snapshot = (version: number, flags: Record<string, unknown>) => ({
    type: "company.updated",
    request: {
      requestId: "req_hook",
      version,
      companyId: "HOOK-1",
      countryCode: "GB",
      dataPoints: ["company"],
      dataStatus: { dataPoints: { company: { status: "succeeded" } }, documents: {} },
    },
    company: { legalName: "Hook Ltd", status: { active: true, statusDetails: { status: "ACTIVE" } }, complianceFlags: flags },
  });

  it("re-rates the company in the background and opens a risk alert; a second rise joins the same open alert", async () => {
    startRerating({ sweepMs: 60_000 });
    await reratingSettled();
    await deliver(snapshot(1, {}));
    expect(await entryOf("HOOK-1")).toMatchObject({ rating: "low", score: 0 });
    expect(await hookAlerts()).toEqual([]); // a first rating is no rise

    await deliver(snapshot(2, { insolvencyHistory: { active: true, since: "2025-01-10" } }));
    expect(await entryOf("HOOK-1")).toMatchObject({ rating: "medium", score: 25, activeFlags: ["insolvencyHistory"] });
    const [opened] = await hookAlerts();
    expect(opened).toMatchObject({
      monitorId: "risk:GB:HOOK-1",
      categories: ["risk"],
      companyName: "Hook Ltd",
      state: "new",
      notificationCount: 1,
    });

    await deliver(snapshot(3, { insolvencyHistory: { active: true, since: "2025-01-10" }, liquidated: { active: true } }));
    expect(await entryOf("HOOK-1")).toMatchObject({ rating: "high", score: 65 });
    expect(await hookAlerts()).toEqual([expect.objectContaining({ id: opened!.id, notificationCount: 2 })]);

    const events = await db().select().from(alertEvents).where(eq(alertEvents.alertId, opened!.id)).orderBy(asc(alertEvents.id));
    expect(events.map((e) => [e.kind, e.actorEmail, e.details.from, e.details.to, e.details.score, e.details.modelVersion])).toEqual([
      ["risk_increased", "risk model (re-rating)", "low", "medium", 25, 2],
      ["risk_increased", "risk model (re-rating)", "medium", "high", 65, 2],
    ]);
    expect(events[1]!.details.reasons).toEqual([
      expect.stringMatching(/^Liquidated \(Company profile, as of .*, request req_hook\): \+40\.$/),
      expect.stringMatching(/^Insolvency history since 10 January 2025 \(Company profile, as of .*\): \+25\.$/),
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'alert.risk_increased' and ${auditLog.target} = ${`alert ${opened!.id}`}`)
      .orderBy(desc(auditLog.id));
    expect(audits.map((a) => [a.actorEmail, a.target, a.details.company])).toEqual([
      ["risk model (re-rating)", `alert ${opened!.id}`, "GB HOOK-1"],
      ["risk model (re-rating)", `alert ${opened!.id}`, "GB HOOK-1"],
    ]);
    const topics = (await db().select({ topic: liveEvents.topic }).from(liveEvents)).map((e) => e.topic);
    expect(topics).toEqual(expect.arrayContaining(["portfolio", "alerts", `alert:${opened!.id}`]));
  });
});

describe("a first order delivered a datapoint at a time", () => {
  afterAll(() => stopRerating());

  type Status = "in_progress" | "succeeded";
  const snapshot = (version: number, company: Status, owners: Status, flags: Record<string, unknown> = {}) => ({
    type: "company.updated",
    request: {
      requestId: "req_first",
      version,
      companyId: "FIRST-1",
      countryCode: "GB",
      dataPoints: ["company", "ultimateBeneficialOwners"],
      dataStatus: { dataPoints: { company: { status: company }, ultimateBeneficialOwners: { status: owners } }, documents: {} },
    },
    ...(company === "succeeded" && {
      company: { legalName: "First Ltd", status: { active: true, statusDetails: { status: "ACTIVE" } }, complianceFlags: flags },
    }),
    ...(owners === "succeeded" && { ultimateBeneficialOwners: [] }),
  });
  const firstAlerts = () => db().select().from(alerts).where(eq(alerts.companyId, "FIRST-1"));

  it("opens a risk alert for a flag on its profile, and none when its owners arrive after it", async () => {
    startRerating({ sweepMs: 60_000 });
    await reratingSettled();
    await deliver(snapshot(1, "in_progress", "in_progress"));
    await deliver(snapshot(2, "succeeded", "in_progress"));
    expect(await entryOf("FIRST-1")).toMatchObject({ rating: "low", score: 0 });
    expect(await firstAlerts()).toEqual([]);

    // The profile, known since the last delivery, now names a flag: a rise.
    await deliver(snapshot(3, "succeeded", "in_progress", { liquidated: { active: true } }));
    expect(await entryOf("FIRST-1")).toMatchObject({ rating: "medium", score: 40 });
    const [opened] = await firstAlerts();
    expect(opened).toBeDefined();

    // Its owners arrive: none identified (+30), the first knowledge of them, not a change: no new rise.
    await deliver(snapshot(4, "succeeded", "succeeded", { liquidated: { active: true } }));
    expect(await entryOf("FIRST-1")).toMatchObject({ rating: "high", score: 70 });
    const events = await db().select().from(alertEvents).where(eq(alertEvents.alertId, opened!.id));
    expect(events.map((e) => [e.kind, e.details.from, e.details.to])).toEqual([["risk_increased", "low", "medium"]]);
  });
});
