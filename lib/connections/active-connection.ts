import "server-only";
import { cookies } from "next/headers";
import { activeConnection, type ConnectionView } from "./manage-connections";

/** The cookie holding the connection a user chose for their session (an id, not a secret). */
export const activeConnectionCookie = "registry-desk-connection";

export async function activeConnectionForRequest(all?: ConnectionView[]): Promise<ConnectionView | undefined> {
  return activeConnection((await cookies()).get(activeConnectionCookie)?.value, all);
}
