"use client";

import type { HighUsageTier } from "@/lib/billing/effective-settings";

/**
 * The backtest of a draft override, shown in the override editor before saving: "in the last 30 days this would
 * have fired N times, first on …". `draft` is the EFFECTIVE setting the draft would give (inherited fields resolved).
 */
export type BacktestDraft = { enabled: boolean; periodMinutes: number; tiers: HighUsageTier[] };

// Placeholder until its helper lands (issue 14): replaced before the issue is resolved.
export function BacktestPanel(_props: { workspaceId: string; draft: BacktestDraft }) {
  return null;
}
