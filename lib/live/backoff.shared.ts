/** Exponential backoff with a cap and jitter, for reconnecting (server LISTEN connection and browser EventSource). */

export type Backoff = { minMs: number; maxMs: number };

/**
 * The wait before reconnect attempt `attempt` (0 for the first): `minMs · 2^attempt`, capped at `maxMs`,
 * then scaled by a random factor in [0.5, 1] so that many clients dropped together do not return together.
 */
export function backoffDelay(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  const exponential = Math.min(backoff.maxMs, backoff.minMs * 2 ** Math.min(attempt, 30));
  return Math.round(exponential * (0.5 + random() / 2));
}
