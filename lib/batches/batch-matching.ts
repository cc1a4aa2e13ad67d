import "server-only";
import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { db, type Transaction } from "@/db/client";
import { batchRows, type BatchRow, type BatchRowRecord } from "@/db/schema";
import { mapBounded } from "@/lib/async/map-bounded";
import type { Registry } from "@/lib/connections/registry-for";
import { publishLive } from "@/lib/live/publish";
import { countryWords, type RegistryCountry } from "@/lib/registry/countries.shared";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { SearchResult } from "@/lib/registry/schemas.shared";
import { batchTopics, readBatch } from "./batch-records";
import { decideByName, decideByNumber, type MatchDecision } from "./name-match";

/**
 * Matching a batch's rows (the `matching` step of its job): each pending row is searched in its country (free) and
 * scored (name-match.ts), chunk by chunk until the deadline, each chunk stored in one transaction with the live
 * event of the batch. Running it twice, or after a crash, only takes up the rows still pending.
 */

/** Searches in flight at once for one batch. */
export const matchingConcurrency = 8;
/** When every row left failed (a 5xx, a timeout), how long before trying them again. */
export const failureBackoffSeconds = 10;
/** Rows matched between two stores (and two live updates of the page). */
const chunkSize = 40;

type Dependencies = { now: () => number; sleep: (ms: number) => Promise<void> };
const defaults: Dependencies = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** What became of one searched row: a decision, or nothing yet (a retryable failure: the row stays pending). */
type RowResult = { row: BatchRowRecord; decision: MatchDecision; problem?: string } | { row: BatchRowRecord; retryAfterSeconds?: number };

async function search(registry: Registry, country: string, query: string): Promise<SearchResult[]> {
  return registry.client.search({ country: country as RegistryCountry, query });
}

/** The decision for one row: its number first (when it has one), then its name. */
async function decide(registry: Registry, row: BatchRowRecord): Promise<MatchDecision> {
  const name = row.input.name?.trim() ?? "";
  const number = row.input.number?.trim() ?? "";
  if (number) {
    const byNumber = decideByNumber(number, name, await search(registry, row.countryCode, number));
    if (byNumber) return byNumber;
    if (!name)
      return { state: "not_found", reason: `No company has the registration number “${number}” in ${countryWords(row.countryCode)}.` };
  }
  const byName = decideByName(name, await search(registry, row.countryCode, name));
  return number && byName.state === "not_found"
    ? { ...byName, reason: `No company has the number “${number}”; by name: ${byName.reason}` }
    : byName;
}

async function matchRow(registry: Registry, row: BatchRowRecord): Promise<RowResult> {
  try {
    return { row, decision: await decide(registry, row) };
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    if (error.retryable) return { row, retryAfterSeconds: error.status === 429 ? (error.retryAfter ?? 1) : undefined };
    return {
      row,
      decision: { state: "not_found", reason: "The registry refused the search." },
      problem: `The registry refused the search: ${error.message}${error.details.length ? ` (${error.details.join("; ")})` : ""}`,
    };
  }
}

/** Stores one row's decision, if the row is still pending (a second run never overwrites a first). */
async function storeDecision(tx: Transaction, row: BatchRowRecord, decision: MatchDecision, problem: string | undefined) {
  const pending = and(eq(batchRows.id, row.id), eq(batchRows.matchState, "pending"));
  const set =
    decision.state === "matched"
      ? {
          matchState: "matched" as const,
          companyId: decision.companyId,
          companyName: decision.companyName,
          matchReason: decision.reason,
          matchScore: decision.score,
        }
      : decision.state === "ambiguous"
        ? {
            matchState: "ambiguous" as const,
            candidates: decision.candidates,
            matchReason: `${decision.candidates.length} possible companies: pick one`,
          }
        : {
            matchState: "not_found" as const,
            matchReason: decision.reason,
            outcome: "skipped" as const,
            outcomeReason: "Not found in the register",
            ...(problem && { problems: [...row.problems, problem] }),
          };
  await tx
    .update(batchRows)
    .set({ ...set, updatedAt: sql`now()` })
    .where(pending);
}

/**
 * Marks the later of two rows matched to the same company as a duplicate naming the first (it is not ordered), and
 * rows that cannot be read as skipped. Runs after each chunk of matching and after a person picks a company.
 */
