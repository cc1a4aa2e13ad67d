import { eq } from "drizzle-orm";
import NextAuth, { type AuthOptions } from "next-auth";
import { decode } from "next-auth/jwt";
import type { NextApiRequest, NextApiResponse } from "next";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { users } from "@/db/schema";
import { startFakeOidcProvider, type FakeOidcProvider } from "@/test/fake-oidc-provider";
import { auditActionsFor, insertUser } from "@/test/users-fixture";

/**
 * Single sign-on end to end through next-auth's own handler (the code behind /api/auth/*), against a fake
 * provider on 127.0.0.1: discovery, PKCE, the signed ID token, then our signIn and jwt callbacks.
 */
let provider: FakeOidcProvider;
let options: AuthOptions;
const origin = "http://localhost:3000";

beforeAll(async () => {
  provider = await startFakeOidcProvider();
  // Set before anything reads the environment (it is validated once, on first use).
  Object.assign(process.env, {
    NEXTAUTH_URL: origin,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  options = (await import("./options")).authOptions();
});

afterAll(async () => {
  await provider.close();
});

type Jar = Record<string, string>;
type Answer = { status: number; location?: string; body?: unknown };

/**
 * One request to next-auth's handler for /api/auth/<path> (its public pages-router form, which takes plain
 * request and response objects), keeping the cookies it sets in `jar`.
 */
async function nextAuth(jar: Jar, method: "GET" | "POST", path: string[], params: Record<string, string> = {}): Promise<Answer> {
  const answer: Answer = { status: 200 };
  const headers: Record<string, string | string[]> = {};
  const response = {
    status: (code: number) => ((answer.status = code), response),
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader: (name: string, value: string | string[]) => ((headers[name.toLowerCase()] = value), response),
    end: () => response,
    send: (body: unknown) => ((answer.body = body), response),
    json: (body: unknown) => ((answer.body = body), response),
  };
  const request = {
    method,
    headers: { host: "localhost:3000" },
    cookies: { ...jar },
    query: { nextauth: path, ...(method === "GET" ? params : {}) },
    body: method === "POST" ? params : undefined,
  };
  await NextAuth(request as unknown as NextApiRequest, response as unknown as NextApiResponse, options);
  for (const cookie of [headers["set-cookie"] ?? []].flat()) {
    const [pair] = cookie.split(";");
    const [name, ...value] = pair!.split("=");
    jar[name!] = decodeURIComponent(value.join("="));
  }
  const location = headers.location;
  return { ...answer, location: typeof location === "string" ? location : undefined };
}

/** Signs in through single sign-on as `claims`, as a browser would; returns where next-auth sends it and the session it holds. */
async function ssoSignIn(claims: { sub: string } & Record<string, unknown>) {
  provider.signInAs(claims);
  const jar: Jar = {};
  const { csrfToken } = (await nextAuth(jar, "GET", ["csrf"])).body as { csrfToken: string };
  const start = await nextAuth(jar, "POST", ["signin", "oidc"], { csrfToken, callbackUrl: "/requests" });
  expect(start.location).toMatch(new RegExp(`^${provider.issuer}/authorize\\?`));
  const authorized = await fetch(start.location!, { redirect: "manual" });
  const back = new URL(authorized.headers.get("location")!);
  expect(back.pathname).toBe("/api/auth/callback/oidc");
  const callback = await nextAuth(jar, "GET", ["callback", "oidc"], Object.fromEntries(back.searchParams));
  const token = jar["next-auth.session-token"];
  return { redirect: callback.location, session: token ? await decode({ token, secret: options.secret! }) : null };
}

describe("single sign-on through next-auth against a fake provider", () => {
  it("links a verified email to the existing account and signs in as it, with its session version", async () => {
    const existing = await insertUser("linked.through.sso@example.com", "compliance", "a-good-long-password", { sessionVersion: 4 });
    const { redirect, session } = await ssoSignIn({
      sub: "idp-1",
      email: "Linked.Through.SSO@example.com",
      email_verified: true,
      name: "Linked",
    });
    expect(redirect).toBe(`${origin}/requests`);
    expect(session).toMatchObject({ uid: existing.id, sv: 4 });
    const [row] = await db().select().from(users).where(eq(users.id, existing.id));
    expect(row!.oidcSubject).toBe("idp-1");
    expect(await auditActionsFor("linked.through.sso@example.com")).toEqual(["user.sso_linked", "auth.sign_in"]);
  });

  it("signs a new user without a verified email in under a placeholder address, audited under it", async () => {
    const { redirect, session } = await ssoSignIn({ sub: "idp-new", email: "ceo@example.com", email_verified: false, name: "Not The CEO" });
    expect(redirect).toBe(`${origin}/requests`);
    const [created] = await db().select().from(users).where(eq(users.oidcSubject, "idp-new"));
    expect(created).toMatchObject({ email: "idp-new@oidc.invalid", name: "Not The CEO", role: "auditor" });
    expect(session).toMatchObject({ uid: created!.id, sv: 0 });
    expect(await auditActionsFor("idp-new@oidc.invalid")).toEqual(["user.created", "auth.sign_in"]);
    expect(await auditActionsFor("ceo@example.com")).toEqual([]);
  });

  it.each([
    ["false", false],
    ['the string "true"', "true"],
    ["missing", undefined],
  ])("refuses to link when email_verified is %s, and signs nobody in", async (_label, emailVerified) => {
    const email = `admin-${String(emailVerified)}@example.com`;
    const existing = await insertUser(email, "admin");
    const { redirect, session } = await ssoSignIn({ sub: `idp-claims-${String(emailVerified)}`, email, email_verified: emailVerified });
    expect(redirect).toBe("/login?error=sso_email_unverified");
    expect(session).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, existing.id));
    expect(row!.oidcSubject).toBeNull();
    expect(await auditActionsFor(email)).toEqual(["auth.sso_refused"]);
  });

  it("refuses a second subject for an account already linked to one", async () => {
    const existing = await insertUser("taken@example.com", "admin", "a-good-long-password", { oidcSubject: "idp-original" });
    const { redirect, session } = await ssoSignIn({ sub: "idp-other", email: "taken@example.com", email_verified: true });
    expect(redirect).toBe("/login?error=sso_subject_mismatch");
    expect(session).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, existing.id));
    expect(row!.oidcSubject).toBe("idp-original");
  });

  it("follows only a path on the console after signing in", async () => {
    const redirect = options.callbacks!.redirect!;
    expect(await redirect({ url: "https://evil.com/x", baseUrl: origin })).toBe(`${origin}/`);
    expect(await redirect({ url: "/\\evil.com", baseUrl: origin })).toBe(`${origin}/`);
    expect(await redirect({ url: "/requests?x=1", baseUrl: origin })).toBe(`${origin}/requests?x=1`);
  });
});
