/** Safe to import from client components. */

/** Who started a company request: this console, or another client of the same account (seen only by webhook). */
export const requestOrigins = ["console", "elsewhere"] as const;
export type RequestOrigin = (typeof requestOrigins)[number];

/** How a snapshot version reached the console. */
export const snapshotSources = ["webhook", "poll", "order"] as const;
export type SnapshotSource = (typeof snapshotSources)[number];
