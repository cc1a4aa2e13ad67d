import { NextResponse } from "next/server";
import { openAlertsAssignedTo } from "@/lib/alerts/open-alert-count";
import { roleRoute } from "@/lib/auth/role-route";

/** The sidebar's count: open real alerts assigned to the caller (refetched on each live event of the `alerts` topic). */
export const GET = roleRoute("readAlerts", async (_request, _context: RouteContext<"/api/alerts/open-count">, user) =>
  NextResponse.json({ count: await openAlertsAssignedTo(user.id) }, { headers: { "Cache-Control": "no-store" } }),
);
