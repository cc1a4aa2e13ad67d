import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { batchRows, batches, companyFiles, type BatchRow, type BatchRowRecord } from "@/db/schema";
import type { Registry } from "@/lib/connections/registry-for";
import { formatDate } from "@/lib/dossier/display-formats.shared";
import { publishLive } from "@/lib/live/publish";
import { defaultGraphCap, heldDatapoints } from "@/lib/orders/order-defaults.shared";
import { datapointOffers, offeredModes, quoteOrder, type OrderableDatapoint } from "@/lib/pricing/quote.shared";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { RegistryError } from "@/lib/registry/registry-error.shared";
import type { PricingResponse } from "@/lib/registry/schemas.shared";
import { errorLabel } from "@/lib/vocabulary/words.shared";
import { batchTopics } from "./batch-records";

/**
 * Pricing a batch: each matched row still waiting gets the datapoints it will order (those of the row or the batch
 * that its country's pricing offers) and its ceiling, the most its order may spend (the profile blocks, plus the
 * graph's default cap when the graph is chosen). A row is skipped instead, with the reason in words, when there is
 * nothing to buy (the company file holds it all fresh, or another batch ordered the company in the last 24 hours,
 * or the row was not found, cannot be read, or repeats another). A country whose pricing the registry does not give
 * leaves its rows unpriced, with the registry's words, for a later step to try again.
 */

/** The mode batch orders are placed in: verification where offered, as on the order form. */
export function batchOrderMode(pricing: PricingResponse): string {
  const modes = offeredModes(pricing);
  return modes.includes("verification") ? "verification" : (modes[0] ?? "verification");
}

/** Another batch's order of the same company this recently makes a row redundant. */
export const recentlyOrderedHours = 24;

/**
 * What a row orders and may spend: `ceiling` is its order's `maxBudget`; the profile blocks' price, and the graph's
 * own cap (`graphMaxBudget`: the graph spends per company it fetches, so without its own cap it would go past the
 * ceiling and the registry would refuse the whole order).
 */
export type RowPrice = { datapoints: OrderableDatapoint[]; ceiling: number; profile: number; graphCap: number | undefined };

/** What a row will order and the most it may spend, from its country's pricing; undefined when nothing is offered. */
export function priceRow(pricing: PricingResponse, wanted: readonly string[]): RowPrice | undefined {
  const mode = batchOrderMode(pricing);
  const datapoints = datapointOffers(pricing, mode)
    .filter((offer) => offer.available && wanted.includes(offer.datapoint))
    .map((offer) => offer.datapoint);
  if (datapoints.length === 0) return undefined;
  const quote = quoteOrder(pricing, mode, datapoints);
  const graphCap = datapoints.includes("graph") ? defaultGraphCap(quote.graph) : undefined;
  return { datapoints, ceiling: Math.round((quote.profile + (graphCap ?? 0)) * 100) / 100, profile: quote.profile, graphCap };
}

/** Why a row that matching did not match is not ordered, in words. */
function unmatchedReason(row: BatchRowRecord): string {
  if (row.matchState === "invalid") return row.problems.length ? `Cannot be read: ${row.problems.join("; ")}` : "The row cannot be read";
  if (row.matchState === "duplicate") return row.matchReason ?? "Another row of the list is for the same company";
  return row.matchReason ?? "Not found in the register";
}

type Decision =
  | { id: number; kind: "priced"; price: RowPrice }
  | { id: number; kind: "skipped"; reason: string }
  | { id: number; kind: "unpriced"; reason: string };

