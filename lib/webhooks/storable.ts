import "server-only";
/**
 * What Postgres can never store, found before a delivery is written (so that it is recorded as `failed` rather
 * than refused with a 503 the sender would retry for three days), and the errors that say so when a write
 * meets something these checks did not foresee.
 */

/** Longest request or monitor id kept: btree index entries are limited to about 2,700 bytes. */
export const maxIdentifierBytes = 512;

/**
 * Whether a JSON body may hold text Postgres refuses: U+0000 and unpaired surrogates can only be written as
 * `\u` escapes in JSON, so a body without any `\u` holds none, and the parsed payload need not be walked.
 */
export function mayHoldUnstorableText(body: string | Uint8Array): boolean {
  return typeof body === "string" ? body.includes("\\u") : Buffer.from(body.buffer, body.byteOffset, body.byteLength).includes("\\u");
}

const unstorable = (text: string) => text.includes("\u0000") || !text.isWellFormed();

/**
 * Where in `value` the first string or key is that Postgres cannot store (`$.a.b[2]`), if any: U+0000 (text and
 * jsonb refuse it) or an unpaired surrogate (jsonb refuses it).
 */
export function findUnstorableText(value: unknown, path = "$"): string | undefined {
  if (typeof value === "string") return unstorable(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = `${path}.${storableText(key, 100)}`;
      if (unstorable(key)) return at;
      const found = findUnstorableText(item, at);
      if (found) return found;
    }
  }
  return undefined;
}

/** `text` as Postgres can store it, at most `maxLength` characters: for labels and reasons in the ledger. */
export function storableText(text: string, maxLength: number): string {
  const cleaned = text.replaceAll("\u0000", "\uFFFD").toWellFormed();
  return cleaned.length > maxLength ? `${cleaned.slice(0, maxLength - 1)}…` : cleaned;
}

/**
 * The Postgres error under `error` (drizzle wraps it as the cause) when it says the data itself cannot be
 * stored: class 22 (data exception: an untranslatable character, a number out of range, invalid JSON…) or 54
 * (a program limit: an index entry too large, nesting too deep). Retrying such a write can never succeed;
 * any other error (connection, timeout, lock, a constraint) may, and is not one.
 */
export function postgresDataError(error: unknown): { code: string; message: string } | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
      return code.startsWith("22") || code.startsWith("54") ? { code, message: current.message } : undefined;
  }
  return undefined;
}
