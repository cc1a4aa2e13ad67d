/**
 * Numbers with their units, as people read them: credits ("1 credit", "22 credits"), credit cents shown as
 * credits, counts with plurals, and lengths of time in human units ("about 26 hours"). Pure.
 */

/** A number of credits without its unit, for a column headed in credits: "4", "2.5". */
export const creditAmount = (n: number) => n.toLocaleString("en", { maximumFractionDigits: 2 });

/** A number of credits: "1 credit", "4 credits", "2.5 credits". */
export const credits = (n: number) => `${creditAmount(n)} credit${n === 1 ? "" : "s"}`;

/** Credit cents (the unit of the registry's billing fields) as credits: 12000 → "120 credits", 150 → "1.5 credits". */
export const creditsFromCents = (cents: number) => credits(cents / 100);

/** Credit cents in their own unit, for a title or a technical caption beside an amount shown in credits: "102,050 credit cents". */
export const creditCentsTitle = (cents: number) => `${cents.toLocaleString("en")} credit cents`;

/** A count with its noun, singular or plural: count(1, "document") → "1 document", count(3, "entry", "entries"). */
export const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

const second = 1_000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * A length of time rounded to one unit, in words: "under a minute", "about 25 minutes", "about 26 hours",
 * "about 5 days". For what is estimated or still to come (a delivery time, an expiry, a forecast).
 */
export function duration(ms: number): string {
  if (ms < minute) return "under a minute";
  if (ms < 90 * minute) return `about ${count(Math.round(ms / minute), "minute")}`;
  if (ms < 48 * hour) return `about ${count(Math.round(ms / hour), "hour")}`;
  return `about ${count(Math.round(ms / day), "day")}`;
}

/** A number of whole seconds, for a wait: "1 second", "30 seconds", "2 minutes", past 90 s in minutes. */
export function seconds(s: number): string {
  const whole = Math.max(0, Math.ceil(s));
  if (whole < 90) return count(whole, "second");
  return count(Math.ceil(whole / 60), "minute");
}

/** A window of whole minutes in its largest exact unit: 45 → "45 minutes", 60 → "1 hour", 1440 → "24 hours", 2880 → "2 days". */
export function windowWords(minutes: number): string {
  if (minutes % 60 !== 0) return count(minutes, "minute");
  const hours = minutes / 60;
  // Up to a day in hours ("24 hours", as the registry's tiers are usually read); past that, whole days when exact.
  if (hours <= 24 || hours % 24 !== 0) return count(hours, "hour");
  return count(hours / 24, "day");
}

/** A time as the console prints it: `2026-11-24 21:05 UTC` (to the minute). */
export const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** A day in a chart's short words, in UTC (the registry's clock): "3 Mar". */
export const utcDayMonth = (ms: number) => new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** A moment in a chart's short words, in UTC, without the zone (the sentence names it): "3 Mar, 14:05". */
export const utcDayMonthTime = (ms: number) =>
  new Date(ms).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
