/**
 * How a company's next review date reads: "overdue by 3 days", "overdue since today", "due today", "due tomorrow",
 * "due in 12 days", "not scheduled". Days are UTC calendar days, and overdue means the due time has passed, as the
 * list's "Overdue" filter reads it. Pure, the time given, so a page, its export and its tests agree. Client-safe.
 */
import { dueSoonDays } from "./portfolio-filters";

export type ReviewDueTone = "overdue" | "soon" | "later" | "none";

const dayMs = 86_400_000;
const utcDay = (at: Date) => Math.floor(at.getTime() / dayMs);
const days = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "day" : "days"}`;

export function reviewDue(due: Date | null, now: Date): { text: string; tone: ReviewDueTone } {
  if (due === null) return { text: "not scheduled", tone: "none" };
  const calendarDays = utcDay(due) - utcDay(now);
  if (due.getTime() < now.getTime()) {
    return { text: calendarDays === 0 ? "overdue since today" : `overdue by ${days(-calendarDays)}`, tone: "overdue" };
  }
  const text = calendarDays === 0 ? "due today" : calendarDays === 1 ? "due tomorrow" : `due in ${days(calendarDays)}`;
  return { text, tone: due.getTime() - now.getTime() < dueSoonDays * dayMs ? "soon" : "later" };
}
