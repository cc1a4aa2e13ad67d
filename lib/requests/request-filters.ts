import "server-only";
/**
 * The requests list's filters as they travel in the URL (`status`, `origin`, `user`, `company`, `caseReference`,
 * `followUps`, `hideListings`),
 * read one way for the page and for its CSV export, so the file holds exactly the rows the page's filters select. A
 * value that does not fit (a stale or hand-edited URL, someone who never ordered here) is dropped, as the page always
 * did.
 */
import { z } from "zod";
import { requestOrigins } from "@/db/vocabulary";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";
import type { RequestOrigin } from "./origins";

export const requestStatusFilters = ["complete", "in_progress"] as const;
export type RequestStatusFilter = (typeof requestStatusFilters)[number];

export type RequestFilters = {
  status?: RequestStatusFilter;
  origin?: RequestOrigin;
  orderedBy?: string;
  /** Part of the company's name or number, in any case. */
  company?: string;
  /** Part of the request's case reference, in any case. */
  caseReference?: string;
  /** Follow-ups (graph expansions, retries, re-retrievals, listings) shown under the request they follow; on by default. */
  followUps: boolean;
  /** Free document listings left out; on by default. */
  hideListings: boolean;
};

export const defaultRequestFilters: RequestFilters = { followUps: true, hideListings: true };

type Params = Record<string, string | string[] | undefined>;

/**
 * A checkbox of the GET form: a hidden `off` comes before the checkbox's `on`, so an unchecked box still says so and a
 * checked one sends both (the last wins). Absent or unreadable, the default holds.
 */
const toggle = (fallback: boolean) =>
  z
    .preprocess((value) => (Array.isArray(value) ? value.at(-1) : value), z.enum(["on", "off"]).optional())
    .catch(undefined)
    .transform((value) => (value === undefined ? fallback : value === "on"));

/** A text box of the form: trimmed, empty counts as absent; a repeated one keeps its first value; too long is dropped. */
const text = (max: number) =>
  z
    .preprocess((value) => {
      const first = Array.isArray(value) ? value[0] : value;
      return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
    }, z.string().max(max).optional())
    .catch(undefined);

const filterParams = z.object({
  status: z.enum(requestStatusFilters).optional().catch(undefined),
  origin: z.enum(requestOrigins).optional().catch(undefined),
  user: z.string().optional().catch(undefined),
  company: text(200),
  caseReference: text(caseReferenceMax),
  followUps: toggle(defaultRequestFilters.followUps),
  hideListings: toggle(defaultRequestFilters.hideListings),
});

/** The filters of `params`; `orderers` are the emails the "Ordered by" filter offers (anyone else is dropped). */
export function parseRequestFilters(params: Params, orderers: readonly string[]): RequestFilters {
  const { status, origin, user, company, caseReference, followUps, hideListings } = filterParams.parse(params);
  const orderedBy = user !== undefined && orderers.includes(user) ? user : undefined;
  return { status, origin, orderedBy, company, caseReference, followUps, hideListings };
}

/** The filters as URL parameters (only those set or off their default; `user` for who ordered). */
export function requestFilterParams({
  status,
  origin,
  orderedBy,
  company,
  caseReference,
  followUps,
  hideListings,
}: RequestFilters): Record<string, string> {
  return {
    ...(status && { status }),
    ...(origin && { origin }),
    ...(orderedBy && { user: orderedBy }),
    ...(company && { company }),
    ...(caseReference && { caseReference }),
    ...(followUps !== defaultRequestFilters.followUps && { followUps: followUps ? "on" : "off" }),
    ...(hideListings !== defaultRequestFilters.hideListings && { hideListings: hideListings ? "on" : "off" }),
  };
}
