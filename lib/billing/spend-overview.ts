import "server-only";
import { cache } from "react";
import { mapBounded } from "@/lib/async/map-bounded";
import type { Registry } from "@/lib/connections/registry-for";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import type { WorkspaceBillingView } from "@/lib/registry/schemas.shared";
import { billingWorkspaces, workspaceReadsAtOnce } from "./billing-workspaces";
import { effectiveHighUsage, type EffectiveHighUsage } from "./effective-settings.shared";
import { centsIn, creditsOf, lastMinutes, totalCredits, workspaceSpent, type SpendWindow, type WorkspaceSpent } from "./spend-in-window";
import { forecastTiers, type SpendForecast } from "./spend-forecast";
import { byTime, windowedSpend, type Charge, type SpendSeries } from "./spend-series";
import { readSpend, spendRangeDays, type WorkspaceCharges } from "./spend-source";
import { tierPosition, type TierPosition } from "./tier-position.shared";
import type { VendorRead } from "@/lib/registry/vendor-endpoint";
import { workspaceBillingViewForRender } from "./workspace-view";

/** Points per chart: 240 over 30 days, one per 3 hours, each the highest the windowed spend reached in it. */
export const chartBuckets = 240;
/** The window charted when a workspace's own cannot be read. */
export const fallbackWindowMinutes = 1440;

export type ChartedSpend = { series: SpendSeries; forecast: SpendForecast | undefined };

export type WorkspaceSpend = {
  workspaceId: string;
  name: string | undefined;
  isDefault: boolean | undefined;
  /** GET …/workspaces/{id}/config (vendor-documented): the account's settings and the raw override. */
  view: VendorRead<WorkspaceBillingView>;
  /** The effective high-usage settings, from the view. */
  settings: VendorRead<EffectiveHighUsage>;
  /** Whether it has an override; undefined when the view cannot be read. */
  override: boolean | undefined;
  /** Undefined when the registry reports no charges for it (a total only, or no usage per workspace). */
  charted: ChartedSpend | undefined;
  /** Its spend in its current high-usage window, the one its tiers are measured over; undefined when unknown. */
  inWindow: WorkspaceSpent | undefined;
  /** Its spend over the whole charted range; undefined when unknown. */
  inRange: WorkspaceSpent | undefined;
  /** The tier its spend in the window reached, and the next; undefined when the spend or the tiers are unknown. */
  tier: TierPosition | undefined;
};

/** All workspaces together: the range's total, their charges summed over one window as a chart, and that sum now. */
export type AllWorkspacesSpend = {
  credits: number | undefined;
  charted: ChartedSpend | undefined;
  current: { window: SpendWindow; credits: number } | undefined;
};

export type SpendOverview = {
  /** The charted range: the last 30 days. */
  range: SpendWindow;
  /** `registry`: its usage report, per workspace. `recorded`: no usage endpoint, so this console's own requests, all together. */
  source: "registry" | "recorded" | undefined;
  /** Why spend per workspace is not known (the usage endpoint is missing). */
  missing?: string;
  /** Reading the usage failed. */
  error?: RegistryErrorInfo;
  /** Listing the workspaces (GET /v2/workspaces, vendor-documented): why it could not be, if so. */
  listing: { missing?: string; error?: RegistryErrorInfo };
  workspaces: WorkspaceSpend[];
  all: AllWorkspacesSpend;
};

function chart(charges: readonly Charge[], range: { startMs: number; nowMs: number }, settings: EffectiveHighUsage | undefined) {
  const windowMinutes = settings?.periodMinutes.value ?? fallbackWindowMinutes;
  const series = windowedSpend(charges, { windowMinutes, startMs: range.startMs, endMs: range.nowMs, buckets: chartBuckets });
  const forecast = settings && forecastTiers(charges, { nowMs: range.nowMs, windowMinutes, tiers: settings.tiers.value });
  return { series, forecast };
}

type Listed = { workspaceId: string; name: string | undefined; isDefault: boolean | undefined };

/** The listed workspaces (default first), then any the usage names that the list does not. */
function union(listed: readonly Listed[], usage: readonly WorkspaceCharges[]): Listed[] {
  const known = new Set(listed.map((w) => w.workspaceId));
  return [...listed, ...usage.filter((w) => !known.has(w.workspaceId)).map((w) => ({ ...w, isDefault: undefined }))];
}

