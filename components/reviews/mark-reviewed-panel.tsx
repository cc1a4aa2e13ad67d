"use client";

// First: zod without its JIT, whose eval probe the CSP reports (lib/security/browser-zod.shared.ts).
import "@/lib/security/browser-zod.shared";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { CommentField } from "@/components/alerts/resolve-form";
import { FormError } from "@/components/forms/form-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { reviewOutcomes } from "@/db/vocabulary";
import type { ActionResult } from "@/lib/forms/action-result";
import { dayWords, reviewDue } from "@/lib/reviews/review-dates.shared";
import { reviewInputSchema, type ReviewInput, type ReviewOutcome } from "@/lib/reviews/review-input.shared";
import { nextReviewDue, type ReviewPolicy } from "@/lib/risk/review-policy.shared";
import type { RiskRating } from "@/lib/risk/risk-model.shared";
import { label, words } from "@/lib/vocabulary/words.shared";

/** The company's last review as the panel shows it. */
export type ShownReview = {
  outcome: ReviewOutcome;
  comment: string;
  reviewedBy: string;
  reviewedAt: Date;
  nextReviewDue: Date;
};

/** What the server answers once a review is written. */
export type ReviewAnswer = { outcome: ReviewOutcome; reviewedAt: Date; nextReviewDue: Date };

type Props = {
  company: { countryCode: string; companyId: string };
  /** The rating in force (none yet: the shortest cycle applies), for the due date guessed at once. */
  rating: RiskRating | null;
  policy: ReviewPolicy;
  lastReview: ShownReview | null;
  nextReviewDue: Date | null;
  /** How old the file's data is, and whether the policy calls it too old for a review without a warning. */
  dataAge: { text: string; stale: boolean };
  /** Who reviews, for the guess; absent for a role that reads only. */
  reviewer?: string;
  review?: (input: ReviewInput) => Promise<ActionResult<ReviewAnswer>>;
};

/**
 * A company's review: the last one (outcome, comment, who, when) and when the next is due; for those who may, "Mark
 * reviewed" with an outcome and a comment. The review shows at once ("Reviewed: Keep — next review due …", the due
 * date from the policy and the rating in force), the server's answer replaces the guess, and a refusal restores the
 * form and says why. Data older than the policy's limit warns first and points to the order panel's priced refresh.
 */
