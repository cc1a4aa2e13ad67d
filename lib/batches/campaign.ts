import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { batchRows, companyFiles, portfolioEntries, type CompanyFileSource } from "@/db/schema";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { Registry } from "@/lib/connections/registry-for";
import { fullKybDatapoints, fullKybSelection, heldDatapoints } from "@/lib/orders/order-defaults.shared";
import { offeredModes } from "@/lib/pricing/quote.shared";
import { cachedPricing } from "@/lib/pricing/pricing-cache";
import { portfolioConditions } from "@/lib/portfolio/portfolio-list";
import type { PortfolioFilters } from "@/lib/portfolio/portfolio-filters";
import { reviewPolicyInForce } from "@/lib/risk/review-policy-store";
import { publishLive } from "@/lib/live/publish";
import { batchTopics, createBatch, type NewBatchRow } from "./batch-records";
import { kickBatch } from "./batch-control";

/**
 * A review campaign ("Refresh for review" on /portfolio): the companies selected (ticked, or every one the filters
 * match) through the connection in use become one batch of kind `campaign`, each row already matched to its company
 * and set to order only what its company file holds stale (or never held) of the "Full KYB dossier". The engine then
 * prices, takes the one confirm with a cap and orders (lib/batches/batch-driver.ts); each completed refresh is diffed
 * against the reviewed baseline and queued for its reviewer (campaign-diff.ts).
 */

/** The most companies one campaign refreshes. */
export const campaignMaxCompanies = 2_000;

/** Why a company with nothing stale is not ordered: the row's outcome reason, in the engine's words for fresh data (batch-pricing.ts). */
export const freshDataReason = "The company file already holds all of it, fresh";

export type CampaignSelection =
  /** Ticked rows, each `country:company id`. */
  | { kind: "companies"; companies: { countryCode: string; companyId: string }[] }
  /** Every company the portfolio's filters match (the whole filter, not one page). */
  | { kind: "filter"; filters: PortfolioFilters };

/** A selected company as its file holds it. */
type Selected = { countryCode: string; companyId: string; companyName: string | null; sources: Record<string, CompanyFileSource> };

/**
 * What of the dossier a company file needs refreshed at `now`: each of `offered` (the dossier's datapoints the country
 * offers) that the file never held or holds older than 30 days (order-defaults.shared.ts `heldDatapoints`). Empty: all fresh.
 */
export function staleDatapoints(sources: Record<string, { asOf: string }>, offered: readonly string[], now: Date): string[] {
  const held = heldDatapoints(sources, now);
  return offered.filter((datapoint) => !held[datapoint]?.current);
}

/** The selected companies in the portfolio of the connection, with their files, soonest due first; at most `limit`. */
async function selectedCompanies(connectionId: string, selection: CampaignSelection, now: Date, limit: number): Promise<Selected[]> {
  // The portfolio's conditions read its entry as e.
  const [e, f] = [alias(portfolioEntries, "e"), alias(companyFiles, "f")];
  let where: SQL;
  if (selection.kind === "filter") {
    const { portfolioScope } = await reviewPolicyInForce();
    where = portfolioConditions(selection.filters, portfolioScope, now);
  } else {
    if (selection.companies.length === 0) return [];
    const keys = sql.join(
      selection.companies.map((c) => sql`(${c.countryCode}::text, ${c.companyId}::text)`),
      sql`, `,
    );
    where = sql`(${e.countryCode}, ${e.companyId}) in (${keys})`;
  }
  const { rows } = await db().execute<{
    country_code: string;
    company_id: string;
    company_name: string | null;
    sources: Record<string, CompanyFileSource>;
  }>(sql`
    select ${e.countryCode}, ${e.companyId}, coalesce(${f.companyName}, ${e.companyName}) as company_name, ${f.sources}
    from ${portfolioEntries} ${e}
    join ${companyFiles} ${f} on ${f.connectionId} = ${e.connectionId} and ${f.countryCode} = ${e.countryCode} and ${f.companyId} = ${e.companyId}
    where ${e.connectionId} = ${connectionId} and ${where}
    order by coalesce(${e.nextReviewDue}, 'infinity'::timestamptz), ${e.countryCode}, ${e.companyId}
    limit ${limit}`);
  return rows.map((r) => ({ countryCode: r.country_code, companyId: r.company_id, companyName: r.company_name, sources: r.sources ?? {} }));
}

/** The dossier's datapoints each country offers, from its pricing (cached per connection and country). */
async function offeredPerCountry(registry: Registry, countries: string[]): Promise<Map<string, string[]>> {
  const offered = new Map<string, string[]>();
  for (const countryCode of countries) {
    const pricing = await cachedPricing(registry.connection.id, registry.client, countryCode);
    offered.set(countryCode, fullKybSelection(pricing, offeredModes(pricing)[0] ?? "verification"));
  }
  return offered;
}

/**
 * Starts a review campaign over `selection` through `registry`'s connection: one batch (audited `batch.created`) whose
 * rows are the selected companies, matched, each ordering its stale datapoints; a company with nothing stale is a row
 * skipped at once (`freshDataReason`), so it shows in the batch without being priced or ordered. Then its job is queued:
 * pricing follows, and the batch waits for one confirm with a cap. Refused, with nothing stored, when nothing is
 * selected or more than `campaignMaxCompanies` companies are.
 */
export async function createCampaign(
  user: SessionUser,
  selection: CampaignSelection,
  registry: Registry,
  now = new Date(),
): Promise<ActionResult<{ batchId: string; companies: number; fresh: number }>> {
  const connectionId = registry.connection.id;
  const selected = await selectedCompanies(connectionId, selection, now, campaignMaxCompanies + 1);
  if (selected.length === 0)
    return {
      ok: false,
      code: "nothing_selected",
      error: "No company of the portfolio is selected: tick companies, or choose every company the filter matches.",
    };
  if (selected.length > campaignMaxCompanies)
    return {
      ok: false,
      code: "too_many",
      error: `More than ${campaignMaxCompanies.toLocaleString("en")} companies are selected: narrow the filter (a country, an owner, the due date) and start one campaign per part.`,
    };
  const offered = await offeredPerCountry(registry, [...new Set(selected.map((c) => c.countryCode))].sort());
  const rows: NewBatchRow[] = selected.map((company, index) => ({
    rowNumber: index + 1,
    input: { name: company.companyName ?? company.companyId, countryCode: company.countryCode, number: company.companyId },
    countryCode: company.countryCode,
    matchState: "matched",
    companyId: company.companyId,
    companyName: company.companyName,
    datapoints: staleDatapoints(company.sources, offered.get(company.countryCode) ?? [], now),
  }));
  const { batchId } = await createBatch(user, { kind: "campaign", connectionId, datapoints: [...fullKybDatapoints], rows });
  const fresh = rows.filter((row) => row.datapoints!.length === 0).map((row) => row.rowNumber);
  if (fresh.length > 0)
    await db().transaction(async (tx) => {
      await tx
        .update(batchRows)
        .set({ outcome: "skipped", outcomeReason: freshDataReason, updatedAt: sql`now()` })
        .where(and(eq(batchRows.batchId, batchId), inArray(batchRows.rowNumber, fresh), eq(batchRows.outcome, "pending")));
      await publishLive(tx, batchTopics(batchId));
    });
  await kickBatch(batchId);
  return { ok: true, data: { batchId, companies: rows.length, fresh: fresh.length } };
}
