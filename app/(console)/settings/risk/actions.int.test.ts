import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/db/client";
import {
  auditLog,
  companyRatings,
  dualControlSetting,
  pendingChanges,
  portfolioEntries,
  registryConnections,
  riskModelVersions,
  users,
  type User,
} from "@/db/schema";
import { sealSecret } from "@/lib/secret-box";
import { evaluateRisk } from "@/lib/risk/evaluate-risk";
import type { RiskFacts } from "@/lib/risk/risk-facts";
import { listChanges } from "@/lib/dual-control/pending-changes";
import { defaultRiskModel, type RiskModel } from "@/lib/risk/risk-model.shared";
import { signIn, signOut } from "@/test/session";
import { insertUser } from "@/test/users-fixture";
import { approveChangeAction } from "../approvals/actions";
import { previewRiskModelAction, publishRiskModelAction } from "./actions";

vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
const rerate = vi.hoisted(() => ({ soon: vi.fn() }));
vi.mock("@/lib/risk/re-rate", () => ({ rerateSoon: rerate.soon }));

let first: User;
let second: User;
const versions = () => db().select().from(riskModelVersions).orderBy(riskModelVersions.version);
const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);
const pendingId = async () => (await listChanges({ states: ["pending"], kind: "risk_model_publish" }))[0]!.id;

/** The default model with `change` made to a copy. */
const edited = (change: (model: RiskModel) => void): RiskModel => {
  const model = structuredClone(defaultRiskModel);
  change(model);
  return model;
};
const heavierFlags = edited((model) => (model.rules.complianceFlags.points.accountsOverdue = 30));

/** A version stored as if published earlier (by the re-rater's first rating, or another admin). */
const storeVersion = (version: number, model: RiskModel, by = "earlier@example.com") =>
  db().insert(riskModelVersions).values({ version, model, note: "stored before", publishedByEmail: by });

