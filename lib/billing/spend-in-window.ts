import "server-only";
import type { Registry } from "@/lib/connections/registry-for";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { windowWords } from "@/lib/vocabulary/units.shared";
import { usagePresets, type UsagePeriod } from "@/lib/workspaces/usage-period";
import { creditCentsPerCredit } from "./recorded-charges";
import type { Charge } from "./spend-series";
import { readSpend, type WorkspaceCharges } from "./spend-source";

/**
 * "Spend in the window", the one definition Home, Workspaces and Billing use: the sum of the charges at or after
 * the window's start and at or before its end (as the registry sums a high-usage window), with the window in
 * words so every page states it beside the figure.
 */
export type SpendWindow = { startMs: number; endMs: number; words: string };

const minuteMs = 60_000;
const dayMs = 86_400_000;

/** The `minutes` up to `endMs`: a workspace's high-usage window ends now. Words: "in the last 24 hours". */
export const lastMinutes = (minutes: number, endMs: number): SpendWindow => ({
  startMs: endMs - minutes * minuteMs,
  endMs,
  words: `in the last ${windowWords(minutes)}`,
});

/** The `days` up to `endMs`: "in the last 30 days". */
export const lastDays = (days: number, endMs: number): SpendWindow => lastMinutes(days * 1440, endMs);

/** Whole UTC days, both included (as the registry reads date bounds): "from 2026-04-01 to 2026-04-30". */
export const betweenDays = (startDate: string, endDate: string): SpendWindow => ({
  startMs: Date.parse(`${startDate}T00:00:00.000Z`),
  endMs: Date.parse(`${endDate}T00:00:00.000Z`) + dayMs - 1,
  words: `from ${startDate} to ${endDate}`,
});

const inside = (c: Charge, window: SpendWindow) => c.atMs >= window.startMs && c.atMs <= window.endMs;

/** The window of a period picked on Workspaces: a preset is the last 7 or 30 days up to now, a range whole days. */
export const windowOfPeriod = (period: UsagePeriod, nowMs: number): SpendWindow =>
  period.kind === "range" ? betweenDays(period.startDate, period.endDate) : lastDays(usagePresets[period.kind], nowMs);

/** The credit cents of `charges` inside `window`, both ends included. Pure. */
export function centsIn(charges: readonly Charge[], window: SpendWindow): number {
  return charges.reduce((sum, c) => (inside(c, window) ? sum + c.cents : sum), 0);
}

/** Credit cents as credits (the unit users read and type). */
export const creditsOf = (cents: number) => cents / creditCentsPerCredit;

export type WorkspaceSpent = {
  workspaceId: string;
  name: string | undefined;
  window: SpendWindow;
  /** Undefined when the registry reports only a total for a different range than the window. */
  credits: number | undefined;
  /** The same in the registry's unit, to compare with its tiers' thresholds. */
  creditCents: number | undefined;
  requestCount: number | undefined;
};

/**
 * A workspace's spend in `window`, from what was read since `readFromMs`: its charges summed, or, when the registry
 * reports a total only, that total if the read covered exactly the window.
 */
export function workspaceSpent(workspace: WorkspaceCharges, window: SpendWindow, readFromMs: number): WorkspaceSpent {
  const cents = workspace.charges ? centsIn(workspace.charges, window) : readFromMs === window.startMs ? workspace.totalCents : undefined;
  return {
    workspaceId: workspace.workspaceId,
    name: workspace.name,
    window,
    credits: cents === undefined ? undefined : creditsOf(cents),
    creditCents: cents,
    requestCount: workspace.charges ? workspace.charges.filter((c) => inside(c, window) && c.cents > 0).length : workspace.requestCount,
  };
}

/** The all-workspace total: the sum of the known figures, or undefined when no workspace's spend is known. */
export function totalCredits(spent: readonly Pick<WorkspaceSpent, "credits">[]): number | undefined {
  const known = spent.flatMap((w) => (w.credits === undefined ? [] : [w.credits]));
  return known.length ? known.reduce((a, b) => a + b, 0) : undefined;
}

export type SpendInWindow =
  | { source: "registry"; window: SpendWindow; workspaces: WorkspaceSpent[]; totalCredits: number | undefined; error?: undefined }
  /** No usage endpoint: what this console recorded for its own requests, all workspaces together. */
  | { source: "recorded"; window: SpendWindow; missing: string; totalCredits: number; error?: undefined }
  | { source?: undefined; error: RegistryErrorInfo };

/** Every workspace's spend in one `window` (a period on Workspaces), and their total. */
export async function readSpendInWindow(registry: Registry, window: SpendWindow): Promise<SpendInWindow> {
  // A window that ended before now is asked for with its end; one that ends now, with its start only (the registry's
  // clock may run ahead). "Now" is when the window was made, a moment ago: a window that ended less than a minute ago
  // still ends now (compared to the millisecond, the page's "last 30 days" had ended by the time it was read).
  const endsNow = window.endMs >= Date.now() - minuteMs;
  const endDate = endsNow ? undefined : new Date(window.endMs).toISOString();
  const spend = await readSpend(registry, { startMs: window.startMs, endDate });
  if (spend.error) return spend;
  // A window up to now ends at the registry's now when its clock runs ahead (a sandbox's), as the overview's does.
  if (!endDate) window = { ...window, endMs: Math.max(window.endMs, spend.nowMs) };
  if (spend.source === "recorded") {
    return { source: "recorded", window, missing: spend.missing, totalCredits: creditsOf(centsIn(spend.charges, window)) };
  }
  const workspaces = spend.workspaces.map((w) => workspaceSpent(w, window, spend.startMs));
  return { source: "registry", window, workspaces, totalCredits: totalCredits(workspaces) };
}
