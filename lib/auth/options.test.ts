import { afterEach, describe, expect, it, vi } from "vitest";

const base = { DATABASE_URL: "postgres://u:p@127.0.0.1:1/x", NEXTAUTH_SECRET: "s".repeat(32), APP_ENCRYPTION_KEY: "ab".repeat(32) };

async function optionsWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries({ ...base, ...env })) vi.stubEnv(k, v);
  return (await import("./options")).authOptions();
}

describe("next-auth options", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("offers only email and password without OIDC settings, in JWT sessions of 12 hours", async () => {
    const options = await optionsWith({});
    expect(options.providers.map((p) => p.id)).toEqual(["credentials"]);
    expect(options.session).toEqual({ strategy: "jwt", maxAge: 12 * 3600 });
    expect(options.useSecureCookies).toBe(false);
  });

  it("adds the OIDC provider (PKCE, state, the issuer's discovery document) when all three variables are set", async () => {
    const options = await optionsWith({
      OIDC_ISSUER: "https://id.example.com/realms/main/",
      OIDC_CLIENT_ID: "desk",
      OIDC_CLIENT_SECRET: "shh",
    });
    const oidc = options.providers.find((p) => p.id === "oidc") as unknown as Record<string, unknown>;
    expect(oidc).toMatchObject({
      type: "oauth",
      wellKnown: "https://id.example.com/realms/main/.well-known/openid-configuration",
      clientId: "desk",
      idToken: true,
      checks: ["pkce", "state"],
    });
  });

  it("uses secure cookies when the console's URL is https", async () => {
    const options = await optionsWith({ NEXTAUTH_URL: "https://desk.example.com" });
    expect(options.useSecureCookies).toBe(true);
    expect(options.cookies?.sessionToken).toEqual({
      name: "__Secure-next-auth.session-token",
      options: { httpOnly: true, sameSite: "lax", path: "/", secure: true },
    });
  });

  it("keeps the user's session version in the token at sign-in, and hands it to the server in the session", async () => {
    const { callbacks } = await optionsWith({});
    const user = { id: "u1", email: "a@example.com", name: "A", sessionVersion: 3 };
    const token = await callbacks!.jwt!({
      token: { email: "a@example.com" },
      user,
      account: { provider: "credentials", type: "credentials", providerAccountId: "u1" },
      trigger: "signIn",
    });
    expect(token).toMatchObject({ uid: "u1", sv: 3 });
    const session = await callbacks!.session!({ session: { expires: "" }, token, user, newSession: undefined, trigger: "update" } as never);
    expect(session.user).toEqual({ id: "u1", email: "a@example.com", name: undefined, sessionVersion: 3 });
    // Later requests carry the token as it is: the version is never refreshed from anything the client sends.
    expect(await callbacks!.jwt!({ token, session: { sessionVersion: 99 }, trigger: "update" } as never)).toMatchObject({ sv: 3 });
  });
});
