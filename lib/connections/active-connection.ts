import "server-only";
import { cookies } from "next/headers";
import { secureCookies } from "@/lib/auth/options";
import { appEnv } from "@/lib/env";
import type { ActionResult } from "@/lib/forms/action-result";
import { activeConnection, findConnection, type ConnectionView } from "./manage-connections";

/** The cookie holding the connection a user chose for their session (an id, not a secret). */
export const activeConnectionCookie = "registry-desk-connection";

export async function activeConnectionForRequest(all?: ConnectionView[]): Promise<ConnectionView | undefined> {
  return activeConnection((await cookies()).get(activeConnectionCookie)?.value, all);
}

/**
 * Makes connection `id` the one this browser session works with (any stored connection: every role may switch), in
 * an httpOnly cookie, Secure when the console is served over https. A connection that no longer exists is refused
 * and the session keeps the one it had.
 */
export async function chooseActiveConnection(id: string): Promise<ActionResult> {
  if (!(await findConnection(id))) return { ok: false, code: "not_found", error: "That connection no longer exists." };
  (await cookies()).set(activeConnectionCookie, id, { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies(appEnv()) });
  return { ok: true, data: undefined };
}
