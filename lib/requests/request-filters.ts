/**
 * The requests list's filters as they travel in the URL (`status`, `origin`, `user`), read one way for the page and
 * for its CSV export, so the file holds exactly the rows the page's filters select. A value that does not fit (a
 * stale or hand-edited URL, someone who never ordered here) is dropped, as the page always did. Client-safe.
 */
import { requestOrigins } from "@/db/vocabulary";
import type { RequestOrigin } from "./origins";

export const requestStatusFilters = ["complete", "in_progress"] as const;
export type RequestStatusFilter = (typeof requestStatusFilters)[number];

export type RequestFilters = { status?: RequestStatusFilter; origin?: RequestOrigin; orderedBy?: string };

type Params = Record<string, string | string[] | undefined>;

const pick = <T extends string>(values: readonly T[], value: string | string[] | undefined): T | undefined =>
  typeof value === "string" && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters of `params`; `orderers` are the emails the "Ordered by" filter offers (anyone else is dropped). */
export function parseRequestFilters(params: Params, orderers: readonly string[]): RequestFilters {
  const user = params.user;
  return {
    status: pick(requestStatusFilters, params.status),
    origin: pick(requestOrigins, params.origin),
    orderedBy: typeof user === "string" && orderers.includes(user) ? user : undefined,
  };
}

/** The filters as URL parameters (only those set; `user` for who ordered). */
export function requestFilterParams({ status, origin, orderedBy }: RequestFilters): Record<string, string> {
  return { ...(status && { status }), ...(origin && { origin }), ...(orderedBy && { user: orderedBy }) };
}