/**
 * Every workspace's spend: the last 30 days charted over its effective high-usage window with its tiers and a
 * forecast, its spend in its current window (lib/billing/spend-in-window.ts) and the tier that reached, whether it
 * has an override; and all workspaces together. Without the usage endpoint, the costs this console recorded, all
 * together over 24 hours. Home, the Billing table and its charts read this one overview.
 */
export async function spendOverview(registry: Registry): Promise<SpendOverview> {
  const [spend, list] = await Promise.all([readSpend(registry), billingWorkspaces(registry)]);
  const fromRegistry = spend.source === "registry" ? spend.workspaces : [];
  const listed = (list.value ?? []).map((w) => ({ workspaceId: w.id, name: w.name, isDefault: w.isDefault }));
  const nowMs = spend.error ? Date.now() : spend.nowMs;
  const startMs = spend.error ? nowMs - spendRangeDays * 86_400_000 : spend.startMs;
  const range = { startMs, endMs: nowMs, words: `in the last ${spendRangeDays} days` };

  const workspaces = await mapBounded(union(listed, fromRegistry), workspaceReadsAtOnce, async (workspace): Promise<WorkspaceSpend> => {
    const view = await workspaceBillingViewForRender(registry, workspace.workspaceId);
    const settings: VendorRead<EffectiveHighUsage> = view.value
      ? { value: effectiveHighUsage(view.value.accountConfig, view.value.workspaceOverride) }
      : view;
    const base = { ...workspace, view, settings, override: view.value ? view.value.workspaceOverride !== null : undefined };
    if (spend.source !== "registry") return { ...base, charted: undefined, inWindow: undefined, inRange: undefined, tier: undefined };
    // A listed workspace the usage does not name spent nothing in the range.
    const read = fromRegistry.find((w) => w.workspaceId === workspace.workspaceId) ?? {
      ...workspace,
      totalCents: 0,
      requestCount: 0,
      charges: [],
    };
    const window = lastMinutes(settings.value?.periodMinutes.value ?? fallbackWindowMinutes, nowMs);
    const inWindow = workspaceSpent(read, window, startMs);
    const tiers = settings.value?.tiers.value;
    return {
      ...base,
      name: workspace.name ?? read.name,
      charted: read.charges && chart(read.charges, spend, settings.value),
      inWindow,
      inRange: workspaceSpent(read, range, startMs),
      tier: inWindow.creditCents !== undefined && tiers ? tierPosition(inWindow.creditCents, tiers) : undefined,
    };
  });

  const listing = { missing: list.missing, error: list.error };
  if (spend.error) return { range, source: undefined, error: spend.error, listing, workspaces, all: none };
  if (spend.source === "recorded") {
    const charted = chart(spend.charges, spend, undefined);
    const all = {
      credits: creditsOf(centsIn(spend.charges, range)),
      charted,
      current: { window: lastMinutes(fallbackWindowMinutes, nowMs), credits: creditsOf(charted.series.currentCents) },
    };
    return { range, source: "recorded", missing: spend.missing, listing, workspaces, all };
  }
  return { range, source: "registry", listing, workspaces, all: allWorkspaces(spend.workspaces, workspaces, spend) };
}

const none: AllWorkspacesSpend = { credits: undefined, charted: undefined, current: undefined };

/** All workspaces' charges summed over their shared high-usage window (24 hours when they differ), and the range's total. */
function allWorkspaces(
  read: readonly WorkspaceCharges[],
  workspaces: readonly WorkspaceSpend[],
  range: { startMs: number; nowMs: number },
): AllWorkspacesSpend {
  const credits = totalCredits(workspaces.flatMap((w) => w.inRange ?? []));
  const charged = read.flatMap((w) => w.charges ?? []);
  if (!read.some((w) => w.charges)) return { credits, charted: undefined, current: undefined };
  const windows = new Set(workspaces.map((w) => w.settings.value?.periodMinutes.value ?? fallbackWindowMinutes));
  const windowMinutes = windows.size === 1 ? [...windows][0]! : fallbackWindowMinutes;
  const series = windowedSpend(byTime(charged), { windowMinutes, startMs: range.startMs, endMs: range.nowMs, buckets: chartBuckets });
  return {
    credits,
    charted: { series, forecast: undefined },
    current: { window: lastMinutes(windowMinutes, range.nowMs), credits: creditsOf(series.currentCents) },
  };
}

/** The same overview, once per server render: the Billing table and its spend chart both read it. */
export const spendOverviewForRender = cache(spendOverview);
