import "server-only";
import type { WorkspaceUsage } from "@/lib/registry/schemas.shared";
import { byTime, type Charge } from "./spend-series";

/** An ISO time as epoch milliseconds; undefined when it is not one. */
export const timeOf = (iso: string | undefined) => {
  const ms = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * A workspace's charges in a usage report (GET /v2/workspaces/usage) as credit cents ordered by time, a charge
 * whose time cannot be read left out; undefined when the report gives the workspace's total only. Pure.
 */
export function usageCharges(entry: WorkspaceUsage["workspaces"][number]): Charge[] | undefined {
  if (!entry.charges) return undefined;
  return byTime(
    entry.charges.flatMap((charge) => {
      const atMs = timeOf(charge.at);
      return atMs === undefined ? [] : [{ atMs, cents: charge.creditCents }];
    }),
  );
}
