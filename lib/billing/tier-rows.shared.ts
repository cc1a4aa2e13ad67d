/**
 * High-usage (and low-balance) tiers as editable rows: a name and a threshold in credits, typed as text (the
 * registry's thresholds are credit cents: 50000 is 500 credits).
 * Zod-free: reading the text is done here; names, count and uniqueness are the contract's rules,
 * checked by its schema afterwards.
 */
import type { HighUsageTier } from "./effective-settings.shared";

export type TierRow = { tier: string; credits: string };

export function tierRowsFor(tiers: readonly HighUsageTier[]): TierRow[] {
  return tiers.map(({ tier, cents }) => ({ tier, credits: String(cents / 100) }));
}

/** Credits as typed: a number with at most 2 decimals (a credit cent is the smallest unit). */
const creditsText = /^(\d+(\.\d{0,2})?|\.\d{1,2})$/;

/**
 * The rows as tiers in credit cents, one per row so the schema's messages land on the row they name. A threshold
 * that is not a number of credits with at most 2 decimals gets its message at `<path>.<row>.cents` (the path the schema would give it) and stands as 0 in
 * `tiers`: nothing may be sent while `fieldErrors` holds anything.
 */
export function tiersFromRows(rows: readonly TierRow[], path: string): { tiers: HighUsageTier[]; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  const tiers = rows.map(({ tier, credits }, index) => {
    const text = credits.trim();
    if (creditsText.test(text)) return { tier, cents: Math.round(Number(text) * 100) };
    fieldErrors[`${path}.${index}.cents`] = [
      !text
        ? "Enter the threshold in credits."
        : text.startsWith("-")
          ? "Credits cannot be negative."
          : "Credits are a number with at most 2 decimals, e.g. 500 or 12.5.",
    ];
    return { tier, cents: 0 };
  });
  return { tiers, fieldErrors };
}
