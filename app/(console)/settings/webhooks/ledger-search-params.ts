import { z } from "zod";
import { deliveryOutcomes } from "@/db/vocabulary";

// One value per parameter: a repeated parameter keeps its first value; an empty one counts as absent.
const single = (value: unknown) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" && first.trim() !== "" ? first.trim() : undefined;
};

/** A parameter that is dropped, not an error, when its value does not fit (a hand-edited or stale URL). */
const lenient = <T extends z.ZodType>(schema: T) => z.preprocess(single, schema.optional()).catch(undefined);

const cursorId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const ledgerSearchSchema = z.object({
  connection: lenient(z.uuid()),
  type: lenient(z.string().max(200)),
  outcome: lenient(z.enum(deliveryOutcomes)),
  requestId: lenient(z.string().max(200)),
  before: lenient(cursorId),
  after: lenient(cursorId),
});

export type LedgerSearch = z.infer<typeof ledgerSearchSchema>;

/** The ledger's filters and page from the URL; bad values are ignored. */
export function parseLedgerSearch(params: Record<string, string | string[] | undefined>): LedgerSearch {
  return ledgerSearchSchema.parse(params);
}

/** The query string for the ledger with `search` (only the parameters that are set). */
export function ledgerQuery(search: LedgerSearch): string {
  const entries = Object.entries(search).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  const query = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
  return query ? `?${query}` : "";
}
