import "server-only";
import type { Registry } from "@/lib/connections/registry-for";
import type { RegistryErrorInfo } from "@/lib/registry/registry-error.shared";
import { backtest, type Backtest, type BacktestDraft } from "./backtest";
import { readSpend } from "./spend-source";

/**
 * A draft's backtest over the last 30 days of one workspace's spend, as the backtest panel shows it. `source`
 * says whose spend was replayed: the workspace's usage as the registry reports it, or (usage missing) the costs this
 * console recorded for its own requests through the connection, every workspace together.
 */
export type BacktestAnswer = Backtest & {
  source: "registry" | "recorded";
  fromMs: number;
  toMs: number;
  /** How many charges (refunds included) were replayed. */
  charges: number;
};

export async function workspaceBacktest(
  registry: Registry,
  workspaceId: string,
  draft: BacktestDraft,
): Promise<
  { answer: BacktestAnswer; error?: undefined } | { answer?: undefined; error: Pick<RegistryErrorInfo, "code" | "message" | "retryAfter"> }
> {
  const spend = await readSpend(registry);
  if (spend.error) return { error: spend.error };
  const range = { fromMs: spend.startMs, toMs: spend.nowMs };
  if (spend.source === "recorded") {
    return { answer: { ...backtest(spend.charges, draft), source: "recorded", ...range, charges: spend.charges.length } };
  }
  const workspace = spend.workspaces.find((w) => w.workspaceId === workspaceId);
  if (!workspace) return { error: { code: "not_found", message: `The registry's usage report has no workspace ${workspaceId}.` } };
  if (!workspace.charges) {
    return {
      error: { code: "upstream", message: "The registry reports this workspace's total spend only, not its charges: nothing to replay." },
    };
  }
  return { answer: { ...backtest(workspace.charges, draft), source: "registry", ...range, charges: workspace.charges.length } };
}
