import "server-only";
import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, type Database } from "@/db/client";
import { companyRatings, portfolioEntries, users, type RiskReason } from "@/db/schema";
import { ofCompany, type CompanyKey } from "@/lib/company-file/company-file-store";
import type { RiskRating } from "@/lib/risk/risk-model.shared";

/** One rating of the company, as the risk panel and its history show it. */
export type CompanyRatingView = {
  id: number;
  rating: RiskRating;
  score: number;
  reasons: RiskReason[];
  modelVersion: number;
  incomplete: boolean;
  ratedAt: string;
};

/**
 * What the company page's risk panel shows and changes: the entry's customer mark, owner and pin, and the rating in
 * force with its reasons. Plain data (ISO times), so it passes to the client panel and comes back from its actions.
 */
export type CompanyRiskState = {
  /** The company has a portfolio entry (it has a company file, or was marked customer). */
  inPortfolio: boolean;
  customer: boolean;
  ownerId: string | null;
  /** The rating in force: the pin when pinned, else the computed one; null until the company is first rated. */
  rating: RiskRating | null;
  /** The computed rating (the newest), whatever the pin. */
  computed: CompanyRatingView | null;
  pin: { rating: RiskRating; reason: string; by: string | null; at: string } | null;
  nextReviewDue: string | null;
};

/** How many past ratings the panel lists. */
export const ratingHistoryShown = 50;

const pinner = alias(users, "pinner");

export function ratingView(row: typeof companyRatings.$inferSelect): CompanyRatingView {
  return {
    id: row.id,
    rating: row.rating,
    score: row.score,
    reasons: row.reasons,
    modelVersion: row.modelVersion,
    incomplete: row.incomplete,
    ratedAt: row.ratedAt.toISOString(),
  };
}

/** The risk panel's state of `key`'s company (read through `executor`, a transaction after a change). */
export async function companyRiskState(key: CompanyKey, executor: Pick<Database, "select"> = db()): Promise<CompanyRiskState> {
  const [found] = await executor
    .select({ entry: portfolioEntries, pinnedBy: pinner.email, computed: companyRatings })
    .from(portfolioEntries)
    .leftJoin(pinner, eq(pinner.id, portfolioEntries.pinnedBy))
    .leftJoin(companyRatings, eq(companyRatings.id, portfolioEntries.ratingId))
    .where(ofCompany(portfolioEntries, key));
  if (!found) {
    return { inPortfolio: false, customer: false, ownerId: null, rating: null, computed: null, pin: null, nextReviewDue: null };
  }
  const { entry, pinnedBy, computed } = found;
  return {
    inPortfolio: true,
    customer: entry.customer,
    ownerId: entry.ownerId,
    rating: entry.rating,
    computed: computed ? ratingView(computed) : null,
    pin:
      entry.pinnedRating && entry.pinnedAt
        ? { rating: entry.pinnedRating, reason: entry.pinReason ?? "", by: pinnedBy, at: entry.pinnedAt.toISOString() }
        : null,
    nextReviewDue: entry.nextReviewDue?.toISOString() ?? null,
  };
}

/** Every rating the company was given, newest first (at most `ratingHistoryShown`). */
export async function companyRatingHistory(key: CompanyKey): Promise<CompanyRatingView[]> {
  const rows = await db()
    .select()
    .from(companyRatings)
    .where(ofCompany(companyRatings, key))
    .orderBy(desc(companyRatings.id))
    .limit(ratingHistoryShown);
  return rows.map(ratingView);
}
