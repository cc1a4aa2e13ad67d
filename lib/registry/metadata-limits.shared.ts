/** The registry's metadata limits (spec, Limits) and what it silently does past them. Zod-free: safe and light in client code. */

export const metadataLimits = { maxKeys: 50, maxKeyLength: 40, maxValueLength: 500 } as const;

const charLength = (s: string) => Array.from(s).length;

/** What the API would silently do to this metadata: skip keys over 40 characters, truncate values over 500. */
export function metadataWarnings(metadata: Record<string, string>): { skippedKeys: string[]; truncatedKeys: string[] } {
  const skippedKeys: string[] = [];
  const truncatedKeys: string[] = [];
  for (const [key, value] of Object.entries(metadata)) {
    if (charLength(key) > metadataLimits.maxKeyLength) skippedKeys.push(key);
    else if (charLength(value) > metadataLimits.maxValueLength) truncatedKeys.push(key); // a skipped key's value never arrives
  }
  return { skippedKeys, truncatedKeys };
}