export async function markDuplicates(tx: Transaction, batchId: string): Promise<number> {
  await tx
    .update(batchRows)
    .set({ outcome: "skipped", outcomeReason: "Cannot be read (see its problems)", updatedAt: sql`now()` })
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.matchState, "invalid"), eq(batchRows.outcome, "pending")));
  // Each company's first matched row.
  const firsts = tx.$with("firsts").as(
    tx
      .select({
        countryCode: batchRows.countryCode,
        companyId: batchRows.companyId,
        firstRow: sql<number>`min(${batchRows.rowNumber})`.as("first_row"),
      })
      .from(batchRows)
      .where(and(eq(batchRows.batchId, batchId), eq(batchRows.matchState, "matched"), isNotNull(batchRows.companyId)))
      .groupBy(batchRows.countryCode, batchRows.companyId),
  );
  const rows = await tx
    .with(firsts)
    .update(batchRows)
    .set({
      matchState: "duplicate",
      matchReason: sql`'Same company as row ' || ${firsts.firstRow}`,
      outcome: "skipped",
      outcomeReason: "Duplicate: another row is for the same company",
      updatedAt: sql`now()`,
    })
    .from(firsts)
    .where(
      and(
        eq(batchRows.batchId, batchId),
        eq(batchRows.matchState, "matched"),
        eq(batchRows.outcome, "pending"),
        eq(batchRows.countryCode, firsts.countryCode),
        eq(batchRows.companyId, firsts.companyId),
        gt(batchRows.rowNumber, firsts.firstRow),
      ),
    )
    .returning({ id: batchRows.id });
  return rows.length;
}

async function pendingRows(batchId: string, limit: number): Promise<BatchRowRecord[]> {
  return db()
    .select()
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.matchState, "pending")))
    .orderBy(asc(batchRows.rowNumber))
    .limit(limit);
}

async function countPending(batchId: string): Promise<number> {
  const [found] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batchId), eq(batchRows.matchState, "pending")));
  return found?.n ?? 0;
}

export type MatchingProgress = {
  /** Rows still pending: 0 when matching is done. */
  remaining: number;
  /** The registry asked to wait (429) longer than the deadline allowed: try again after this many seconds. */
  retryAfterSeconds?: number;
};

/**
 * Searches and scores `batch`'s pending rows through `registry`, `matchingConcurrency` at a time, until none is left
 * or `deadlineMs` (a time as Date.now() gives it) has passed; a row whose search failed in a way worth retrying stays
 * pending, and a 429 pauses every search for its Retry-After (or ends the run, when the wait would pass the
 * deadline). A definite refusal ends the row as not found, with the registry's words in its problems. Stops when
 * the batch is no longer matching (cancelled).
 */
export async function matchBatchRows(
  batch: BatchRow,
  registry: Registry,
  deadlineMs: number,
  dependencies: Dependencies = defaults,
): Promise<MatchingProgress> {
  const { now, sleep } = dependencies;
  let resumeAt = 0;
  // A row whose search failed (other than a 429) waits for the next run, so a run always ends.
  const failed = new Set<number>();
  while (now() < deadlineMs) {
    const current = await readBatch(batch.id);
    if (current?.status !== "matching") break;
    const wait = resumeAt - now();
    if (wait > 0) {
      if (now() + wait >= deadlineMs) return { remaining: await countPending(batch.id), retryAfterSeconds: Math.ceil(wait / 1000) };
      await sleep(wait);
    }
    const rows = (await pendingRows(batch.id, chunkSize + failed.size)).filter((r) => !failed.has(r.id)).slice(0, chunkSize);
    if (rows.length === 0) break;
    const results = await mapBounded(rows, matchingConcurrency, async (row): Promise<RowResult | undefined> => {
      if (now() >= deadlineMs || resumeAt > now()) return undefined;
      const result = await matchRow(registry, row);
      if ("retryAfterSeconds" in result && result.retryAfterSeconds !== undefined) {
        resumeAt = Math.max(resumeAt, now() + result.retryAfterSeconds * 1000);
      }
      return result;
    });
    await db().transaction(async (tx) => {
      for (const result of results) {
        if (!result) continue;
        if ("decision" in result) await storeDecision(tx, result.row, result.decision, result.problem);
        else if (result.retryAfterSeconds === undefined) failed.add(result.row.id);
      }
      await markDuplicates(tx, batch.id);
      await publishLive(tx, batchTopics(batch.id));
    });
  }
  const remaining = await countPending(batch.id);
  const wait = resumeAt - now();
  if (wait > 0 && remaining > 0) return { remaining, retryAfterSeconds: Math.ceil(wait / 1000) };
  // Every row left failed in a way worth retrying (the registry is down): come back in a while, not at once.
  if (remaining > 0 && failed.size >= remaining) return { remaining, retryAfterSeconds: failureBackoffSeconds };
  return { remaining };
}
