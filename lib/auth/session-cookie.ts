import "server-only";
import { decode, encode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { appEnv } from "@/lib/env";
import { sessionCookie, sessionMaxAgeSeconds } from "./options";

/**
 * The session token `current` re-signed with a new session version, if it is a valid token of `userId`;
 * otherwise undefined. Only the server re-signs a token: a client can never raise its own version.
 */
export async function reissuedSessionToken(
  current: string | undefined,
  userId: string,
  sessionVersion: number,
  secret: string,
): Promise<string | undefined> {
  const token = current ? await decode({ token: current, secret }).catch(() => null) : null;
  if (!token || token.uid !== userId) return undefined;
  return encode({ token: { ...token, sv: sessionVersion }, secret, maxAge: sessionMaxAgeSeconds });
}

/**
 * Keeps the session of this request signed in after its user's session version was bumped (their own password
 * change), while every other session of theirs is signed out. For server actions, which may set cookies.
 */
export async function carrySessionOver(userId: string, sessionVersion: number): Promise<void> {
  const env = appEnv();
  const { name, options } = sessionCookie(env);
  const jar = await cookies();
  const token = await reissuedSessionToken(jar.get(name)?.value, userId, sessionVersion, env.NEXTAUTH_SECRET);
  if (!token) return;
  jar.set(name, token, {
    httpOnly: options.httpOnly,
    sameSite: "lax",
    path: options.path,
    secure: options.secure,
    expires: new Date(Date.now() + sessionMaxAgeSeconds * 1000),
  });
}
