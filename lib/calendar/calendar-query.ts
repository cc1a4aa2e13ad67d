import "server-only";
import { z } from "zod";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";

export const calendarViews = ["agenda", "month"] as const;
export type CalendarView = (typeof calendarViews)[number];

/** A filter of at most `max` characters; an empty one filters nothing. */
const textFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `at most ${max} characters` })
    .transform((value) => value || undefined);

/** Each search parameter of /calendar and of its .ics export, with the words shown when one is refused. */
const fields = {
  view: z.enum(calendarViews, { error: "either agenda or month" }),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "a month as YYYY-MM" }),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: "a two-letter country code" }),
  company: textFilter(200),
  caseReference: textFilter(caseReferenceMax),
  show: z.literal("all", { error: "all, or left out" }),
};

/**
 * The agenda's tables show this many rows each unless `show=all`: thousands of rows would take seconds to send, and
 * 200 each made the page 1.3 MB (each row carries its HTML and its React payload).
 */
export const agendaRows = 100;

export type CalendarQuery = {
  view: CalendarView;
  /** YYYY-MM: the month the month view shows. */
  month: string;
  country?: string;
  /** Part of the company's name or id, any case. */
  company?: string;
  /** Part of one of its case references, any case. */
  caseReference?: string;
  /** Every row of the agenda's tables, not the first `agendaRows`. */
  show?: "all";
};

const labels: Record<keyof typeof fields, string> = {
  view: "View",
  month: "Month",
  country: "Country",
  company: "Company",
  caseReference: "Case reference",
  show: "Show",
};

type Params = Record<string, string | string[] | undefined>;

/** Parses the page's search parameters; a refused one is left out and named with why, so the page can say so and the export can refuse. */
export function parseCalendarQuery(params: Params, now: Date): { query: CalendarQuery; problems: string[] } {
  const query: CalendarQuery = { view: "agenda", month: now.toISOString().slice(0, 7) };
  const problems: string[] = [];
  for (const name of Object.keys(fields) as (keyof typeof fields)[]) {
    const raw = params[name];
    if (raw === undefined || raw === "") continue;
    const parsed = fields[name].safeParse(Array.isArray(raw) ? raw[0] : raw);
    if (parsed.success) {
      if (parsed.data !== undefined) Object.assign(query, { [name]: parsed.data });
    } else problems.push(`${labels[name]} must be ${parsed.error.issues[0]?.message ?? "valid"}.`);
  }
  return { query, problems };
}

/** The search parameters that reproduce the query's filters (for links to the other view and to the export). */
export function filterParams(query: Pick<CalendarQuery, "country" | "company" | "caseReference">): URLSearchParams {
  const params = new URLSearchParams();
  if (query.country) params.set("country", query.country);
  if (query.company) params.set("company", query.company);
  if (query.caseReference) params.set("caseReference", query.caseReference);
  return params;
}
