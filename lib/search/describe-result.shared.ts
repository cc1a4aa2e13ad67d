/** Plain-text lines for a search result row. */
import type { Address, SearchResult } from "@/lib/registry/schemas.shared";
import { formatAddress } from "@/lib/dossier/display-formats.shared";
import { markedLabel } from "@/lib/vocabulary/words.shared";

const matchLabels: Record<string, string> = {
  id: "Matched the identifier",
  exactLegalName: "Matched the exact legal name",
  partialId: "Matched part of the identifier",
  default: "Matched the name",
};

/** The match reason in words; an unknown match type is shown as it is. Names the identifier that matched, by its kind in words. */
export function describeMatch(reason: SearchResult["matchReason"]): string {
  const label = matchLabels[reason.matchType] ?? `Match: ${reason.matchType}`;
  const identifier = reason.identifier;
  if (identifier === undefined) return label;
  if (typeof identifier === "string") return `${label} (${identifier})`;
  const pairs = Object.entries(identifier).map(([key, value]) => `${markedLabel("identifierKind", key)}: ${value}`);
  return pairs.length ? `${label} (${pairs.join(", ")})` : label;
}

export function describeAddress(address: Address | undefined): string {
  return formatAddress(address) ?? "Address not reported by the register";
}
