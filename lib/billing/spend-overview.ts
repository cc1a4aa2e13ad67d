import "server-only";
import { mapBounded } from "@/lib/async/map-bounded";
import type { Registry } from "@/lib/connections/registry-for";
import { workspaceReadsAtOnce } from "./billing-workspaces";
import { workspaceBillingViewForRender } from "./workspace-view";
import { effectiveHighUsage, type EffectiveHighUsage } from "./effective-settings";
import { forecastTiers, type SpendForecast } from "./spend-forecast";
import { windowedSpend, type Charge, type SpendSeries } from "./spend-series";
import { readSpend, type SpendRead } from "./spend-source";
import type { VendorRead } from "./vendor-endpoint";

/** Points per chart: 240 over 30 days, one per 3 hours, each the highest the windowed spend reached in it. */
export const chartBuckets = 240;
/** The window charted when a workspace's own cannot be read. */
export const fallbackWindowMinutes = 1440;

export type ChartedSpend = { series: SpendSeries; forecast: SpendForecast | undefined };

export type WorkspaceSpend = {
  workspaceId: string;
  name: string | undefined;
  totalCents: number;
  /** The effective high-usage settings (GET …/workspaces/{id}/config, vendor-documented). */
  settings: VendorRead<EffectiveHighUsage>;
  /** Undefined when the registry reports the workspace's total only. */
  charted: ChartedSpend | undefined;
};

export type SpendOverview =
  | { source: "registry"; workspaces: WorkspaceSpend[]; error?: undefined }
  | { source: "recorded"; missing: string; charted: ChartedSpend; error?: undefined }
  | Extract<SpendRead, { error: object }>;

function chart(
  charges: readonly Charge[],
  range: { startMs: number; nowMs: number },
  settings: EffectiveHighUsage | undefined,
): ChartedSpend {
  const windowMinutes = settings?.periodMinutes.value ?? fallbackWindowMinutes;
  const series = windowedSpend(charges, { windowMinutes, startMs: range.startMs, endMs: range.nowMs, buckets: chartBuckets });
  const forecast = settings && forecastTiers(charges, { nowMs: range.nowMs, windowMinutes, tiers: settings.tiers.value });
  return { series, forecast };
}

async function effectiveSettings(registry: Registry, workspaceId: string): Promise<VendorRead<EffectiveHighUsage>> {
  const view = await workspaceBillingViewForRender(registry, workspaceId);
  return view.value ? { value: effectiveHighUsage(view.value.accountConfig, view.value.workspaceOverride) } : view;
}

/**
 * The last 30 days of spend per workspace, each summed over its effective high-usage window with its tiers and a
 * forecast; or, where the registry has no usage endpoint, the costs this console recorded, over 24 hours.
 */
export async function spendOverview(registry: Registry): Promise<SpendOverview> {
  const spend = await readSpend(registry);
  if (spend.error) return spend;
  if (spend.source === "recorded") return { source: "recorded", missing: spend.missing, charted: chart(spend.charges, spend, undefined) };
  const workspaces = await mapBounded(
    spend.workspaces,
    workspaceReadsAtOnce,
    async ({ charges, ...workspace }): Promise<WorkspaceSpend> => {
      const settings = await effectiveSettings(registry, workspace.workspaceId);
      return { ...workspace, settings, charted: charges && chart(charges, spend, settings.value) };
    },
  );
  return { source: "registry", workspaces };
}