/** Prices (or skips) every row of the batch still waiting for it; answers how many are left unpriced. */
export async function priceBatch(batch: BatchRow, registry: Registry): Promise<{ unpriced: number }> {
  const waiting = await db()
    .select()
    .from(batchRows)
    .where(
      and(
        eq(batchRows.batchId, batch.id),
        eq(batchRows.outcome, "pending"),
        isNull(batchRows.ceilingCredits),
        inArray(batchRows.matchState, ["matched", "not_found", "invalid", "duplicate"]),
      ),
    )
    .orderBy(batchRows.rowNumber);
  const decisions: Decision[] = waiting
    .filter((row) => row.matchState !== "matched")
    .map((row) => ({ id: row.id, kind: "skipped", reason: unmatchedReason(row) }));
  const matched = waiting.filter((row) => row.matchState === "matched" && row.companyId);
  const recent = await orderedElsewhere(batch, matched);
  const held = batch.skipFresh ? await heldByFiles(batch.connectionId, matched) : new Map<string, Record<string, string>>();
  const seen = await companiesAlreadyPriced(batch.id);
  const byCountry = new Map<string, BatchRowRecord[]>();
  for (const row of matched) byCountry.set(row.countryCode, [...(byCountry.get(row.countryCode) ?? []), row]);
  for (const [countryCode, rows] of byCountry) {
    let pricing: PricingResponse;
    try {
      pricing = await cachedPricing(batch.connectionId, registry.client, countryCode);
    } catch (error) {
      if (!(error instanceof RegistryError)) throw error;
      const reason = `Not priced yet: the registry gave no price for ${countryCode} (${errorLabel(error.code, error.message)}). It is tried again shortly.`;
      decisions.push(...rows.map((row) => ({ id: row.id, kind: "unpriced" as const, reason })));
      continue;
    }
    for (const row of rows) {
      const key = companyKey(row.countryCode, row.companyId!);
      const earlier = seen.get(key);
      if (earlier !== undefined && earlier !== row.rowNumber) {
        decisions.push({ id: row.id, kind: "skipped", reason: `Row ${earlier} is for the same company` });
        continue;
      }
      seen.set(key, row.rowNumber);
      if (recent.has(key)) {
        decisions.push({
          id: row.id,
          kind: "skipped",
          reason: `Another batch ordered this company in the last ${recentlyOrderedHours} hours`,
        });
        continue;
      }
      const price = priceRow(pricing, row.datapoints ?? batch.datapoints);
      if (!price) {
        decisions.push({ id: row.id, kind: "skipped", reason: `None of the chosen datapoints is offered in ${countryCode}` });
        continue;
      }
      const fresh = freshAsOf(held.get(key), price.datapoints);
      if (fresh) {
        decisions.push({ id: row.id, kind: "skipped", reason: `The company file already holds all of it, fresh (as of ${fresh})` });
        continue;
      }
      decisions.push({ id: row.id, kind: "priced", price });
    }
  }
  await storeDecisions(batch.id, decisions);
  return { unpriced: decisions.filter((d) => d.kind === "unpriced").length };
}

const companyKey = (countryCode: string, companyId: string) => `${countryCode}:${companyId}`;

/** The oldest as-of date of `datapoints` in the file when every one is held and current; else undefined. */
function freshAsOf(sources: Record<string, string> | undefined, datapoints: readonly string[]): string | undefined {
  if (!sources) return undefined;
  const held = heldDatapoints(Object.fromEntries(Object.entries(sources).map(([d, asOf]) => [d, { asOf }])), new Date());
  if (!datapoints.every((d) => held[d]?.current)) return undefined;
  const oldest = datapoints.map((d) => held[d]!.asOf).sort()[0]!;
  return formatDate(oldest);
}

