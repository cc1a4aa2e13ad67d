import "server-only";
import { can } from "@/lib/auth/capabilities";
import type { SessionUser } from "@/lib/auth/require-role";
import { calendarEntries } from "./calendar-entries";
import { utcDay, type FilingEntry } from "./filing-entries";

export type UpcomingDeadlines = {
  days: number;
  /** Due from today to `days` days ahead, soonest first. */
  upcoming: FilingEntry[];
  /** Overdue now, oldest first (the calendar's order). */
  overdue: FilingEntry[];
};

/**
 * For the home page: the deadlines in the next `days` days and those already overdue. Undefined for a user who
 * may not read the calendar (the card then does not appear).
 */
export async function upcomingDeadlines(user: SessionUser, days = 30, now = new Date()): Promise<UpcomingDeadlines | undefined> {
  if (!can(user.role, "readCalendar")) return undefined;
  const today = utcDay(now);
  const last = utcDay(new Date(now.getTime() + days * 86_400_000));
  const entries = await calendarEntries(now);
  return {
    days,
    overdue: entries.filter((entry) => entry.overdue),
    upcoming: entries.filter((entry) => !entry.overdue && entry.dueDate !== null && entry.dueDate >= today && entry.dueDate <= last),
  };
}