describe("publishing a risk model", () => {
  beforeEach(async () => {
    await db().execute(sql`truncate ${pendingChanges}, ${auditLog}, ${users}, ${dualControlSetting}, ${riskModelVersions} cascade`);
    first = await insertUser("first@example.com", "admin");
    second = await insertUser("second@example.com", "admin");
    rerate.soon.mockClear();
  });
  afterEach(() => signOut());

  it("asks a second admin, who alone can approve it; the approval stores the next version with both names and re-rates", async () => {
    signIn(first);
    const publication = { model: heavierFlags, note: "Overdue accounts weigh more", baseVersion: null };
    expect(await publishRiskModelAction(publication)).toEqual({ ok: true, data: { state: "pending" } });
    expect(await versions()).toEqual([]);
    expect(rerate.soon).not.toHaveBeenCalled();
    const id = await pendingId();

    expect(await approveChangeAction({ id })).toMatchObject({ ok: false, code: "same_admin" });
    expect(await versions()).toEqual([]);

    signIn(second);
    expect(await approveChangeAction({ id })).toEqual({ ok: true, data: undefined });
    expect(await versions()).toEqual([
      expect.objectContaining({
        version: 1,
        model: heavierFlags,
        note: "Overdue accounts weigh more",
        publishedBy: first.id,
        publishedByEmail: "first@example.com",
        approvedByEmail: "second@example.com",
      }),
    ]);
    expect(await audits("risk.model_published")).toEqual([
      expect.objectContaining({
        actorId: second.id,
        target: "risk model version 1",
        details: {
          version: 1,
          note: "Overdue accounts weigh more",
          changes: ["Compliance flags, Accounts overdue: points 10 → 30"],
          dualControl: "approved",
          changeId: id,
          requestedBy: "first@example.com",
          approvedBy: "second@example.com",
        },
      }),
    ]);
    expect(rerate.soon).toHaveBeenCalledTimes(1);
  });

  it("publishes the next number after the base version", async () => {
    await storeVersion(1, defaultRiskModel);
    signIn(first);
    expect(await publishRiskModelAction({ model: heavierFlags, note: "v2", baseVersion: 1 })).toMatchObject({ ok: true });
    signIn(second);
    expect(await approveChangeAction({ id: await pendingId() })).toMatchObject({ ok: true });
    expect((await versions()).map((v) => [v.version, v.approvedByEmail])).toEqual([
      [1, null],
      [2, "second@example.com"],
    ]);
  });

  it("refuses a draft edited from a version no longer in force, when asked and when approved, storing nothing", async () => {
    const other = edited((model) => model.highRiskCountries.push("RU"));
    signIn(first);
    expect(await publishRiskModelAction({ model: heavierFlags, note: "from the default", baseVersion: null })).toMatchObject({ ok: true });
    const id = await pendingId();
    // Another version is published meanwhile (here straight into the table), saying something else.
    await storeVersion(1, other, "someone@example.com");

    signIn(second);
    const approved = await approveChangeAction({ id });
    expect(approved).toMatchObject({ ok: false, code: "stale_model" });
    expect(!approved.ok && approved.error).toMatch(
      /^Version 1 was published by someone@example\.com at .+ UTC, after this draft was edited from the default model: nothing was published\./,
    );
    expect((await versions()).map((v) => v.version)).toEqual([1]);
    expect((await db().select().from(pendingChanges).where(eq(pendingChanges.id, id)))[0]).toMatchObject({ state: "failed" });
    expect(await audits("risk.model_published")).toEqual([]);
    expect(rerate.soon).not.toHaveBeenCalled();

    signIn(first);
    expect(await publishRiskModelAction({ model: heavierFlags, note: "again", baseVersion: null })).toMatchObject({
      ok: false,
      code: "stale_model",
    });
    expect(await listChanges({ states: ["pending"] })).toEqual([]);
  });

  it("does not count the default model stored unchanged as version 1 as a publication since", async () => {
    await storeVersion(1, defaultRiskModel, "system");
    signIn(first);
    expect(await publishRiskModelAction({ model: heavierFlags, note: "from the default", baseVersion: null })).toMatchObject({ ok: true });
    signIn(second);
    expect(await approveChangeAction({ id: await pendingId() })).toMatchObject({ ok: true });
    expect((await versions()).map((v) => v.version)).toEqual([1, 2]);
  });

  it("refuses a role without manageRisk, asking nothing", async () => {
    signIn(await insertUser("officer@example.com", "compliance"));
    expect(await publishRiskModelAction({ model: heavierFlags, note: "no", baseVersion: null })).toMatchObject({
      ok: false,
      code: "forbidden",
    });
    expect(await listChanges()).toEqual([]);
    expect(await versions()).toEqual([]);
  });

  it("refuses an invalid model or a missing note with each message at its field, asking and storing nothing", async () => {
    signIn(first);
    const invalid = edited((model) => {
      model.rules.listedCountry.points = -5;
      model.rules.youngCompany.months = 0;
      model.highRiskCountries.push("IRN");
      model.thresholds = { medium: 50, high: 40 };
    });
    const result = await publishRiskModelAction({ model: invalid, note: "  ", baseVersion: null });
    expect(result).toMatchObject({
      ok: false,
      code: "invalid_input",
      fieldErrors: {
        "model.rules.listedCountry.points": ["Points cannot be negative."],
        "model.rules.youngCompany.months": ["The number of months must be at least 1."],
        "model.highRiskCountries.3": ["A country is its two-letter code (for example IR)."],
        note: ["Say why this version."],
      },
    });
    const thresholds = await publishRiskModelAction({
      model: edited((model) => (model.thresholds = { medium: 50, high: 40 })),
      note: "thresholds",
      baseVersion: null,
    });
    expect(!thresholds.ok && thresholds.fieldErrors).toEqual({
      "model.thresholds.high": ["The high threshold must be above the medium one."],
    });
    expect(await listChanges()).toEqual([]);
    expect(await versions()).toEqual([]);
    expect(await audits("dual_control.requested")).toEqual([]);
  });

  it("refuses a second publication while one waits", async () => {
    signIn(first);
    expect(await publishRiskModelAction({ model: heavierFlags, note: "one", baseVersion: null })).toMatchObject({ ok: true });
    signIn(second);
    expect(await publishRiskModelAction({ model: defaultRiskModel, note: "two", baseVersion: null })).toMatchObject({
      ok: false,
      code: "already_pending",
      error: expect.stringContaining("first@example.com"),
    });
    expect(await listChanges({ states: ["pending"] })).toHaveLength(1);
  });

  it("publishes at once where dual control is off, with nobody as approver", async () => {
    await db().insert(dualControlSetting).values({ id: true, enabled: false });
    signIn(first);
    expect(await publishRiskModelAction({ model: heavierFlags, note: "off", baseVersion: null })).toEqual({
      ok: true,
      data: { state: "performed" },
    });
    expect(await versions()).toEqual([
      expect.objectContaining({ version: 1, publishedByEmail: "first@example.com", approvedByEmail: null }),
    ]);
    expect((await audits("risk.model_published"))[0]).toMatchObject({ actorId: first.id, details: { version: 1, dualControl: "off" } });
    expect(rerate.soon).toHaveBeenCalledTimes(1);
  });
});

