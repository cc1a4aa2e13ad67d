import "server-only";
import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Transaction } from "@/db/client";
import { companyFiles, companyRatings, companyRequests, portfolioEntries, type CompanyFileSource, type RiskReason } from "@/db/schema";
import { recordRiskIncreases } from "./risk-alert";
import type { CompanyKey } from "@/lib/company-file/company-file-store";
import { publishLive } from "@/lib/live/publish";
import { liveTopics } from "@/lib/live/topics.shared";
import type { Graph } from "@/lib/registry/schemas.shared";
import { nextReviewDue, type ReviewPolicy } from "./review-policy.shared";
import { reviewPolicyInForce } from "./review-policy-store";
import { evaluateRisk, type RiskEvaluation } from "./evaluate-risk";
import {
  peopleSighting,
  riskFacts,
  type FactSource,
  type PeopleGroup,
  type PeopleHistory,
  type PeopleSighting,
  type RiskFacts,
} from "./risk-facts";
import type { RiskRating } from "./risk-model.shared";
import { riskModelInForce, type PublishedRiskModel } from "./risk-model-versions";
import { riskRose } from "./risk-rise";

/** Company files read, rated and written per statement. */
const defaultBatch = 500;

/** How many top reasons a portfolio row shows. */
const topReasonCount = 3;

type FileRow = {
  connection_id: string;
  country_code: string;
  company_id: string;
  company_name: string | null;
  revision: string;
  sections: Record<string, unknown>;
  sources: Record<string, CompanyFileSource>;
  graph: string | null;
  rating_id: string | null;
  previous_rating: RiskRating | null;
  previous_score: number | null;
  previous_model: number | null;
  previous_reasons: RiskReason[] | null;
  previous_people: RiskFacts["people"] | null;
  previous_changes: RiskFacts["changes"] | null;
  previous_sources: RiskFacts["sources"] | null;
};

type Rated = {
  key: CompanyKey;
  companyName: string | null;
  revision: number;
  /** The rating row it was rated against (null: its first rating). */
  ratingId: number | null;
  previous: {
    rating: RiskRating;
    score: number;
    model: number;
    reasons: RiskReason[];
    changes: RiskFacts["changes"];
    /** The sections its facts had (null: its facts are not known). */
    sources: RiskFacts["sources"] | null;
  } | null;
  facts: RiskFacts;
  result: RiskEvaluation;
};

export type RerateOutcome = {
  /** Company files rated (their entry now names the revision and model version rated). */
  rated: number;
  /** Of those, how many got a new rating row (score, rating, reasons, model version or the known changes moved). */
  changed: number;
  /** Ratings that went up (a risk alert opened or joined). */
  rose: number;
};

const keyOf = (row: Pick<FileRow, "connection_id" | "country_code" | "company_id">): CompanyKey => ({
  connectionId: row.connection_id,
  countryCode: row.country_code,
  companyId: row.company_id,
});
const keyId = (key: CompanyKey) => `${key.connectionId}\u0000${key.countryCode}\u0000${key.companyId}`;

/** Only the sections the facts read are sent over. */
const sectionsRead = ["company", "ultimateBeneficialOwners", "legalRepresentatives", "shareholders"] as const;

/**
 * The next `batch` company files after `after` (in key order) that need a rating: no portfolio entry yet, a revision
 * newer than the one rated, or rated under an older model version; with `keys`, only among those.
 */
