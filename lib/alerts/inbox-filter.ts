import "server-only";
/**
 * The inbox's filters, sort and page as they travel in the URL, so a link or a reload shows the same inbox.
 * A value that does not fit (a hand-edited or stale URL) is dropped, not an error. Pure.
 */
import { z } from "zod";
import { alertStates } from "@/db/vocabulary";

/** `open` (new or in review) is what the inbox shows when no state is chosen. */
export const inboxStates = ["open", ...alertStates, "any"] as const;
export type InboxState = (typeof inboxStates)[number];

export const inboxSorts = ["recent", "due"] as const;
export type InboxSort = (typeof inboxSorts)[number];

// One value per parameter: a repeated parameter keeps its first value; an empty one counts as absent.
const single = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
};

const lenient = <T extends z.ZodType>(schema: T) => z.preprocess(single, schema.optional()).catch(undefined);

const day = z.iso.date();

const inboxSearchSchema = z.object({
  state: lenient(z.enum(inboxStates)),
  /** `mine`, `unassigned`, or a user id. */
  assignee: lenient(z.union([z.literal("mine"), z.literal("unassigned"), z.uuid()])),
  category: lenient(z.string().max(50)),
  country: lenient(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((c) => c.toUpperCase()),
  ),
  /** Part of a company's id or name (case-insensitive). */
  company: lenient(z.string().max(200)),
  monitor: lenient(z.string().max(200)),
  kind: lenient(z.enum(["real", "test"])),
  /** Received between these days (UTC, both included). */
  from: lenient(day),
  to: lenient(day),
  sort: lenient(z.enum(inboxSorts)),
  /** The id of the last alert of the previous page. */
  after: lenient(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
});

export type InboxSearch = z.infer<typeof inboxSearchSchema>;

/** The inbox's filters, sort and page from the URL's parameters; bad values are ignored. */
export function parseInboxSearch(params: Record<string, string | string[] | undefined>): InboxSearch {
  return inboxSearchSchema.parse(params);
}

/** The query string (with its `?`, or empty) for `search`: only the parameters that are set, in a stable order. */
export function inboxQuery(search: InboxSearch): string {
  const entries = Object.entries(search).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  const query = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
  return query ? `?${query}` : "";
}

/** Whether any filter is set (the sort and the page are not filters). */
export const isFiltered = ({ sort: _sort, after: _after, ...filters }: InboxSearch): boolean =>
  Object.values(filters).some((value) => value !== undefined);
