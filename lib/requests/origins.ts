import "server-only";
/** The values are `requestOrigins`, `snapshotSources` and `requestPurposes` in db/vocabulary.ts. */
import type { requestOrigins, requestPurposes, snapshotSources } from "@/db/vocabulary";
import { labelsOf } from "@/lib/vocabulary/words.shared";

/** Who started a company request: this console, or another client of the same account (seen only by webhook). */
export type RequestOrigin = (typeof requestOrigins)[number];

/** How a snapshot version reached the console. */
export type SnapshotSource = (typeof snapshotSources)[number];

/** Why this console ordered a request: a first order of a company, or a kind of follow-up. */
export type RequestPurpose = (typeof requestPurposes)[number];

/** Each purpose in words, as the requests list and its CSV export show it. */
export const requestPurposeLabels = labelsOf("requestPurpose") as Readonly<Record<RequestPurpose, string>>;

/** A first order, or a request made elsewhere (no purpose), names the company's case reference. */
export const isFirstOrder = (purpose: RequestPurpose | null) => purpose === null || purpose === "order" || purpose === "onboarding";