async function filesNeedingRating(
  modelVersion: number,
  after: CompanyKey | null,
  batch: number,
  keys: CompanyKey[] | null,
): Promise<FileRow[]> {
  const [f, e, r] = [alias(companyFiles, "f"), alias(portfolioEntries, "e"), alias(companyRatings, "r")];
  const sections = sql.join(
    sectionsRead.map((section) => sql`${sql.raw(`'${section}'`)}, ${f.sections} -> ${sql.raw(`'${section}'`)}`),
    sql`, `,
  );
  const onlyKeys = keys
    ? sql`and (${f.connectionId}, ${f.countryCode}, ${f.companyId}) in (
        select k.connection_id, k.country_code, k.company_id
        from jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ connection_id: k.connectionId, country_code: k.countryCode, company_id: k.companyId })))}::jsonb)
          as k(connection_id uuid, country_code text, company_id text))`
    : sql``;
  const afterKey = after
    ? sql`and (${f.connectionId}, ${f.countryCode}, ${f.companyId}) > (${after.connectionId}::uuid, ${after.countryCode}, ${after.companyId})`
    : sql``;
  const { rows } = await db().execute<FileRow>(sql`
    select ${f.connectionId}, ${f.countryCode}, ${f.companyId}, ${f.companyName}, ${f.revision},
           jsonb_strip_nulls(jsonb_build_object(${sections})) as sections,
           ${f.sources}, ${f.graph}::text as graph, ${e.ratingId}, ${r.rating} as previous_rating, ${r.score} as previous_score,
           ${r.modelVersion} as previous_model, ${r.reasons} as previous_reasons, ${r.inputs} -> 'people' as previous_people,
           ${r.inputs} -> 'changes' as previous_changes, ${r.inputs} -> 'sources' as previous_sources
    from ${companyFiles} ${f}
    left join ${portfolioEntries} ${e} on ${e.connectionId} = ${f.connectionId} and ${e.countryCode} = ${f.countryCode} and ${e.companyId} = ${f.companyId}
    left join ${companyRatings} ${r} on ${r.id} = ${e.ratingId}
    where (${e.connectionId} is null or ${e.ratedRevision} < ${f.revision} or ${e.modelVersion} is distinct from ${modelVersion})
      ${afterKey} ${onlyKeys}
    order by ${f.connectionId}, ${f.countryCode}, ${f.companyId}
    limit ${batch}`);
  return rows;
}

type SightingRow = {
  connection_id: string;
  country_code: string;
  company_id: string;
  request_id: string;
  version: string;
  succeeded_at: Record<string, string>;
  ubos: unknown;
  reps: unknown;
};

/**
 * For companies rated the first time: who their beneficial owners and representatives were in each of their
 * requests, oldest delivery first, so a change before the first rating is known.
 */
async function sightingsOf(keys: CompanyKey[], at: string): Promise<Map<string, Record<PeopleGroup, PeopleSighting[]>>> {
  const found = new Map<string, Record<PeopleGroup, PeopleSighting[]>>();
  if (!keys.length) return found;
  const r = alias(companyRequests, "r");
  const { rows } = await db().execute<SightingRow>(sql`
    select ${r.connectionId}, ${r.countryCode}, ${r.companyId}, ${r.requestId}, ${r.version}, ${r.succeededAt},
           case when ${r.succeededAt} ? 'ultimateBeneficialOwners' then ${r.snapshot} -> 'ultimateBeneficialOwners' end as ubos,
           case when ${r.succeededAt} ?| array['legalRepresentatives', 'companyProfile'] then ${r.snapshot} -> 'legalRepresentatives' end as reps
    from ${companyRequests} ${r}
    join jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ connection_id: k.connectionId, country_code: k.countryCode, company_id: k.companyId })))}::jsonb)
      as k(connection_id uuid, country_code text, company_id text)
      on ${r.connectionId} = k.connection_id and ${r.countryCode} = k.country_code and ${r.companyId} = k.company_id
    where ${r.succeededAt} ?| array['ultimateBeneficialOwners', 'legalRepresentatives', 'companyProfile']`);
  for (const row of rows) {
    const id = keyId(keyOf(row));
    const entry = found.get(id) ?? { ultimateBeneficialOwners: [], legalRepresentatives: [] };
    found.set(id, entry);
    const source = (datapoint: string): FactSource | null =>
      row.succeeded_at[datapoint] ? { requestId: row.request_id, asOf: row.succeeded_at[datapoint]! } : null;
    const ubos = peopleSighting(row.ubos, "ultimateBeneficialOwners", source("ultimateBeneficialOwners"), at);
    if (ubos) entry.ultimateBeneficialOwners.push(ubos);
    const repsSource = source("legalRepresentatives") ?? source("companyProfile");
    const reps = peopleSighting(row.reps, "legalRepresentatives", repsSource, at);
    if (reps) entry.legalRepresentatives.push(reps);
  }
  const byAsOf = (a: PeopleSighting, b: PeopleSighting) => ((a.source?.asOf ?? "") < (b.source?.asOf ?? "") ? -1 : 1);
  for (const entry of found.values()) {
    entry.ultimateBeneficialOwners.sort(byAsOf);
    entry.legalRepresentatives.sort(byAsOf);
  }
  return found;
}

