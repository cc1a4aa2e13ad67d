import "server-only";
import type { Registry } from "@/lib/connections/registry-for";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { recordedCharges } from "./recorded-charges";
import type { Charge } from "./spend-series";
import { timeOf, usageCharges } from "./usage-charges";
import { readVendorEndpoint } from "@/lib/registry/vendor-endpoint";

/** The spend the page charts and the backtest replays: the last 30 days. */
export const spendRangeDays = 30;
const dayMs = 86_400_000;

export type WorkspaceCharges = {
  workspaceId: string;
  name: string | undefined;
  totalCents: number;
  requestCount: number | undefined;
  /** Ordered by time; undefined when the registry reports the total only. */
  charges: Charge[] | undefined;
};

/**
 * Where the spend comes from. `registry`: `GET /v2/workspaces/usage`, per workspace, in credit cents. `recorded`:
 * that endpoint is missing (404), so the costs this console recorded for its own requests through this connection
 * (all workspaces together), converted from credits. `nowMs` is the later of our clock and the registry's last
 * word on time (a sandbox's clock may run ahead of ours).
 */
export type SpendRead =
  | { source: "registry"; startMs: number; nowMs: number; workspaces: WorkspaceCharges[]; error?: undefined }
  | { source: "recorded"; startMs: number; nowMs: number; missing: string; charges: Charge[]; error?: undefined }
  | { source?: undefined; error: RegistryErrorInfo };

/**
 * The spend of every workspace from `startMs` (by default 30 days ago). The usage is asked for with a start date
 * only unless `endDate` is given: the registry ends the range at its own now. (Not with `workspace`: its 404 for an
 * unknown workspace would read as "no endpoint".)
 */
export async function readSpend(
  registry: Registry,
  range: { startMs: number; endDate?: string } = { startMs: Date.now() - spendRangeDays * dayMs },
): Promise<SpendRead> {
  const { startMs, endDate } = range;
  const startDate = new Date(startMs).toISOString();
  const usage = await readVendorEndpoint("GET /v2/workspaces/usage", registry.client.workspaceUsage({ startDate, endDate }));
  if (usage.error) return { error: usage.error };
  if (usage.missing !== undefined) {
    const charges = await recordedCharges(registry.connection.id, new Date(startMs));
    return { source: "recorded", startMs, nowMs: Math.max(Date.now(), charges.at(-1)?.atMs ?? 0), missing: usage.missing, charges };
  }
  const workspaces = usage.value.workspaces.map((entry) => ({
    workspaceId: entry.workspaceId,
    name: entry.name,
    totalCents: entry.totalCreditCents,
    requestCount: entry.requestCount,
    charges: usageCharges(entry),
  }));
  const latest = workspaces.flatMap((w) => w.charges?.at(-1)?.atMs ?? []);
  return { source: "registry", startMs, nowMs: Math.max(Date.now(), timeOf(usage.value.endDate) ?? 0, ...latest), workspaces };
}
