/**
 * When a review is due and how we say it: a day ("14 March 2026"), a due date as it stands today (as a date, or
 * counted in days from today as the portfolio lists it), and how old a company's data is against the policy's limit.
 * Pure, the time given, so a page, its export and its tests agree.
 */

const dayMs = 86_400_000;

/** A day as people write it, in UTC: "14 March 2026". */
export const dayWords = (at: Date) => at.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const days = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "day" : "days"}`;

/** A review due within this many days is due soon (the portfolio's "due in 30 days" filter and tone). */
export const dueSoonDays = 30;

/** Whole days from `from` to `to` (rounded down; negative when `to` is earlier). */
export const wholeDays = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / dayMs);

/** Whether a review due at `due` is overdue at `now`, and how it reads: "14 March 2027" or "3 January 2026, 45 days overdue". */
export function reviewDue(due: Date, now: Date): { overdue: boolean; text: string } {
  const late = wholeDays(due, now);
  if (due.getTime() > now.getTime()) return { overdue: false, text: dayWords(due) };
  return { overdue: true, text: late >= 1 ? `${dayWords(due)}, ${days(late)} overdue` : `${dayWords(due)}, due today` };
}

export type ReviewDueTone = "overdue" | "soon" | "later" | "none";

const utcDay = (at: Date) => Math.floor(at.getTime() / dayMs);

/**
 * A due date counted from today, as the portfolio lists it: "overdue by 3 days", "overdue since today", "due today",
 * "due tomorrow", "due in 12 days", "not scheduled". Days are UTC calendar days, and overdue means the due time has
 * passed, as the list's "Overdue" filter reads it.
 */
export function reviewDueFromToday(due: Date | null, now: Date): { text: string; tone: ReviewDueTone } {
  if (due === null) return { text: "not scheduled", tone: "none" };
  const calendarDays = utcDay(due) - utcDay(now);
  if (due.getTime() < now.getTime()) {
    return { text: calendarDays === 0 ? "overdue since today" : `overdue by ${days(-calendarDays)}`, tone: "overdue" };
  }
  const text = calendarDays === 0 ? "due today" : calendarDays === 1 ? "due tomorrow" : `due in ${days(calendarDays)}`;
  return { text, tone: due.getTime() - now.getTime() < dueSoonDays * dayMs ? "soon" : "later" };
}

/** How old the data a review would be based on is: its age in days, whether it is past the policy's limit, and the sentence. */
export function dataAge(asOf: Date, now: Date, staleDays: number): { days: number; stale: boolean; text: string } {
  const age = Math.max(0, wholeDays(asOf, now));
  return {
    days: age,
    stale: age > staleDays,
    text: `This company's data is from ${dayWords(asOf)}, ${age === 0 ? "today" : `${days(age)} ago`}.`,
  };
}