async function rateRows(rows: FileRow[], model: PublishedRiskModel, at: Date): Promise<Rated[]> {
  const firsts = rows.filter((r) => r.rating_id === null).map(keyOf);
  const sightings = await sightingsOf(firsts, at.toISOString());
  const rated: Rated[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    try {
      const history: PeopleHistory =
        row.rating_id !== null && row.previous_people && row.previous_changes
          ? { kind: "previous", people: row.previous_people, changes: row.previous_changes }
          : { kind: "sightings", sightings: sightings.get(keyId(key)) ?? { ultimateBeneficialOwners: [], legalRepresentatives: [] } };
      const facts = riskFacts(
        {
          countryCode: row.country_code,
          companyId: row.company_id,
          companyName: row.company_name,
          revision: Number(row.revision),
          sections: row.sections,
          sources: row.sources,
          graph: row.graph ? (JSON.parse(row.graph) as Graph) : null,
        },
        at,
        history,
      );
      rated.push({
        key,
        companyName: row.company_name,
        revision: Number(row.revision),
        ratingId: row.rating_id === null ? null : Number(row.rating_id),
        previous:
          row.rating_id !== null && row.previous_rating
            ? {
                rating: row.previous_rating,
                score: Number(row.previous_score),
                model: Number(row.previous_model),
                reasons: row.previous_reasons ?? [],
                changes: row.previous_changes ?? { ultimateBeneficialOwners: null, legalRepresentatives: null },
                sources: row.previous_sources,
              }
            : null,
        facts,
        result: evaluateRisk(model.model, facts),
      });
    } catch (error) {
      console.error(`[re-rate] ${key.countryCode} ${key.companyId} could not be rated:`, error instanceof Error ? error.message : error);
    }
  }
  return rated;
}

/** As stored in jsonb: undefined values dropped. */
const asStored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The sections facts were read from, in a stable order. */
const sectionsKnown = (sources: RiskFacts["sources"] | null) => Object.keys(sources ?? {}).sort();

/**
 * Whether the rating differs from the one stored: a new company_ratings row is written then. A section delivered for
 * the first time counts, though no points moved: the next rise is measured against the sections the rating knew.
 */
function ratingChanged(rated: Rated, modelVersion: number): boolean {
  const { previous, result, facts } = rated;
  if (!previous) return true;
  return (
    previous.model !== modelVersion ||
    previous.score !== result.score ||
    previous.rating !== result.rating ||
    !isDeepStrictEqual(asStored(result.reasons), previous.reasons) ||
    !isDeepStrictEqual(asStored(facts.changes), previous.changes) ||
    !isDeepStrictEqual(sectionsKnown(facts.sources), sectionsKnown(previous.sources))
  );
}

type EntryRow = {
  connection_id: string;
  country_code: string;
  company_id: string;
  rated_revision: string;
  model_version: number | null;
  rating_id: string | null;
  pinned_rating: RiskRating | null;
  last_reviewed_at: Date | null;
  created_at: Date;
};

const recordset = (values: unknown[]) => sql`${JSON.stringify(values)}::jsonb`;

/**
 * Writes a batch's ratings in one transaction: creates the missing portfolio entries, locks the batch's entries, and
 * writes each rating whose entry is still as read (another rater may have rated the file meanwhile, or rated a newer
 * revision: then this one is dropped). A rating that changed gets a company_ratings row; every rated entry names the
 * revision and model version rated. Returns what was written and whether some were dropped.
 */
