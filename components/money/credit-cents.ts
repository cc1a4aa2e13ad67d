/**
 * Credit cents (the unit of the vendor's billing fields) in their own unit, for a title or a technical caption
 * beside an amount shown in credits (lib/vocabulary/units.shared.ts, `creditsFromCents`).
 */
export const creditCentsTitle = (cents: number) => `${cents.toLocaleString("en")} credit cents`;
