"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { roleAction } from "@/lib/auth/role-action";
import { activeConnectionCookie } from "@/lib/connections/active-connection";
import { listConnections } from "@/lib/connections/manage-connections";

/** Chooses the registry connection this browser session works with (every role may switch). */
export const switchConnectionAction = roleAction("useConsole", z.object({ id: z.uuid("Unknown connection.") }), async ({ id }) => {
  if (!(await listConnections()).some((c) => c.id === id))
    return { ok: false, code: "not_found", error: "That connection no longer exists." };
  (await cookies()).set(activeConnectionCookie, id, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: process.env.NEXTAUTH_URL?.startsWith("https://") ?? false,
  });
  return { ok: true, data: undefined };
});