async function writeBatch(batch: Rated[], model: PublishedRiskModel, policy: ReviewPolicy): Promise<RerateOutcome & { dropped: number }> {
  if (!batch.length) return { rated: 0, changed: 0, rose: 0, dropped: 0 };
  return db().transaction(async (tx: Transaction) => {
    const keys = batch.map((r) => ({
      connection_id: r.key.connectionId,
      country_code: r.key.countryCode,
      company_id: r.key.companyId,
      company_name: r.companyName,
    }));
    await tx.execute(sql`
      insert into portfolio_entries (connection_id, country_code, company_id, company_name)
      select k.connection_id, k.country_code, k.company_id, k.company_name
      from jsonb_to_recordset(${recordset(keys)}) as k(connection_id uuid, country_code text, company_id text, company_name text)
      order by 1, 2, 3
      on conflict do nothing`);
    const e = alias(portfolioEntries, "e");
    const { rows: entries } = await tx.execute<EntryRow>(sql`
      select ${e.connectionId}, ${e.countryCode}, ${e.companyId}, ${e.ratedRevision}, ${e.modelVersion}, ${e.ratingId}, ${e.pinnedRating},
             ${e.lastReviewedAt}, ${e.createdAt}
      from ${portfolioEntries} ${e}
      join jsonb_to_recordset(${recordset(keys)}) as k(connection_id uuid, country_code text, company_id text)
        on ${e.connectionId} = k.connection_id and ${e.countryCode} = k.country_code and ${e.companyId} = k.company_id
      order by ${e.connectionId}, ${e.countryCode}, ${e.companyId}
      for update of ${e}`);
    const entryOf = new Map(entries.map((entry) => [keyId(keyOf(entry)), entry]));
    let dropped = 0;
    const kept: { rated: Rated; entry: EntryRow; changed: boolean }[] = [];
    for (const rated of batch) {
      const entry = entryOf.get(keyId(rated.key));
      const ratedRevision = entry ? Number(entry.rated_revision) : -1;
      const sameRatingRow = (entry?.rating_id == null ? null : Number(entry.rating_id)) === rated.ratingId;
      if (
        !entry ||
        !sameRatingRow ||
        ratedRevision > rated.revision ||
        (ratedRevision === rated.revision && entry.model_version === model.version)
      ) {
        dropped += 1;
        continue;
      }
      kept.push({ rated, entry, changed: ratingChanged(rated, model.version) });
    }

    const changedRows = kept.filter((k) => k.changed);
    const ratingIds = new Map<string, number>();
    if (changedRows.length) {
      const values = changedRows.map(({ rated }) => ({
        connection_id: rated.key.connectionId,
        country_code: rated.key.countryCode,
        company_id: rated.key.companyId,
        file_revision: rated.revision,
        score: rated.result.score,
        rating: rated.result.rating,
        reasons: rated.result.reasons,
        inputs: rated.facts,
        incomplete: rated.result.incomplete,
        rated_at: rated.facts.at,
      }));
      const { rows } = await tx.execute<{ id: string; connection_id: string; country_code: string; company_id: string }>(sql`
        insert into company_ratings (connection_id, country_code, company_id, model_version, file_revision, score, rating, reasons, inputs,
                                     incomplete, rated_at)
        select v.connection_id, v.country_code, v.company_id, ${model.version}, v.file_revision, v.score, v.rating, v.reasons, v.inputs,
               v.incomplete, v.rated_at
        from json_to_recordset(${JSON.stringify(values)}::json) as v(connection_id uuid, country_code text, company_id text, file_revision bigint,
          score integer, rating text, reasons jsonb, inputs jsonb, incomplete boolean, rated_at timestamptz)
        returning id, connection_id, country_code, company_id`);
      for (const row of rows) ratingIds.set(keyId(keyOf(row)), Number(row.id));
    }

    const updates = kept.map(({ rated, entry }) => {
      const inForce = entry.pinned_rating ?? rated.result.rating;
      return {
        connection_id: rated.key.connectionId,
        country_code: rated.key.countryCode,
        company_id: rated.key.companyId,
        company_name: rated.companyName,
        rating: inForce,
        score: rated.result.score,
        top_reasons: rated.result.reasons.slice(0, topReasonCount).map((r) => r.sentence),
        rating_id: ratingIds.get(keyId(rated.key)) ?? rated.ratingId,
        model_version: model.version,
        rated_revision: rated.revision,
        incomplete: rated.result.incomplete,
        active_flags: (rated.facts.company?.flags ?? []).map((f) => f.name),
        next_review_due: nextReviewDue(
          policy,
          inForce,
          entry.last_reviewed_at && new Date(entry.last_reviewed_at),
          new Date(entry.created_at),
        ).toISOString(),
      };
    });
    if (updates.length)
      await tx.execute(sql`
        update portfolio_entries e set company_name = coalesce(u.company_name, e.company_name), rating = u.rating, score = u.score,
          top_reasons = u.top_reasons, rating_id = u.rating_id, model_version = u.model_version, rated_revision = u.rated_revision,
          incomplete = u.incomplete, active_flags = array(select jsonb_array_elements_text(u.active_flags)),
          next_review_due = u.next_review_due, updated_at = now()
        from jsonb_to_recordset(${recordset(updates)}) as u(connection_id uuid, country_code text, company_id text, company_name text,
          rating text, score integer, top_reasons jsonb, rating_id bigint, model_version integer, rated_revision bigint, incomplete boolean,
          active_flags jsonb, next_review_due timestamptz)
        where e.connection_id = u.connection_id and e.country_code = u.country_code and e.company_id = u.company_id`);

    const rises = changedRows.filter(({ rated }) => riskRose(rated.previous, rated.result, model.model.thresholds));
    const recorded = await recordRiskIncreases(
      tx,
      rises.map(({ rated }) => ({
        ...rated.key,
        companyName: rated.companyName,
        from: rated.previous!.rating,
        to: rated.result.rating,
        score: rated.result.score,
        modelVersion: model.version,
        reasons: rated.result.reasons.map((r) => r.sentence),
      })),
    );
    const topics = new Set(recorded.topics);
    if (changedRows.length) topics.add(liveTopics.portfolio);
    await publishLive(tx, [...topics]);
    return { rated: kept.length, changed: changedRows.length, rose: rises.length, dropped };
  });
}

