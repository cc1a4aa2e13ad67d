import "server-only";
/**
 * The audit log's filters as they travel in the URL, read one way for the page and for its CSV export, so the file
 * holds exactly the rows the page selects: who acted (`actor`), the action, a range of UTC days (`from`, `to`, both
 * included; a backwards range is read the right way round), part of a company's name or number (`company`), of a
 * case reference (`caseReference`) or of the target (`target`). A day that cannot be read is not dropped silently:
 * it comes back as a problem for the page to name. Pure.
 */
import { z } from "zod";
import { caseReferenceMax } from "@/lib/forms/case-reference.shared";

export type AuditFilters = {
  actor?: string;
  action?: string;
  /** First and last UTC day, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
  company?: string;
  caseReference?: string;
  target?: string;
};

type Params = Record<string, string | string[] | undefined>;

/** One value per parameter: a repeated one keeps its first; trimmed, and empty counts as absent. */
const single = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
};

const text = (max: number) => z.preprocess(single, z.string().max(max).optional()).catch(undefined);

const textParams = z.object({
  actor: text(320),
  action: text(100),
  company: text(200),
  caseReference: text(caseReferenceMax),
  target: text(500),
});

const day = z.iso.date();

const dayNames = { from: "From", to: "To" } as const;

/** The filters of `params`, and what could not be read, in words. */
export function parseAuditFilters(params: Params): { filters: AuditFilters; problems: string[] } {
  const problems: string[] = [];
  const dayOf = (name: keyof typeof dayNames): string | undefined => {
    const value = single(params[name]);
    if (value === undefined) return undefined;
    if (day.safeParse(value).success) return value;
    problems.push(`The “${dayNames[name]}” day “${value.slice(0, 40)}” is not a date (year-month-day), so it was left out.`);
    return undefined;
  };
  let from = dayOf("from");
  let to = dayOf("to");
  if (from && to && from > to) [from, to] = [to, from];
  const texts = textParams.parse(params);
  const filters = Object.fromEntries(
    Object.entries({ ...texts, from, to }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ) as AuditFilters;
  return { filters, problems };
}

/** The filters as URL parameters, in a stable order (only those set). */
export function auditFilterParams(filters: AuditFilters): Record<string, string> {
  const order: (keyof AuditFilters)[] = ["actor", "action", "from", "to", "company", "caseReference", "target"];
  return Object.fromEntries(order.flatMap((key) => (filters[key] ? [[key, filters[key]]] : [])));
}
