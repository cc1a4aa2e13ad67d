import { utcMinute } from "@/lib/vocabulary/units.shared";
import type { CompanyRatingView } from "@/lib/portfolio/company-risk";
import { RatingBadge } from "./rating-badge";
import { RiskReasons } from "./risk-reasons";

/** Every rating the company was given, newest first, each with its model version and, folded, its reasons as they were. */
export function RatingHistory({ history, shownAtMost }: { history: readonly CompanyRatingView[]; shownAtMost: number }) {
  return (
    <section aria-labelledby="rating-history-heading" className="min-w-0 space-y-2" data-testid="rating-history">
      <h3 id="rating-history-heading" className="font-semibold">
        Rating history
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">No rating yet.</p>
      ) : (
        <ol className="space-y-2">
          {history.map((rating) => (
            <li key={rating.id} className="min-w-0 border-l-2 pl-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="tabular-nums">{utcMinute(new Date(rating.ratedAt))}</span>
                <RatingBadge rating={rating.rating} />
                <span className="text-muted-foreground tabular-nums">
                  score {rating.score} · model version {rating.modelVersion}
                  {rating.incomplete && " · incomplete"}
                </span>
              </div>
              {rating.reasons.length > 0 && (
                <details className="mt-1">
                  <summary className="cursor-pointer text-xs select-none">
                    {rating.reasons.length === 1 ? "1 reason" : `${rating.reasons.length} reasons`}
                  </summary>
                  <div className="mt-1">
                    <RiskReasons reasons={rating.reasons} />
                  </div>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
      {history.length >= shownAtMost && <p className="text-xs text-muted-foreground">The newest {shownAtMost} ratings are shown.</p>}
    </section>
  );
}