/**
 * Rates every company file that needs it (no entry, a newer revision, an older model version), or with `keys` only
 * those, `batch` files a statement, under the model in force (version 1, the default, is stored the first time).
 * A file written while it is rated keeps a revision above the one rated, so it is found again: passes repeat until
 * one finds nothing more to write.
 */
export async function rerateAll(options: { keys?: CompanyKey[]; batch?: number; at?: () => Date } = {}): Promise<RerateOutcome> {
  const batch = options.batch ?? defaultBatch;
  const total: RerateOutcome = { rated: 0, changed: 0, rose: 0 };
  for (let pass = 0; pass < 20; pass++) {
    const model = await riskModelInForce();
    const policy = await reviewPolicyInForce();
    const at = options.at?.() ?? new Date();
    const keys = options.keys ?? null;
    let progress = 0;
    let dropped = 0;
    const count = (written: Awaited<ReturnType<typeof writeBatch>>) => {
      total.rated += written.rated;
      total.changed += written.changed;
      total.rose += written.rose;
      progress += written.rated;
      dropped += written.dropped;
    };
    // A pipeline: the next batch is read and rated while the one before is written.
    let next = filesNeedingRating(model.version, null, batch, keys);
    let writing: ReturnType<typeof writeBatch> | undefined;
    for (;;) {
      const rows = await next;
      if (!rows.length) break;
      next = rows.length < batch ? Promise.resolve([]) : filesNeedingRating(model.version, keyOf(rows[rows.length - 1]!), batch, keys);
      const rated = await rateRows(rows, model, at);
      if (writing) count(await writing);
      writing = writeBatch(rated, model, policy);
    }
    if (writing) count(await writing);
    if (progress === 0 && dropped === 0) break;
  }
  return total;
}

/** The rules whose reasons lapse with time alone (a company grows older; a change leaves the window). */
const timeBoundRules = ["youngCompany", "recentOwnershipChange"] as const;

/**
 * Marks due again the ratings whose reasons lapse with time (a young company, a recent change) and that were last
 * written more than a day ago, so the next run rates them though their file has not changed. Returns how many.
 */
