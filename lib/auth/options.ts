import "server-only";
import type { AuthOptions, CookieOption } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { appEnv, oidcEnabled, type AppEnv } from "@/lib/env";
import { audit } from "@/lib/audit/audit";
import { sameOriginPath } from "./callback-url";
import { clientAddress } from "./client-address";
import { findOrCreateOidcUser, findUserByOidcSubject } from "./oidc-users";
import { signInMessages, signInWithPassword } from "./sign-in";

const credentialsSchema = z.object({ email: z.string().min(1).max(320), password: z.string().min(1).max(1024) });

const sessionHours = 12;

/** Secure (and, for next-auth's, __Secure- prefixed) cookies whenever the console is served over https. */
export const secureCookies = (env: AppEnv) => env.NEXTAUTH_URL?.startsWith("https://") ?? false;

/** The session cookie as next-auth names and sets it, spelled out once so a session can be re-issued (session-cookie.ts). */
export function sessionCookie(env: AppEnv): CookieOption {
  const secure = secureCookies(env);
  return {
    name: `${secure ? "__Secure-" : ""}next-auth.session-token`,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure },
  };
}

export const sessionMaxAgeSeconds = sessionHours * 3600;

function oidcProvider(env: AppEnv & Required<Pick<AppEnv, "OIDC_ISSUER" | "OIDC_CLIENT_ID" | "OIDC_CLIENT_SECRET">>) {
  return {
    id: "oidc",
    name: "Single sign-on",
    type: "oauth" as const,
    wellKnown: `${env.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state"] as ("pkce" | "state")[],
    profile(profile: { sub: string; email?: string; name?: string }) {
      return { id: profile.sub, email: profile.email ?? null, name: profile.name ?? profile.email ?? profile.sub };
    },
  };
}

function buildAuthOptions(): AuthOptions {
  const env = appEnv();
  return {
    secret: env.NEXTAUTH_SECRET,
    useSecureCookies: secureCookies(env),
    cookies: { sessionToken: sessionCookie(env) },
    session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const parsed = credentialsSchema.safeParse(credentials);
          if (!parsed.success) throw new Error(signInMessages.wrong);
          const forwardedFor: unknown = request.headers?.["x-forwarded-for"];
          const result = await signInWithPassword(parsed.data.email, parsed.data.password, {
            clientAddress: clientAddress(typeof forwardedFor === "string" ? forwardedFor : undefined, env.TRUST_PROXY_HOPS),
          });
          if (!result.ok) throw new Error(result.message);
          const { id, email, name, sessionVersion } = result.user;
          return { id, email, name, sessionVersion };
        },
      }),
      ...(oidcEnabled(env) ? [oidcProvider(env)] : []),
    ],
    callbacks: {
      async signIn({ account, user, profile }) {
        if (account?.provider !== "oidc") return true;
        const result = await findOrCreateOidcUser({
          subject: account.providerAccountId,
          email: user.email ?? null,
          // Only the boolean true counts: an email the provider has not verified never links to an account.
          emailVerified: (profile as { email_verified?: unknown } | undefined)?.email_verified === true,
          name: user.name ?? "",
        });
        if (!result.ok) return `/login?error=${result.code}`;
        return result.user.active ? true : "/login?error=deactivated";
      },
      async jwt({ token, user, account }) {
        if (user && account) {
          // `token.uid` is always our users.id; the role is never kept in the token, only the session version.
          const local = account.provider === "oidc" ? await findUserByOidcSubject(account.providerAccountId) : user;
          token.uid = local?.id;
          token.sv = local?.sessionVersion ?? 0;
        }
        return token;
      },
      async session({ session, token }) {
        session.user = {
          id: typeof token.uid === "string" ? token.uid : undefined,
          email: token.email,
          name: token.name,
          // A token from before session versions counts as version 0, which every user starts with.
          sessionVersion: typeof token.sv === "number" ? token.sv : 0,
        };
        return session;
      },
      // After sign-in (and sign-out), only a path on the console is followed; anything else goes home.
      async redirect({ url, baseUrl }) {
        return new URL(sameOriginPath(url, baseUrl), baseUrl).href;
      },
    },
    events: {
      async signIn({ user, account }) {
        // Under the local account's email (an SSO user's may differ from the one the provider sent).
        const local = account?.provider === "oidc" ? await findUserByOidcSubject(account.providerAccountId) : user;
        await audit({ id: local?.id ?? null, email: local?.email ?? "unknown" }, "auth.sign_in", local?.email ?? null, {
          provider: account?.provider,
        });
      },
      async signOut({ token }) {
        if (!token) return;
        const id = typeof token.uid === "string" ? token.uid : null;
        await audit({ id, email: token.email ?? "unknown" }, "auth.sign_out", token.email ?? null);
      },
    },
  };
}

let cached: AuthOptions | undefined;

/** next-auth's options, built on first use so that `next build` needs no environment. */
export function authOptions(): AuthOptions {
  cached ??= buildAuthOptions();
  return cached;
}