/** The company files of `rows`' companies: datapoint → as-of time. */
async function heldByFiles(connectionId: string, rows: readonly BatchRowRecord[]): Promise<Map<string, Record<string, string>>> {
  const held = new Map<string, Record<string, string>>();
  if (rows.length === 0) return held;
  const keys = rows.map((row) => companyKey(row.countryCode, row.companyId!));
  const f = companyFiles;
  const { rows: files } = await db().execute<{ country_code: string; company_id: string; sources: Record<string, { asOf: string }> }>(sql`
    select ${f.countryCode}, ${f.companyId}, ${f.sources} from ${f}
    where ${f.connectionId} = ${connectionId} and (${f.countryCode} || ':' || ${f.companyId}) = any(${sql.param(keys)}::text[])`);
  for (const file of files) {
    held.set(
      companyKey(file.country_code, file.company_id),
      Object.fromEntries(Object.entries(file.sources).map(([d, source]) => [d, source.asOf])),
    );
  }
  return held;
}

/** Companies of `rows` that another batch on the connection sent an order for in the last 24 hours. */
async function orderedElsewhere(batch: BatchRow, rows: readonly BatchRowRecord[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const keys = rows.map((row) => companyKey(row.countryCode, row.companyId!));
  const [r, b] = [alias(batchRows, "r"), alias(batches, "b")];
  const { rows: found } = await db().execute<{ key: string }>(sql`
    select distinct ${r.countryCode} || ':' || ${r.companyId} as key
    from ${batchRows} ${r} join ${batches} ${b} on ${b.id} = ${r.batchId}
    where ${b.connectionId} = ${batch.connectionId} and ${r.batchId} <> ${batch.id}
      and ${r.outcome} in ('sending', 'ordered', 'completed')
      and ${r.updatedAt} > now() - make_interval(hours => ${recentlyOrderedHours})
      and (${r.countryCode} || ':' || ${r.companyId}) = any(${sql.param(keys)}::text[])`);
  return new Set(found.map((f) => f.key));
}

/** Companies this batch already priced or ordered (rows priced by an earlier step): company → row number. */
async function companiesAlreadyPriced(batchId: string): Promise<Map<string, number>> {
  const r = batchRows;
  const { rows } = await db().execute<{ key: string; row_number: number }>(sql`
    select distinct on (${r.countryCode}, ${r.companyId}) ${r.countryCode} || ':' || ${r.companyId} as key, ${r.rowNumber}
    from ${r}
    where ${r.batchId} = ${batchId} and ${r.companyId} is not null and ${r.matchState} = 'matched'
      and (${r.ceilingCredits} is not null or ${r.outcome} not in ('pending', 'skipped'))
    order by ${r.countryCode}, ${r.companyId}, ${r.rowNumber}`);
  return new Map(rows.map((r) => [r.key, r.row_number]));
}

/** Writes the decisions (only to rows still pending and unpriced), a thousand rows a statement, with the batch's live event. */
async function storeDecisions(batchId: string, decisions: readonly Decision[]): Promise<void> {
  if (decisions.length === 0) return;
  for (let i = 0; i < decisions.length; i += 1_000) {
    const chunk = decisions.slice(i, i + 1_000);
    const values = chunk.map((d) => ({
      id: d.id,
      outcome: d.kind === "skipped" ? "skipped" : "pending",
      reason: d.kind === "priced" ? null : d.reason,
      ceiling: d.kind === "priced" ? d.price.ceiling : null,
      datapoints: d.kind === "priced" ? d.price.datapoints : null,
    }));
    await db().transaction(async (tx) => {
      // v: the decisions, one record each.
      await tx
        .update(batchRows)
        .set({
          outcome: sql`v.outcome`,
          outcomeReason: sql`v.reason`,
          ceilingCredits: sql`v.ceiling`,
          datapoints: sql`coalesce(v.datapoints, ${batchRows.datapoints})`,
          updatedAt: sql`now()`,
        })
        .from(
          sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id bigint, outcome text, reason text, ceiling numeric, datapoints jsonb)`,
        )
        .where(
          and(
            sql`${batchRows.id} = v.id`,
            eq(batchRows.batchId, batchId),
            eq(batchRows.outcome, "pending"),
            isNull(batchRows.ceilingCredits),
          ),
        );
      await publishLive(tx, batchTopics(batchId));
    });
  }
}
