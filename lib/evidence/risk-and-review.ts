import "server-only";
/**
 * The company's risk rating and last review as the evidence pack states them, in words: the report's section and the
 * manifest's `riskAndReview` are both this. "Not rated yet" and "Never reviewed" when there is none. Pure.
 */
import { dayWords } from "@/lib/reviews/review-dates.shared";
import type { ReviewStatus } from "@/lib/reviews/review-status";
import { label } from "@/lib/vocabulary/words.shared";
import { utcMinute } from "@/lib/vocabulary/units.shared";

export const notRatedYet = "Not rated yet";
export const neverReviewed = "Never reviewed";

export type RiskAndReviewWords = {
  rating: string;
  ratingDetail: string | null;
  pin: string | null;
  incomplete: string | null;
  reasons: string[];
  lastReview: string;
  comment: string | null;
  nextReviewDue: string;
};

/** The rating, its reasons and the last review in words, from the company's review status (null: no company). */
export function riskAndReviewWords(status: ReviewStatus | null): RiskAndReviewWords {
  const rating = status?.rating ?? null;
  const review = status?.lastReview ?? null;
  return {
    rating: rating ? `${label("riskRating", rating.rating)} risk` : notRatedYet,
    ratingDetail: rating
      ? [
          rating.score !== null && `score ${rating.score}`,
          rating.modelVersion !== null && `risk model version ${rating.modelVersion}`,
          rating.ratedAt && `rated ${utcMinute(rating.ratedAt)}`,
        ]
          .filter(Boolean)
          .join(", ") || null
      : null,
    pin: rating?.pin
      ? `Pinned by hand to ${label("riskRating", rating.pin.rating).toLowerCase()} risk${rating.pin.by ? ` by ${rating.pin.by}` : ""}${rating.pin.at ? ` on ${utcMinute(rating.pin.at)}` : ""}${rating.pin.reason ? `: ${rating.pin.reason}` : ""}`
      : null,
    incomplete: rating?.incomplete ? "Part of the ownership graph is not expanded: the rating may be too low." : null,
    reasons: (rating?.reasons ?? []).map((r) => (r.points !== null ? `${r.sentence} (+${r.points} points)` : r.sentence)),
    lastReview: review
      ? `${label("reviewOutcome", review.outcome)}, by ${review.reviewedBy} on ${utcMinute(review.reviewedAt)}${review.baseline ? ` (based on request ${review.baseline.requestId}, version ${review.baseline.version})` : ""}`
      : neverReviewed,
    comment: review?.comment ?? null,
    nextReviewDue: status?.nextReviewDue
      ? dayWords(status.nextReviewDue)
      : status?.inPortfolio
        ? "Not set yet"
        : "None: the company is not in the portfolio yet",
  };
}
