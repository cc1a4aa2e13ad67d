import "server-only";
/**
 * How far a batch has come, for its page's progress bar: the rows done in the step it is at (matching, or ordering
 * once confirmed) and an estimate of the time left from the rows done per minute so far. Pure.
 */
import type { batchMatchStates, batchRowOutcomes, batchStatuses } from "@/db/vocabulary";

type Counts = {
  rows: number;
  match: Record<(typeof batchMatchStates)[number], number>;
  outcome: Record<(typeof batchRowOutcomes)[number], number>;
};

export type BatchProgress = {
  step: "matching" | "ordering" | "waiting" | "finished";
  /** Rows the step has finished, of `total`. */
  done: number;
  total: number;
  /** Rows per minute so far in this step, when it has run long enough to tell. */
  perMinute?: number;
  /** Minutes left at that pace, when there is work left. */
  minutesLeft?: number;
};

/** At least this long, or this many rows, before a pace is worth quoting. */
const minElapsedMs = 5_000;

function paced(done: number, total: number, since: Date | null, now: Date) {
  const elapsed = since ? now.getTime() - since.getTime() : 0;
  if (!since || elapsed < minElapsedMs || done === 0) return {};
  const perMinute = (done / elapsed) * 60_000;
  return { perMinute, ...(total > done && { minutesLeft: (total - done) / perMinute }) };
}

export function batchProgress(
  batch: { status: (typeof batchStatuses)[number]; createdAt: Date; confirmedAt: Date | null },
  counts: Counts,
  now: Date,
): BatchProgress {
  if (batch.status === "matching") {
    const total = counts.rows - counts.match.invalid;
    const done = total - counts.match.pending;
    return { step: "matching", done, total, ...paced(done, total, batch.createdAt, now) };
  }
  if (batch.status === "ordering") {
    const answered = counts.outcome.ordered + counts.outcome.completed + counts.outcome.refused + counts.outcome.unknown;
    const left = counts.outcome.pending + counts.outcome.sending;
    return { step: "ordering", done: answered, total: answered + left, ...paced(answered, answered + left, batch.confirmedAt, now) };
  }
  const total = counts.rows;
  const done = batch.status === "reviewing" ? total - counts.match.pending : total;
  return { step: batch.status === "reviewing" ? "waiting" : "finished", done, total };
}

/** An estimate in words: "about 3 minutes left", "less than a minute left". */
export function timeLeftWords(minutes: number): string {
  if (minutes < 1) return "less than a minute left";
  if (minutes < 90) return `about ${Math.round(minutes)} minute${Math.round(minutes) === 1 ? "" : "s"} left`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? "" : "s"} left`;
}
