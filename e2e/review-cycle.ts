/** The same day and time `months` later, or that month's last day when it lacks the day (the review cycles). */
export function monthsAfter(at: Date, months: number): Date {
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months + 1, 0)).getUTCDate();
  const due = new Date(at);
  due.setUTCDate(1);
  due.setUTCMonth(at.getUTCMonth() + months);
  due.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return due;
}
