import { z } from "zod";
import type { WorkspaceUsage } from "../lib/registry/schemas.shared";
import type { SimState, StoredWorkspace } from "./state";

const dayMs = 24 * 3600 * 1000;
export const defaultUsageDays = 30;

const dateOnly = z.iso.date();
const dateTime = z.iso.datetime({ offset: true });

/** A bound of the usage range: an ISO date (a whole day) or an ISO date-time; undefined when it is neither. */
function parseBound(text: string, bound: "start" | "end"): number | undefined {
  if (dateOnly.safeParse(text).success) {
    const dayStart = Date.parse(`${text}T00:00:00.000Z`);
    return bound === "start" ? dayStart : dayStart + dayMs - 1; // the end date is included, to its last millisecond
  }
  return dateTime.safeParse(text).success ? Date.parse(text) : undefined;
}

export type UsageRange = { startDate: string; endDate: string; fromMs: number; toMs: number };

/**
 * The range of a usage report, both ends included: `startDate` defaults to 30 days before `now`, `endDate` to
 * `now`. Answers the problem in words when a date is not an ISO date or date-time, or the range is reversed.
 */
export function usageRange(query: { startDate?: string; endDate?: string }, now: Date): UsageRange | { problem: string } {
  const startDate = query.startDate ?? new Date(now.getTime() - defaultUsageDays * dayMs).toISOString();
  const endDate = query.endDate ?? now.toISOString();
  const fromMs = parseBound(startDate, "start");
  const toMs = parseBound(endDate, "end");
  if (fromMs === undefined) return { problem: `startDate must be an ISO date (2026-04-01) or date-time; got "${startDate}".` };
  if (toMs === undefined) return { problem: `endDate must be an ISO date (2026-04-30) or date-time; got "${endDate}".` };
  if (fromMs > toMs) return { problem: `startDate (${startDate}) is after endDate (${endDate}).` };
  return { startDate, endDate, fromMs, toMs };
}

const cents = (credits: number) => Math.round(credits * 100);

/** GET /v2/workspaces/usage: each workspace's charges in the range (refunds as negative amounts), in credit cents. */
export function usageReport(state: SimState, workspaces: StoredWorkspace[], range: UsageRange): WorkspaceUsage {
  return {
    startDate: range.startDate,
    endDate: range.endDate,
    workspaces: workspaces.map((workspace) => {
      const charges = state.spends
        .filter((spend) => spend.workspaceId === workspace.id)
        .filter((spend) => {
          const at = Date.parse(spend.at);
          return at >= range.fromMs && at <= range.toMs;
        })
        .map((spend) => ({ at: spend.at, creditCents: cents(spend.credits), requestId: spend.requestId }));
      return {
        workspaceId: workspace.id,
        name: workspace.name,
        totalCreditCents: charges.reduce((sum, charge) => sum + charge.creditCents, 0),
        requestCount: charges.filter((charge) => charge.creditCents > 0).length,
        charges,
      };
    }),
  };
}