const source = { requestId: "req_preview", asOf: "2026-10-01T09:00:00.000Z" };

/** A company's facts with nothing the default model counts (registered in Germany, nothing else known), changed by `change`. */
function factsWith(change: (facts: RiskFacts) => void = () => {}): RiskFacts {
  const facts: RiskFacts = {
    at: "2026-11-01T00:00:00.000Z",
    fileRevision: 1,
    sources: { company: source },
    country: "DE",
    company: { flags: [], status: null, incorporation: null, legalForm: null },
    beneficialOwners: null,
    parties: [],
    graph: null,
    people: { ultimateBeneficialOwners: null, legalRepresentatives: null },
    changes: { ultimateBeneficialOwners: null, legalRepresentatives: null },
  };
  change(facts);
  return facts;
}
const overdueAccounts = (facts: RiskFacts) => facts.company!.flags.push({ name: "accountsOverdue", since: "2026-01-01", dueDate: null });

describe("previewing a draft model", () => {
  let connectionId = "";

  /** A portfolio company rated under the default model from `facts` (none: not rated yet), pinned to `pinned` if given. */
  async function portfolioCompany(companyId: string, facts?: RiskFacts, pinned?: "low" | "medium" | "high") {
    let ratingId: number | null = null;
    let rating: "low" | "medium" | "high" | null = null;
    if (facts) {
      const evaluation = evaluateRisk(defaultRiskModel, facts);
      rating = evaluation.rating;
      const [row] = await db()
        .insert(companyRatings)
        .values({
          connectionId,
          countryCode: "DE",
          companyId,
          modelVersion: 1,
          fileRevision: 1,
          score: evaluation.score,
          rating,
          reasons: evaluation.reasons,
          inputs: facts,
        })
        .returning();
      ratingId = row!.id;
    }
    await db()
      .insert(portfolioEntries)
      .values({
        connectionId,
        countryCode: "DE",
        companyId,
        rating: pinned ?? rating,
        ratingId,
        modelVersion: 1,
        pinnedRating: pinned ?? null,
      });
  }

  beforeEach(async () => {
    await db().execute(
      sql`truncate ${portfolioEntries}, ${companyRatings}, ${riskModelVersions}, ${users}, ${registryConnections} cascade`,
    );
    const [connection] = await db()
      .insert(registryConnections)
      .values({
        name: "Preview",
        environment: "sandbox",
        baseUrl: "http://127.0.0.1:1",
        apiKeySealed: sealSecret("sk_dev_x"),
        apiKeyHint: "sk_dev_…",
      })
      .returning();
    connectionId = connection!.id;
    await storeVersion(1, defaultRiskModel);
    await portfolioCompany("LOW-TO-MEDIUM", factsWith(overdueAccounts)); // 10 points: low; 30 under the draft: medium
    await portfolioCompany(
      "MEDIUM-TO-LOW",
      factsWith((facts) => (facts.country = "IR")),
    ); // 40: medium; Iran unlisted: low
    await portfolioCompany("STAYS-LOW", factsWith());
    await portfolioCompany("PINNED", factsWith(overdueAccounts), "high");
    await portfolioCompany("NOT-RATED");
  });

  it("counts the companies per transition from their current rating, the unchanged, the pinned and the unrated", async () => {
    signIn(await insertUser("risk-admin@example.com", "admin"));
    const draft = edited((model) => {
      model.rules.complianceFlags.points.accountsOverdue = 30;
      model.highRiskCountries = ["KP", "MM"];
    });
    expect(await previewRiskModelAction({ model: draft })).toEqual({
      ok: true,
      data: {
        evaluated: 3,
        unchanged: 1,
        transitions: expect.arrayContaining([
          { from: "low", to: "medium", count: 1 },
          { from: "medium", to: "low", count: 1 },
        ]),
        pinned: 1,
        pinnedWouldChange: 1,
        unrated: 1,
        unreadable: 0,
      },
    });
    const same = await previewRiskModelAction({ model: defaultRiskModel });
    expect(same).toMatchObject({ ok: true, data: { evaluated: 3, unchanged: 3, transitions: [], pinned: 1, pinnedWouldChange: 0 } });
  });

  it("counts a rating whose stored facts it cannot read apart, instead of failing the whole preview", async () => {
    signIn(await insertUser("risk-admin@example.com", "admin"));
    const [odd] = await db()
      .insert(companyRatings)
      .values({
        connectionId,
        countryCode: "DE",
        companyId: "ODD",
        modelVersion: 1,
        fileRevision: 1,
        score: 0,
        rating: "low",
        reasons: [],
        inputs: {},
      })
      .returning();
    await db()
      .insert(portfolioEntries)
      .values({ connectionId, countryCode: "DE", companyId: "ODD", rating: "low", ratingId: odd!.id, modelVersion: 1 });
    expect(await previewRiskModelAction({ model: defaultRiskModel })).toMatchObject({
      ok: true,
      data: { evaluated: 3, unchanged: 3, unrated: 1, unreadable: 1 },
    });
  });

  it("counts exactly as evaluateRisk rates each company's stored inputs, over varied facts", async () => {
    const countries = ["DE", "IR", "RU", "KP", "FR"];
    const flagNames = ["accountsOverdue", "liquidated", "insolvencyHistory", "registeredCharges"];
    for (let n = 0; n < 60; n++) {
      await portfolioCompany(
        `VARIED-${n}`,
        factsWith((facts) => {
          facts.country = countries[n % 5]!;
          facts.company!.flags = flagNames
            .filter((_, i) => (n >> i) % 2 === 1)
            .map((name) => ({ name, since: "2026-01-01", dueDate: "2026-03-01" }));
          facts.company!.status = {
            active: n % 7 !== 0,
            status: n % 7 === 0 ? "dissolved" : "active",
            closureReason: null,
            insolvencyStartDate: n % 11 === 0 ? "2025-06-01" : null,
          };
          facts.company!.incorporation = { date: n % 3 === 0 ? "2026-08-01" : "2010-01-01", field: "company.incorporationDate" };
          facts.company!.legalForm = [n % 4 === 0 ? "Trust" : "GmbH"];
          facts.beneficialOwners =
            n % 6 === 0
              ? { count: 0, highestPercent: null, fromGraph: false }
              : { count: 2, highestPercent: (n % 5) * 10, fromGraph: false };
          facts.parties = [
            {
              role: "beneficialOwner",
              name: "A",
              country: countries[(n + 1) % 5]!,
              tie: "residence",
              field: "ultimateBeneficialOwners[0].residence",
            },
          ];
          facts.graph = {
            nodes: 5,
            depth: n % 7,
            cycle: n % 9 === 0 ? ["X", "Y"] : [],
            uboProxies: n % 8 === 0 ? ["P"] : [],
            unexpanded: n % 10 === 0 ? ["U"] : [],
          };
          facts.changes.legalRepresentatives =
            n % 4 === 1 ? { at: "2026-10-20T00:00:00.000Z", added: ["New"], removed: ["Old"], source } : null;
        }),
      );
    }
    const draft = edited((model) => {
      model.highRiskCountries = ["RU", "KP"];
      model.legalForms = ["trust"];
      model.rules.deepOwnership.layers = 2;
      model.rules.youngCompany.months = 6;
      model.rules.recentOwnershipChange.days = 30;
      model.thresholds = { medium: 30, high: 70 };
    });
    // What evaluateRisk gives on the whole stored inputs, counted the same way.
    const rows = await db()
      .select({ rating: companyRatings.rating, inputs: companyRatings.inputs, companyId: companyRatings.companyId })
      .from(companyRatings);
    const expected = new Map<string, number>();
    let unchanged = 0;
    for (const row of rows.filter((r) => r.companyId !== "PINNED")) {
      const rating = evaluateRisk(draft, row.inputs as unknown as RiskFacts).rating;
      if (rating === row.rating) unchanged += 1;
      else expected.set(`${row.rating}>${rating}`, (expected.get(`${row.rating}>${rating}`) ?? 0) + 1);
    }
    expect(expected.size).toBeGreaterThanOrEqual(2); // the draft moves companies several ways

    signIn(await insertUser("risk-admin@example.com", "admin"));
    const result = await previewRiskModelAction({ model: draft });
    if (!result.ok) throw new Error(result.error);
    expect(result.data.unchanged).toBe(unchanged);
    expect(new Map(result.data.transitions.map((t) => [`${t.from}>${t.to}`, t.count]))).toEqual(expected);
  });

  it("refuses a role without manageRisk and an invalid draft, with the field's message", async () => {
    signIn(await insertUser("auditor@example.com", "auditor"));
    expect(await previewRiskModelAction({ model: defaultRiskModel })).toMatchObject({ ok: false, code: "forbidden" });
    signIn(await insertUser("risk-admin@example.com", "admin"));
    const invalid = edited((model) => (model.thresholds.medium = 0));
    expect(await previewRiskModelAction({ model: invalid })).toMatchObject({
      ok: false,
      fieldErrors: { "model.thresholds.medium": ["The medium threshold must be at least 1."] },
    });
  });
});
