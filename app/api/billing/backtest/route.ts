import { NextResponse } from "next/server";
import { registryRoute } from "@/lib/registry-seam/registry-route";
import { backtestQuerySchema } from "@/lib/billing/backtest-query";
import { workspaceBacktest } from "@/lib/billing/workspace-backtest";
import { errorResponse } from "@/lib/http/error-status";

/**
 * The backtest of a draft high-usage override (components/billing/backtest-panel.tsx): how often it would have
 * fired over the workspace's last 30 days of spend. A read: a GET for TanStack Query, for whoever may read billing.
 */
export const GET = registryRoute("readBilling", async (request, _context: unknown, { registry }) => {
  const parsed = backtestQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!parsed.success)
    return errorResponse({ code: "invalid_input", message: parsed.error.issues.map((issue) => issue.message).join(" ") });
  const { workspace, ...draft } = parsed.data;
  const { answer, error } = await workspaceBacktest(await registry(), workspace, draft);
  if (error) return errorResponse(error);
  return NextResponse.json(answer, { headers: { "Cache-Control": "no-store" } });
});
