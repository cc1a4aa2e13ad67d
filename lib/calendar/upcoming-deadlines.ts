import "server-only";
import { can } from "@/lib/auth/capabilities.shared";
import type { SessionUser } from "@/lib/auth/require-role";
import { calendarPage, type CalendarSlice } from "./calendar-entries";
import { utcDay } from "./filing-entries";

/** How many of each list the home page's card shows; the calendar has the rest. */
export const deadlinesShown = 5;

export type UpcomingDeadlines = {
  days: number;
  /** Due from today to `days` days ahead, soonest first: the first `deadlinesShown`, and how many. */
  upcoming: CalendarSlice;
  /** Overdue now, oldest first (the calendar's order): the first `deadlinesShown`, and how many. */
  overdue: CalendarSlice;
};

/**
 * For the home page: the deadlines in the next `days` days and those already overdue, counted and cut in SQL.
 * Undefined for a user who may not read the calendar (the card then does not appear).
 */
export async function upcomingDeadlines(user: SessionUser, days = 30, now = new Date()): Promise<UpcomingDeadlines | undefined> {
  if (!can(user.role, "readCalendar")) return undefined;
  const upcomingUntil = utcDay(new Date(now.getTime() + days * 86_400_000));
  const page = await calendarPage({}, { now, limit: deadlinesShown, upcomingUntil });
  return { days, overdue: page.overdue, upcoming: page.upcoming };
}
