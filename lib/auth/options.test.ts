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
    const options = await optionsWith({ OIDC_ISSUER: "https://id.example.com/realms/main/", OIDC_CLIENT_ID: "desk", OIDC_CLIENT_SECRET: "shh" });
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
    expect((await optionsWith({ NEXTAUTH_URL: "https://desk.example.com" })).useSecureCookies).toBe(true);
  });
});
