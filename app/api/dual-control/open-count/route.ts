import { NextResponse } from "next/server";
import { roleRoute } from "@/lib/auth/role-route";
import { openChangeCount } from "@/lib/dual-control/dual-control-mode";

/** The sidebar's count for admins: changes waiting for a second admin (refetched on each `pending-changes` event). */
export const GET = roleRoute("decideChanges", async () =>
  NextResponse.json({ count: await openChangeCount() }, { headers: { "Cache-Control": "no-store" } }),
);
