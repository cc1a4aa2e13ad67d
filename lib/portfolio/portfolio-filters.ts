import "server-only";
/**
 * The portfolio's filters as they travel in the URL (`rating`, `due`, `country`, `owner`, `monitored`, `flag`,
 * `caseReference`) and its keyset position (`after` or `before`), read one way for the page and for its CSV export, so
 * the file holds exactly the rows the page's filters select. A value that cannot be read is not dropped silently: it
 * comes back as a problem for the page to name. Pure.
 */
import { z } from "zod";
import { riskRatings } from "@/db/vocabulary";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";
import { complianceFlagNames } from "@/lib/registry/schemas.shared";
import { registryCountries } from "@/lib/registry/countries.shared";

/** A rating, or `unrated`: not rated yet. */
export const ratingFilters = [...riskRatings, "unrated"] as const;
export type RatingFilter = (typeof ratingFilters)[number];

/** `overdue`: the due date has passed; `soon`: due within the next 30 days (and not overdue). */
export const dueFilters = ["overdue", "soon"] as const;
export type DueFilter = (typeof dueFilters)[number];

export type PortfolioFilters = {
  rating?: RatingFilter;
  due?: DueFilter;
  country?: string;
  /** A user's id, or `none`: nobody owns it. */
  owner?: string;
  monitored?: "yes" | "no";
  flag?: (typeof complianceFlagNames)[number];
  /** Part of one of the company's case references, in any case. */
  caseReference?: string;
};

/** Where a page of the list starts: after a row (the next page) or before one (the previous page). */
export type PortfolioCursor = { direction: "after" | "before"; due: string; countryCode: string; companyId: string; connectionId: string };

type Params = Record<string, string | string[] | undefined>;

/** One value per parameter: a repeated one keeps its first; trimmed, and empty counts as absent. */
const single = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
};

const names = {
  rating: "Risk rating",
  due: "Review due",
  country: "Country",
  owner: "Owner",
  monitored: "Monitored",
  flag: "Compliance flag",
  caseReference: "Case reference",
} as const;

const schemas = {
  rating: z.enum(ratingFilters),
  due: z.enum(dueFilters),
  country: z.enum(registryCountries),
  owner: z.union([z.literal("none"), z.uuid()]),
  monitored: z.enum(["yes", "no"]),
  flag: z.enum(complianceFlagNames),
  caseReference: z.string().max(caseReferenceMax),
} as const;

const cursorSchema = z.tuple([z.string().min(1).max(40), z.string().min(1).max(10), z.string().min(1).max(500), z.uuid()]);

/** A row's position as the URL carries it: base64url of its sort key. */
export function encodeCursor(position: Omit<PortfolioCursor, "direction">): string {
  const json = JSON.stringify([position.due, position.countryCode, position.companyId, position.connectionId]);
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function decodeCursor(value: string): Omit<PortfolioCursor, "direction"> | undefined {
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed = cursorSchema.safeParse(JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))));
    if (!parsed.success) return undefined;
    const [due, countryCode, companyId, connectionId] = parsed.data;
    return { due, countryCode, companyId, connectionId };
  } catch {
    return undefined;
  }
}

/** The filters and the page position of `params`, and what could not be read, in words. */
export function parsePortfolioFilters(params: Params): { filters: PortfolioFilters; cursor?: PortfolioCursor; problems: string[] } {
  const problems: string[] = [];
  const filters: Record<string, string> = {};
  for (const key of Object.keys(schemas) as (keyof typeof schemas)[]) {
    const value = single(params[key]);
    if (value === undefined) continue;
    const parsed = schemas[key].safeParse(key === "country" ? value.toUpperCase() : value);
    if (parsed.success) filters[key] = parsed.data;
    else if (key === "caseReference")
      problems.push(`The case reference is longer than ${caseReferenceMax} characters, so it was left out.`);
    else problems.push(`The “${names[key]}” filter “${value.slice(0, 40)}” is not one this list knows, so it was left out.`);
  }
  let cursor: PortfolioCursor | undefined;
  for (const direction of ["after", "before"] as const) {
    const value = single(params[direction]);
    if (value === undefined || cursor) continue;
    const position = decodeCursor(value);
    if (position) cursor = { direction, ...position };
    else problems.push("The page asked for could not be read, so the list starts from its first page.");
  }
  return { filters: filters as PortfolioFilters, cursor, problems };
}

/** The filters as URL parameters, in a stable order (only those set). */
export function portfolioFilterParams(filters: PortfolioFilters): Record<string, string> {
  const order = Object.keys(names) as (keyof PortfolioFilters)[];
  return Object.fromEntries(order.flatMap((key) => (filters[key] ? [[key, filters[key]]] : [])));
}
