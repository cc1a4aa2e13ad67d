/** Safe to import from client components. The values are `requestOrigins` and `snapshotSources` in db/vocabulary.ts. */
import type { requestOrigins, snapshotSources } from "@/db/vocabulary";

/** Who started a company request: this console, or another client of the same account (seen only by webhook). */
export type RequestOrigin = (typeof requestOrigins)[number];

/** How a snapshot version reached the console. */
export type SnapshotSource = (typeof snapshotSources)[number];