export function MarkReviewedPanel({ company, rating, policy, lastReview, nextReviewDue: due, dataAge, reviewer, review }: Props) {
  const id = useId();
  const router = useRouter();
  const [outcome, setOutcome] = useState<ReviewOutcome | "">("");
  const [comment, setComment] = useState("");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string>();
  const [warned, setWarned] = useState(false);
  const [guess, setGuess] = useState<ShownReview>();
  const [answer, setAnswer] = useState<{ base: ShownReview | null; review: ShownReview }>();
  // The server's answer stands until a newer render from the server brings the review itself.
  const answered = answer?.base === lastReview ? answer.review : undefined;
  const shown = guess ?? answered ?? lastReview;
  const shownDue = guess?.nextReviewDue ?? answered?.nextReviewDue ?? due;
  const now = new Date();

  const send = async () => {
    const input = { ...company, outcome, comment };
    const parsed = reviewInputSchema.safeParse(input);
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setProblems({});
    if (dataAge.stale && !warned) return setWarned(true);
    setRefusal(undefined);
    const reviewedAt = new Date();
    const guessed: ShownReview = {
      outcome: parsed.data.outcome,
      comment: parsed.data.comment,
      reviewedBy: reviewer ?? "",
      reviewedAt,
      nextReviewDue: nextReviewDue(policy, rating, reviewedAt, reviewedAt),
    };
    setGuess(guessed);
    setOutcome("");
    setComment("");
    setWarned(false);
    const result = await review!(parsed.data).catch(() => undefined);
    setGuess(undefined);
    if (!result?.ok) {
      // Nothing typed is lost: the words come back with the reason.
      setOutcome(input.outcome);
      setComment(input.comment);
      if (result?.fieldErrors) setProblems(Object.fromEntries(Object.entries(result.fieldErrors).map(([k, v]) => [k, v.join(" ")])));
      setRefusal(
        result
          ? `Not reviewed: ${result.error}`
          : "The console did not answer: the review may not have been saved. Reload the page to see.",
      );
      return;
    }
    setAnswer({ base: lastReview, review: { ...guessed, ...result.data } });
    router.refresh();
  };

  const dueNow = shownDue ? reviewDue(shownDue, now) : undefined;
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0 space-y-3 rounded-md border p-4" data-testid="review-panel">
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        Review
      </h2>
      <div aria-live="polite" className="space-y-1 text-sm">
        {shown ? (
          <p data-testid="review-summary" className="[overflow-wrap:anywhere]">
            <span className="font-medium">
              Reviewed: {label("reviewOutcome", shown.outcome)} — next review due {dayWords(shown.nextReviewDue)}
            </span>
            {guess ? (
              <span className="text-muted-foreground"> (saving…)</span>
            ) : (
              <span className="text-muted-foreground">
                {" "}
                · by {shown.reviewedBy} on {dayWords(shown.reviewedAt)}
              </span>
            )}
          </p>
        ) : (
          <p data-testid="review-summary">Never reviewed.</p>
        )}
        {shown && <p className="whitespace-pre-wrap text-muted-foreground [overflow-wrap:anywhere]">{shown.comment}</p>}
        {dueNow && !guess && (
          <p className="flex flex-wrap items-center gap-2" data-testid="review-due">
            Next review due: {dueNow.text}
            {dueNow.overdue && <Badge variant="destructive">Overdue</Badge>}
          </p>
        )}
      </div>
      {review && (
        <form
          aria-label="Mark reviewed"
          className="space-y-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <fieldset className="space-y-1 text-sm" aria-describedby={problems.outcome ? `${id}-outcome-error` : undefined}>
            <legend className="mb-1 font-medium">Outcome</legend>
            {reviewOutcomes.map((value) => {
              const meaning = words("reviewOutcome", value);
              return (
                <label key={value} className="flex items-start gap-2">
                  <input
                    type="radio"
                    name={`${id}-outcome`}
                    value={value}
                    className="mt-1"
                    checked={outcome === value}
                    onChange={() => setOutcome(value)}
                  />
                  <span>
                    {meaning.label}
                    {meaning.explanation && <span className="text-muted-foreground"> — {meaning.explanation}</span>}
                  </span>
                </label>
              );
            })}
            <FormError id={`${id}-outcome-error`} message={problems.outcome} />
          </fieldset>
          <div className="flex flex-col gap-1 text-sm">
            <CommentField
              id={`${id}-comment`}
              label="Comment"
              labelClassName="font-medium"
              value={comment}
              onChange={setComment}
              invalid={Boolean(problems.comment)}
              describedBy={problems.comment ? `${id}-comment-error` : undefined}
            />
            <FormError id={`${id}-comment-error`} message={problems.comment} />
          </div>
          {warned && (
            <div role="alert" className="space-y-2 rounded-md border border-warning px-3 py-2 text-sm" data-testid="stale-data-warning">
              <p className="font-medium">{dataAge.text}</p>
              <p>
                The review policy asks for data no older than {policy.staleDays.toLocaleString("en")} days. Refresh it first: the order
                panel below chooses what is due for a refresh and shows the price before anything is spent. Or review the data as it is.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <a href="#order-heading">Refresh the data first</a>
                </Button>
                <Button type="submit" size="sm">
                  Review anyway
                </Button>
              </div>
            </div>
          )}
          {!warned && (
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={guess !== undefined}>
                Mark reviewed
              </Button>
              {dataAge.stale && <span className="text-sm text-muted-foreground">{dataAge.text}</span>}
            </div>
          )}
          <FormError message={refusal} />
        </form>
      )}
    </section>
  );
}
