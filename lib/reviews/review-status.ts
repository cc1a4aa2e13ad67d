import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { companyRatings, companyReviews, portfolioEntries, users, type RiskReason } from "@/db/schema";
import { ofCompany, type CompanyKey } from "@/lib/company-file/company-file-store";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import type { ReviewOutcome } from "./review-input.shared";

/** The rating in force for a company, with its reasons (the rating's own, else the portfolio row's top sentences). */
export type RatingInForce = {
  rating: RiskRating;
  score: number | null;
  modelVersion: number | null;
  ratedAt: Date | null;
  incomplete: boolean;
  reasons: { sentence: string; points: number | null }[];
  /** Set by hand: the computed rating is overridden. */
  pin: { rating: RiskRating; reason: string | null; by: string | null; at: Date | null } | null;
};

export type LastReview = {
  outcome: ReviewOutcome;
  comment: string;
  reviewedBy: string;
  reviewedAt: Date;
  nextReviewDue: Date;
  rating: RiskRating | null;
  baseline: { requestId: string; version: number } | null;
};

/** A company's risk and review state as the company page and the evidence pack show it. */
export type ReviewStatus = {
  /** Whether the company has a portfolio row at all. */
  inPortfolio: boolean;
  rating: RatingInForce | null;
  lastReview: LastReview | null;
  /** When the next review is due (the portfolio row's; none without a row). */
  nextReviewDue: Date | null;
};

const date = (value: string | Date | null) => (value === null ? null : new Date(value));

/**
 * Reads a company's rating in force, its reasons, its last review and next due date, from its portfolio row, the
 * rating it names (company_ratings) and the review it names (company_reviews), in one query.
 */
export async function reviewStatus(key: CompanyKey): Promise<ReviewStatus> {
  const [p, pu, cr, rv] = [alias(portfolioEntries, "p"), alias(users, "pu"), alias(companyRatings, "cr"), alias(companyReviews, "rv")];
  const result = await db().execute<{
    rating: RiskRating | null;
    score: number | null;
    model_version: number | null;
    incomplete: boolean;
    top_reasons: string[];
    pinned_rating: RiskRating | null;
    pin_reason: string | null;
    pinned_by: string | null;
    pinned_at: string | null;
    next_review_due: string | null;
    rated_at: string | null;
    reasons: RiskReason[] | null;
    outcome: ReviewOutcome | null;
    comment: string | null;
    reviewed_by_email: string | null;
    reviewed_at: string | null;
    review_next_due: string | null;
    review_rating: RiskRating | null;
    baseline_request_id: string | null;
    baseline_version: string | null;
  }>(sql`
    select ${p.rating}, ${p.score}, ${p.modelVersion}, ${p.incomplete}, ${p.topReasons}, ${p.pinnedRating}, ${p.pinReason},
      ${pu.email} as pinned_by, ${p.pinnedAt}, ${p.nextReviewDue},
      ${cr.ratedAt}, ${cr.reasons},
      ${rv.outcome}, ${rv.comment}, ${rv.reviewedByEmail}, ${rv.reviewedAt}, ${rv.nextReviewDue} as review_next_due, ${rv.rating} as review_rating,
      ${rv.baselineRequestId}, ${rv.baselineVersion}
    from ${portfolioEntries} ${p}
      left join ${users} ${pu} on ${pu.id} = ${p.pinnedBy}
      left join ${companyRatings} ${cr} on ${cr.id} = ${p.ratingId}
      left join ${companyReviews} ${rv} on ${rv.id} = ${p.lastReviewId}
    where ${ofCompany(p, key)}`);
  const row = result.rows[0];
  if (!row) return { inPortfolio: false, rating: null, lastReview: null, nextReviewDue: null };
  const reasons = row.reasons?.length
    ? [...row.reasons].sort((a, b) => b.points - a.points).map((r) => ({ sentence: r.sentence, points: r.points }))
    : row.top_reasons.map((sentence) => ({ sentence, points: null }));
  return {
    inPortfolio: true,
    rating: row.rating
      ? {
          rating: row.rating,
          score: row.score,
          modelVersion: row.model_version,
          ratedAt: date(row.rated_at),
          incomplete: row.incomplete,
          reasons,
          pin: row.pinned_rating ? { rating: row.pinned_rating, reason: row.pin_reason, by: row.pinned_by, at: date(row.pinned_at) } : null,
        }
      : null,
    lastReview:
      row.outcome && row.reviewed_at
        ? {
            outcome: row.outcome,
            comment: row.comment ?? "",
            reviewedBy: row.reviewed_by_email ?? "",
            reviewedAt: new Date(row.reviewed_at),
            nextReviewDue: new Date(row.review_next_due!),
            rating: row.review_rating,
            baseline: row.baseline_request_id ? { requestId: row.baseline_request_id, version: Number(row.baseline_version) } : null,
          }
        : null,
    nextReviewDue: date(row.next_review_due),
  };
}
