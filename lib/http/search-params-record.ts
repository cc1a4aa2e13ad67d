import "server-only";
/**
 * A route's URL parameters in the shape a page receives as `searchParams` (a repeated parameter is a list), so a route
 * and its page read their filters through the same parser. Pure.
 */
export function searchParamsRecord(params: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? values[0]! : values;
  }
  return record;
}
