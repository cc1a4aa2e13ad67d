import "server-only";
/**
 * The period the usage column covers, read from the page's URL: `?period=7d` or `?period=30d` (the last 7 or 30
 * days up to today), or `?from=YYYY-MM-DD&to=YYYY-MM-DD`. Anything else falls back to the last 30 days and says
 * why, so a hand-edited URL never blanks the page. Dates are whole UTC days, as the registry's date bounds are.
 */
export const usagePresets = { "7d": 7, "30d": 30 } as const;
export type UsagePreset = keyof typeof usagePresets;

export type UsagePeriod = {
  /** The query the registry is asked with (GET /v2/workspaces/usage). */
  startDate: string;
  endDate: string;
  /** Which picker entry is chosen: a preset, or "range" for from–to dates. */
  kind: UsagePreset | "range";
  label: string;
  /** Why the URL's period was not used, when it was not. */
  problem?: string;
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** A YYYY-MM-DD that names a real day (2026-02-30 does not). */
function isDay(value: string): boolean {
  return isoDay.test(value) && dayOf(new Date(`${value}T00:00:00Z`)) === value;
}

function preset(kind: UsagePreset, now: Date): UsagePeriod {
  const days = usagePresets[kind];
  return { startDate: dayOf(new Date(now.getTime() - days * dayMs)), endDate: dayOf(now), kind, label: `the last ${days} days` };
}

type Query = { period?: string | string[]; from?: string | string[]; to?: string | string[] };
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function usagePeriod(query: Query, now: Date): UsagePeriod {
  const period = one(query.period);
  const from = one(query.from);
  const to = one(query.to);
  if (from !== undefined || to !== undefined) {
    const fallback = (problem: string) => ({ ...preset("30d", now), problem });
    if (!from || !isDay(from)) return fallback(`The start date must be a date (YYYY-MM-DD); showing the last 30 days instead.`);
    if (!to || !isDay(to)) return fallback(`The end date must be a date (YYYY-MM-DD); showing the last 30 days instead.`);
    if (from > to) return fallback(`The start date (${from}) is after the end date (${to}); showing the last 30 days instead.`);
    return { startDate: from, endDate: to, kind: "range", label: `${from} to ${to}` };
  }
  if (period === undefined) return preset("30d", now);
  if (Object.hasOwn(usagePresets, period)) return preset(period as UsagePreset, now);
  return { ...preset("30d", now), problem: `There is no period "${period}"; showing the last 30 days instead.` };
}
