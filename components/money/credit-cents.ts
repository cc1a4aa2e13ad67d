/**
 * Credit cents (the unit of the vendor's billing fields) shown as money with two decimals: 12000 → "120.00".
 * The number is never silently turned into credits: callers label it, and `creditCentsTitle` gives the exact
 * figure in the source's own unit for a title or a caption. Client-safe.
 */
export const creditCentsAsMoney = (cents: number) =>
  (cents / 100).toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const creditCentsTitle = (cents: number) => `${cents.toLocaleString("en")} credit cents`;
