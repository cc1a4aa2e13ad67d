import "server-only";
/** The sender retries a message for up to 72 hours; a repeat must still be recognised after its last retry. */
export const senderRetryWindowMs = 72 * 3600_000;

/** Ledger rows are kept a week: longer than the 72 hours + 5 minutes (signature tolerance) a repeat can arrive in. */
export const ledgerRetentionMs = 7 * 24 * 3600_000;

/** How often one process prunes the ledger at most. */
export const pruneIntervalMs = 10 * 60_000;

/** Rejections kept per connection (the count of all rejections is kept apart). */
export const rejectionsKept = 100;
