/**
 * When an open dossier reads the registry itself instead of waiting for webhooks.
 *
 * It polls when the request is not complete and either no webhook can be verified for it (no signing secret),
 * the live connection is down, or nothing has changed for `webhookGraceMs` (no webhook reaches this console,
 * e.g. a laptop behind NAT). Each poll that changes nothing waits longer, up to `maxPollDelayMs`.
 */
export const webhookGraceMs = 10_000;
export const firstPollDelayMs = 1_000;
export const maxPollDelayMs = 30_000;

export type PollingInputs = {
  complete: boolean;
  webhooksConfigured: boolean;
  liveOpen: boolean;
  /** When the request last changed as far as this page knows (or when the page opened). */
  lastChangeAt: number;
  now: number;
};

export function shouldPoll({ complete, webhooksConfigured, liveOpen, lastChangeAt, now }: PollingInputs): boolean {
  if (complete) return false;
  if (!webhooksConfigured || !liveOpen) return true;
  return now - lastChangeAt >= webhookGraceMs;
}

/** The wait before poll number `unchanged + 1`, where `unchanged` polls in a row brought nothing new. */
export function pollDelayMs(unchanged: number): number {
  return Math.min(maxPollDelayMs, firstPollDelayMs * 2 ** Math.max(0, unchanged));
}
