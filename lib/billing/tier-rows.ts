/**
 * High-usage (and low-balance) tiers as editable rows: a name and a threshold in credit cents, typed as text.
 * Client-safe and zod-free: reading the text is done here; names, count and uniqueness are the contract's rules,
 * checked by its schema afterwards.
 */
import type { HighUsageTier } from "./effective-settings";

export type TierRow = { tier: string; cents: string };

export function tierRowsFor(tiers: readonly HighUsageTier[]): TierRow[] {
  return tiers.map(({ tier, cents }) => ({ tier, cents: String(cents) }));
}

/**
 * The rows as tiers, one per row so the schema's messages land on the row they name. A threshold that is not a
 * whole number gets its message at `<path>.<row>.cents` (the path the schema would give it) and stands as 0 in
 * `tiers`: nothing may be sent while `fieldErrors` holds anything.
 */
export function tiersFromRows(rows: readonly TierRow[], path: string): { tiers: HighUsageTier[]; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  const tiers = rows.map(({ tier, cents }, index) => {
    const text = cents.trim();
    if (/^-?\d+$/.test(text)) return { tier, cents: Number(text) };
    fieldErrors[`${path}.${index}.cents`] = [
      text ? "Credit cents are a whole number, e.g. 50000 for 500.00." : "Enter the threshold in credit cents.",
    ];
    return { tier, cents: 0 };
  });
  return { tiers, fieldErrors };
}
