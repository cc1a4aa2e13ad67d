import type { User } from "@/db/schema";
import type { Role } from "@/lib/auth/roles.shared";
import { activeConnectionCookie } from "@/lib/connections/active-connection";
import { insertUser } from "./users-fixture";

/**
 * The browser an integration test plays: who next-auth says is signed in, and the cookies Next.js hands the code.
 * `test/session-mocks.ts` (a setup file of the integration project) answers `getServerSession` and `cookies()` from
 * here, so every file starts signed out with no cookies, as a fresh browser would, and each file has its own browser.
 */
export const browser: {
  session: { user: { id: string; sessionVersion: number } } | undefined;
  cookies: Map<string, string>;
} = { session: undefined, cookies: new Map() };

/** Signs `user` in (the session next-auth would decode from their cookie). */
export function signIn(user: Pick<User, "id" | "sessionVersion">): void {
  browser.session = { user: { id: user.id, sessionVersion: user.sessionVersion } };
}

export function signOut(): void {
  browser.session = undefined;
}

/** Inserts a user of `role` with a unique email and signs them in. */
export async function signInAs(role: Role): Promise<User> {
  const user = await insertUser(`${role}-${crypto.randomUUID()}@example.com`, role);
  signIn(user);
  return user;
}

/** Sets the browser's active-connection cookie (the connection the session works with), or clears it. */
export function chooseConnection(connectionId: string | undefined): void {
  if (connectionId) browser.cookies.set(activeConnectionCookie, connectionId);
  else browser.cookies.delete(activeConnectionCookie);
}
