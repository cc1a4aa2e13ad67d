/** A number of credits as the order panels show it: "4 credits", "1 credit", "2.5 credits". Client-safe. */
export const credits = (n: number) => `${n.toLocaleString("en", { maximumFractionDigits: 2 })} credit${n === 1 ? "" : "s"}`;
