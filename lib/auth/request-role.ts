import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import type { NextApiRequest } from "next";
import { getToken } from "next-auth/jwt";
import type { Database } from "@/db/client";
import { appEnv } from "@/lib/env";
import { authorizeSession, type Authorization } from "./authorize-session";
import type { Capability } from "./capabilities.shared";
import { sessionCookie } from "./options";
import { currentSessionUser, type SessionClaim } from "./session-user";

/** A Cookie header's pairs by name (of a repeated name, the first). */
function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? "").split(";")) {
    const split = pair.indexOf("=");
    if (split < 0) continue;
    const name = pair.slice(0, split).trim();
    if (name && !cookies.has(name)) cookies.set(name, pair.slice(split + 1).trim());
  }
  return cookies;
}

/**
 * What the session cookie of a request says, read as getServerSession reads it (the next-auth JWT, possibly in
 * chunks, decrypted with NEXTAUTH_SECRET and checked for expiry); null without a valid one. Only the cookie:
 * like getServerSession, an Authorization header is not a session.
 */
export async function requestSessionClaim(headers: IncomingHttpHeaders): Promise<SessionClaim | null> {
  const env = appEnv();
  const token = await getToken({
    // No headers: getToken would otherwise take a token from an Authorization header too.
    req: { cookies: Object.fromEntries(parseCookieHeader(headers.cookie)), headers: {} } as unknown as NextApiRequest,
    cookieName: sessionCookie(env).name,
    secret: env.NEXTAUTH_SECRET,
  });
  if (typeof token?.uid !== "string") return null;
  // A token from before session versions counts as version 0, which every user starts with (as options.ts's session callback).
  return { userId: token.uid, sessionVersion: typeof token.sv === "number" ? token.sv : 0 };
}

/**
 * requireRole for a request served straight from node:http, outside Next.js (the app server's live stream): the
 * same session cookie, the user read from the database now, and the same refusals.
 */
export async function requireRequestRole(database: Database, headers: IncomingHttpHeaders, capability: Capability): Promise<Authorization> {
  const claim = await requestSessionClaim(headers);
  return authorizeSession(claim ? await currentSessionUser(database, claim) : "signed_out", capability);
}
