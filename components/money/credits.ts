/** A number of credits without its unit, for a column headed in credits: "4", "2.5". Client-safe. */
export const creditAmount = (n: number) => n.toLocaleString("en", { maximumFractionDigits: 2 });

/** A number of credits as the order panels show it: "4 credits", "1 credit", "2.5 credits". Client-safe. */
export const credits = (n: number) => `${creditAmount(n)} credit${n === 1 ? "" : "s"}`;
