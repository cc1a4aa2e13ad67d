import { describe, expect, it } from "vitest";
import { EnvError, parseAppEnv, parseLauncherEnv } from "./env";

const secret = "s".repeat(32);
const key = Buffer.alloc(32, 7).toString("base64");

function problems(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error("expected an EnvError");
}

describe("launcher environment", () => {
  it("has working defaults for a fresh machine", () => {
    const env = parseLauncherEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: ".data",
      EMBEDDED_PG_PORT: 54329,
      ADMIN_EMAIL: "admin@registry-desk.local",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names a malformed variable and says what is expected", () => {
    expect(problems(() => parseLauncherEnv({ PORT: "abc" }))).toEqual([
      expect.stringMatching(/^PORT: expected a port number \(got "abc"\)$/),
    ]);
    expect(problems(() => parseLauncherEnv({ PORT: "70000" }))).toEqual([expect.stringContaining("PORT: expected a port from 1 to 65535")]);
    expect(problems(() => parseLauncherEnv({ ADMIN_EMAIL: "nope" }))[0]).toMatch(/^ADMIN_EMAIL: expected an email address/);
    expect(problems(() => parseLauncherEnv({ DATABASE_URL: "mysql://x" }))[0]).toMatch(/^DATABASE_URL: expected a URL like postgres:\/\//);
  });

  it("requires a shared NEXTAUTH_SECRET and APP_ENCRYPTION_KEY with DATABASE_URL", () => {
    expect(problems(() => parseLauncherEnv({ DATABASE_URL: "postgres://u:p@db:5432/x" }))).toEqual([
      expect.stringMatching(/^NEXTAUTH_SECRET: required with DATABASE_URL/),
      expect.stringMatching(/^APP_ENCRYPTION_KEY: required with DATABASE_URL/),
    ]);
    const env = parseLauncherEnv({ DATABASE_URL: "postgres://u:p@db:5432/x", NEXTAUTH_SECRET: secret, APP_ENCRYPTION_KEY: key });
    expect(env.DATABASE_URL).toBe("postgres://u:p@db:5432/x");
  });

  it("wants the encryption key as 32 bytes of base64 or hex", () => {
    expect(problems(() => parseLauncherEnv({ APP_ENCRYPTION_KEY: "too-short" }))[0]).toMatch(
      /^APP_ENCRYPTION_KEY: expected 32 bytes as base64/,
    );
    expect(parseLauncherEnv({ APP_ENCRYPTION_KEY: "ab".repeat(32) }).APP_ENCRYPTION_KEY).toBe("ab".repeat(32));
  });

  it("never echoes a secret or password value", () => {
    const [problem] = problems(() => parseLauncherEnv({ ADMIN_PASSWORD: "short" }));
    expect(problem).toBe("ADMIN_PASSWORD: expected at least 12 characters");
  });

  // A recognisable value in each secret variable: the problem names the variable and never repeats the value.
  const canary = "CANARY7f3a";
  const secretCases: [string, Record<string, string>][] = [
    ["APP_ENCRYPTION_KEY", { APP_ENCRYPTION_KEY: `${canary}-not-a-key` }],
    ["NEXTAUTH_SECRET", { NEXTAUTH_SECRET: `${canary}-short` }],
    ["OIDC_CLIENT_SECRET", { OIDC_CLIENT_SECRET: `${canary}-secret`, OIDC_CLIENT_ID: "desk" }],
    ["DATABASE_URL", { DATABASE_URL: `postgres://desk:${canary}@db host:5432/registry_desk` }],
    ["DATABASE_URL", { DATABASE_URL: `postgres://desk:${canary}@db:99999/registry_desk` }],
  ];
  it.each(secretCases)("names an invalid %s without printing its value", (name, source) => {
    const valid = { DATABASE_URL: "postgres://desk:pw@db:5432/registry_desk", NEXTAUTH_SECRET: secret, APP_ENCRYPTION_KEY: key };
    for (const parse of [parseLauncherEnv, parseAppEnv]) {
      let message = "";
      try {
        parse({ ...valid, ...source });
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
      }
      expect(message).toContain(name);
      expect(message).not.toContain(canary);
    }
  });

  it("wants all three OIDC variables or none", () => {
    expect(problems(() => parseLauncherEnv({ OIDC_ISSUER: "https://id.example.com" })).sort()).toEqual([
      expect.stringMatching(/^OIDC_CLIENT_ID: required when OIDC_ISSUER is set/),
      expect.stringMatching(/^OIDC_CLIENT_SECRET: required when OIDC_ISSUER is set/),
    ]);
  });

  it("treats an empty value as unset", () => {
    expect(parseLauncherEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });
});

describe("app environment", () => {
  it("requires DATABASE_URL, NEXTAUTH_SECRET and APP_ENCRYPTION_KEY", () => {
    expect(problems(() => parseAppEnv({})).sort()).toEqual([
      "APP_ENCRYPTION_KEY: is required",
      "DATABASE_URL: is required",
      "NEXTAUTH_SECRET: is required",
    ]);
  });

  it("accepts a complete environment", () => {
    const env = parseAppEnv({
      DATABASE_URL: "postgresql://localhost/x",
      NEXTAUTH_SECRET: secret,
      APP_ENCRYPTION_KEY: key,
      DATABASE_POOL_MAX: "4",
    });
    expect(env.DATABASE_POOL_MAX).toBe(4);
    expect(env.NODE_ENV).toBe("production");
    expect(env.TRUST_PROXY_HOPS).toBe(0);
  });

  it("takes the number of trusted reverse proxies as a small whole number, checked at start too", () => {
    const base = { DATABASE_URL: "postgresql://localhost/x", NEXTAUTH_SECRET: secret, APP_ENCRYPTION_KEY: key };
    expect(parseAppEnv({ ...base, TRUST_PROXY_HOPS: "1" }).TRUST_PROXY_HOPS).toBe(1);
    expect(problems(() => parseAppEnv({ ...base, TRUST_PROXY_HOPS: "one" }))).toEqual([
      expect.stringMatching(/^TRUST_PROXY_HOPS: expected the number of reverse proxies/),
    ]);
    expect(problems(() => parseLauncherEnv({ TRUST_PROXY_HOPS: "-1" }))).toEqual([
      expect.stringContaining("TRUST_PROXY_HOPS: expected a number from 0 to 10"),
    ]);
  });
});

describe("document download settings", () => {
  it("default to the connection's own hosts and 50 MiB", () => {
    expect(parseLauncherEnv({})).toMatchObject({ REGISTRY_FILE_HOSTS: [], DOCUMENT_MAX_BYTES: 52_428_800 });
    expect(parseAppEnv({ DATABASE_URL: "postgres://u:p@db:5432/x", NEXTAUTH_SECRET: secret, APP_ENCRYPTION_KEY: key })).toMatchObject({
      REGISTRY_FILE_HOSTS: [],
      DOCUMENT_MAX_BYTES: 52_428_800,
    });
  });

  it("read REGISTRY_FILE_HOSTS as host names separated by commas, and refuse anything else", () => {
    expect(parseLauncherEnv({ REGISTRY_FILE_HOSTS: " Files.Example.com, cdn.example.net ," }).REGISTRY_FILE_HOSTS).toEqual([
      "files.example.com",
      "cdn.example.net",
    ]);
    for (const value of ["https://files.example.com", "files.example.com:443", "files.example.com/docs", "*.example.com"]) {
      expect(problems(() => parseLauncherEnv({ REGISTRY_FILE_HOSTS: value }))).toEqual([
        expect.stringMatching(/^REGISTRY_FILE_HOSTS: expected host names separated by commas/),
      ]);
    }
    expect(problems(() => parseLauncherEnv({ DOCUMENT_MAX_BYTES: "50MB" }))).toEqual([
      expect.stringMatching(/^DOCUMENT_MAX_BYTES: expected a number of bytes/),
    ]);
  });

  it("caps webhook bodies at 8 MiB unless WEBHOOK_MAX_BYTES says otherwise, and refuses a cap that is not a size", () => {
    const base = { DATABASE_URL: "postgresql://localhost/x", NEXTAUTH_SECRET: secret, APP_ENCRYPTION_KEY: key };
    expect(parseAppEnv(base).WEBHOOK_MAX_BYTES).toBe(8_388_608);
    expect(parseAppEnv({ ...base, WEBHOOK_MAX_BYTES: "1048576" }).WEBHOOK_MAX_BYTES).toBe(1_048_576);
    expect(problems(() => parseAppEnv({ ...base, WEBHOOK_MAX_BYTES: "8MB" }))[0]).toMatch(/^WEBHOOK_MAX_BYTES: /);
    expect(problems(() => parseAppEnv({ ...base, WEBHOOK_MAX_BYTES: "1000" }))).toEqual([
      'WEBHOOK_MAX_BYTES: expected at least 65536 bytes (64 KiB) (got "1000")',
    ]);
  });

  it("lets webhook bodies hold 64 MiB at once unless WEBHOOK_INFLIGHT_MAX_BYTES says otherwise, never less than one body", () => {
    const base = { DATABASE_URL: "postgresql://localhost/x", NEXTAUTH_SECRET: secret, APP_ENCRYPTION_KEY: key };
    expect(parseAppEnv(base).WEBHOOK_INFLIGHT_MAX_BYTES).toBe(64 * 1024 * 1024);
    expect(parseAppEnv({ ...base, WEBHOOK_INFLIGHT_MAX_BYTES: "16777216" }).WEBHOOK_INFLIGHT_MAX_BYTES).toBe(16_777_216);
    expect(problems(() => parseAppEnv({ ...base, WEBHOOK_INFLIGHT_MAX_BYTES: "1048576" }))).toEqual([
      'WEBHOOK_INFLIGHT_MAX_BYTES: expected at least WEBHOOK_MAX_BYTES (8388608), or the largest body could never be read (got "1048576")',
    ]);
  });
});