export async function expireTimeBoundRatings(): Promise<number> {
  const [e, r] = [alias(portfolioEntries, "e"), alias(companyRatings, "r")];
  const lapsing = sql.join(
    timeBoundRules.map((rule) => sql`${r.reasons} @> ${JSON.stringify([{ rule }])}::jsonb`),
    sql` or `,
  );
  const { rows } = await db().execute<{ n: number }>(sql`
    with due as (
      update ${portfolioEntries} ${e} set ${sql.identifier(e.ratedRevision.name)} = ${e.ratedRevision} - 1
      from ${companyRatings} ${r}
      where ${r.id} = ${e.ratingId} and ${e.ratedRevision} >= 0 and ${e.updatedAt} < now() - interval '1 day' and (${lapsing})
      returning 1)
    select count(*)::int as n from due`);
  return rows[0]?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// The background re-rater: one per process (kept on globalThis: the webhook intake and Next.js load their own copy
// of this module), started by the app (instrumentation.ts). Correctness needs none of it: every write is guarded by
// the entry's revision, so two processes rating at once only do the same work twice.

type Runner = {
  started: boolean;
  timer?: ReturnType<typeof setTimeout>;
  sweep?: ReturnType<typeof setInterval>;
  running?: Promise<void>;
  /** Files to rate on the next run; "all" for a sweep. */
  pending: Map<string, CompanyKey> | "all" | null;
  /** When ratings that lapse with time were last marked due (at most hourly). */
  lapsedAt?: number;
};

const runner: Runner = ((globalThis as { registryDeskRerater?: Runner }).registryDeskRerater ??= { started: false, pending: null });

/** A burst of writes is rated together this long after the first. */
const debounceMs = 200;

function runPending(): void {
  runner.timer = undefined;
  if (runner.running || !runner.pending) return;
  const pending = runner.pending;
  runner.pending = null;
  runner.running = rerateAll(pending === "all" ? {} : { keys: [...pending.values()] })
    .then((outcome) => {
      if (outcome.changed) console.log(`[re-rate] ${outcome.rated} rated, ${outcome.changed} changed, ${outcome.rose} rose`);
    })
    .catch((error: unknown) =>
      console.error("[re-rate] failed; the next sweep tries again:", error instanceof Error ? error.message : error),
    )
    .finally(() => {
      runner.running = undefined;
      if (runner.pending && runner.started) runner.timer ??= setTimeout(runPending, debounceMs);
    });
}

/**
 * Asks the background re-rater to rate soon: the company files `keys` (after a write to them), or every file that needs
 * it (after a model is published, or a sweep). Returns at once; a no-op where the re-rater is not started (scripts, tests).
 * Never call it on a page read.
 */
export function rerateSoon(...keys: CompanyKey[]): void {
  // `npm run dev` runs `next dev`, not the app server that starts the re-rater: its first write does.
  if (!runner.started && process.env.NODE_ENV === "development") startRerating();
  if (!runner.started) return;
  if (!keys.length) runner.pending = "all";
  else if (runner.pending !== "all") {
    runner.pending ??= new Map();
    for (const key of keys) runner.pending.set(keyId(key), key);
  }
  if (!runner.running) runner.timer ??= setTimeout(runPending, debounceMs);
}

/** A sweep: every file that needs a rating, and hourly those whose reasons lapse with time. */
function sweep(): void {
  if (runner.lapsedAt === undefined || Date.now() - runner.lapsedAt > 3_600_000) {
    runner.lapsedAt = Date.now();
    expireTimeBoundRatings()
      .catch((error: unknown) => console.error("[re-rate] lapsing ratings not marked:", error instanceof Error ? error.message : error))
      .finally(() => rerateSoon());
    return;
  }
  rerateSoon();
}

/** Starts the background re-rater: a sweep now (what a crash left unrated), then one every `sweepMs`. */
export function startRerating(options: { sweepMs?: number } = {}): void {
  if (runner.started) return;
  runner.started = true;
  sweep();
  runner.sweep = setInterval(sweep, options.sweepMs ?? 60_000);
  runner.sweep.unref?.();
}

/** Resolves once nothing is waiting to be rated or being rated. */
export async function reratingSettled(): Promise<void> {
  while (runner.running || runner.timer) {
    if (runner.running) await runner.running;
    else await new Promise((resolve) => setTimeout(resolve, debounceMs));
  }
}

/** Stops the background re-rater (tests), after what it is doing. */
export async function stopRerating(): Promise<void> {
  runner.started = false;
  if (runner.sweep) clearInterval(runner.sweep);
  if (runner.timer) clearTimeout(runner.timer);
  runner.sweep = runner.timer = undefined;
  runner.pending = null;
  await runner.running;
}
