/**
 * Svix's retry schedule. The first attempt goes out at once; after each failure the next attempt waits the
 * delay below (the spec: "the first retry is immediate, later delays grow"). Delays past the table repeat
 * the last entry until an attempt would fall more than 3 days after the first one; then the message fails.
 *
 * Offsets are counted from the first attempt, so advancing simulated time by days runs every retry that
 * would have happened in between, and a restored queue keeps its schedule.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** RETRY_DELAYS_MS[n] is the wait after failed attempt n + 1. */
export const RETRY_DELAYS_MS: readonly number[] = [0, 5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR];

/** No attempt is made later than this after the first one. */
export const MAX_RETRY_SPAN_MS = 72 * HOUR;

/** Offset from the first attempt of attempt number `attemptIndex + 1` (0 for the first), or undefined past the span. */
export function attemptOffsetMs(attemptIndex: number): number | undefined {
  let offset = 0;
  for (let i = 0; i < attemptIndex; i++) {
    offset += RETRY_DELAYS_MS[Math.min(i, RETRY_DELAYS_MS.length - 1)]!;
    if (offset > MAX_RETRY_SPAN_MS) return undefined;
  }
  return offset;
}

/** When to make the next attempt after `attemptsSoFar` failed ones, or undefined to give up. */
export function nextAttemptAt(firstAttemptAt: Date, attemptsSoFar: number): Date | undefined {
  const offset = attemptOffsetMs(attemptsSoFar);
  return offset === undefined ? undefined : new Date(firstAttemptAt.getTime() + offset);
}
