import "server-only";
/**
 * How an open alert's due date reads: "2 days left", "due in 5 hours", "3 hours late", "3 days late". Pure, the
 * time given, so a page and its tests agree.
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

export type DueTone = "late" | "soon" | "ok";

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** Whole units, rounded down, but never 0: a due date 20 minutes away is "due in 1 hour". */
const atLeastOne = (ms: number, unit: number) => Math.max(1, Math.floor(ms / unit));

export function dueLabel(dueAt: Date, now: Date): { text: string; tone: DueTone } {
  const left = dueAt.getTime() - now.getTime();
  if (left >= dayMs) return { text: `${plural(Math.floor(left / dayMs), "day")} left`, tone: "ok" };
  if (left > 0) return { text: `due in ${plural(atLeastOne(left, hourMs), "hour")}`, tone: "soon" };
  const late = -left;
  if (late < dayMs) return { text: `${plural(atLeastOne(late, hourMs), "hour")} late`, tone: "late" };
  return { text: `${plural(Math.floor(late / dayMs), "day")} late`, tone: "late" };
}
