/**
 * The backtest's address: `GET /api/billing/backtest` with the workspace and the draft in the query. Zod-free, so
 * the panel that calls it keeps zod out of its bundle; the route checks the query (lib/billing/backtest-query.ts).
 */
import type { BacktestDraft } from "./backtest";

export const backtestPath = "/api/billing/backtest";

export function backtestUrl(workspaceId: string, draft: BacktestDraft): string {
  const query = new URLSearchParams({
    workspace: workspaceId,
    enabled: String(draft.enabled),
    periodMinutes: String(draft.periodMinutes),
    tiers: JSON.stringify(draft.tiers.map(({ tier, cents }) => ({ tier, cents }))),
  });
  return `${backtestPath}?${query}`;
}
