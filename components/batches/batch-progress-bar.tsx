import type { BatchCounts } from "@/lib/batches/batch-records";
import { timeLeftWords, type BatchProgress } from "@/lib/batches/batch-progress";
import { label } from "@/lib/vocabulary/words.shared";

const matchColours = {
  matched: "bg-success",
  duplicate: "bg-muted-foreground",
  ambiguous: "bg-warning",
  not_found: "bg-destructive",
  invalid: "bg-destructive/60",
  pending: "bg-muted",
} as const;

const outcomeColours = {
  completed: "bg-success",
  ordered: "bg-primary",
  sending: "bg-primary/60",
  refused: "bg-destructive",
  unknown: "bg-warning",
  skipped: "bg-muted-foreground",
  pending: "bg-muted",
} as const;

const stepWords = { matching: "Matching", ordering: "Ordering", waiting: "Matched", finished: "Finished" } as const;

/**
 * A batch's progress: one bar of its rows by match state (before the confirm) or by outcome (after), with the counts
 * in words beside it and the time left at the pace so far.
 */
export function BatchProgressBar({ progress, counts, ordering }: { progress: BatchProgress; counts: BatchCounts; ordering: boolean }) {
  const segments = ordering
    ? (Object.keys(outcomeColours) as (keyof typeof outcomeColours)[]).map((key) => ({
        key,
        n: counts.outcome[key],
        colour: outcomeColours[key],
        text: label("batchRowOutcome", key),
      }))
    : (Object.keys(matchColours) as (keyof typeof matchColours)[]).map((key) => ({
        key,
        n: counts.match[key],
        colour: matchColours[key],
        text: label("batchMatchState", key),
      }));
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);
  return (
    <section aria-labelledby="batch-progress-title" className="space-y-2">
      <h2 id="batch-progress-title" className="text-lg font-semibold">
        Progress
      </h2>
      <div
        role="progressbar"
        aria-label={`${stepWords[progress.step]}: ${progress.done} of ${progress.total} rows`}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        className="flex h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        {segments
          .filter((s) => s.n > 0 && s.key !== "pending")
          .map((s) => (
            <div key={s.key} className={s.colour} style={{ width: `${(s.n / Math.max(counts.rows, 1)) * 100}%` }} />
          ))}
      </div>
      <p className="text-sm" data-progress={progress.step}>
        {stepWords[progress.step]}: {progress.done.toLocaleString("en")} of {progress.total.toLocaleString("en")} rows ({percent}%)
        {progress.perMinute !== undefined && <>, {Math.round(progress.perMinute).toLocaleString("en")} rows a minute</>}
        {progress.minutesLeft !== undefined && <>, {timeLeftWords(progress.minutesLeft)}</>}.
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Rows by state">
        {segments
          .filter((s) => s.n > 0)
          .map((s) => (
            <li key={s.key} className="flex items-center gap-1.5" data-count={s.key}>
              <span aria-hidden className={`inline-block size-2.5 rounded-full ${s.colour}`} />
              {s.text}: <span className="tabular-nums">{s.n.toLocaleString("en")}</span>
            </li>
          ))}
      </ul>
    </section>
  );
}
