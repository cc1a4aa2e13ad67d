import "server-only";
/**
 * Which vault source a blocked datapoint waits for. The notice carries only a message ("Add infogreffe credentials
 * to the vault…"), so the source is the one of the registry's source keys (`GET /v2/vault/sources`) the message
 * names as a word; none, or more than one, is unknown. Pure.
 */
export function missingSource(message: string | undefined, sourceKeys: readonly string[]): string | undefined {
  if (!message) return undefined;
  const words = new Set(message.toLowerCase().split(/[^\p{L}\p{N}_-]+/u));
  const named = sourceKeys.filter((key) => words.has(key.toLowerCase()));
  return named.length === 1 ? named[0] : undefined;
}
