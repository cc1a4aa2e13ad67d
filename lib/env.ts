import "server-only";
import { z } from "zod";

/**
 * Every environment variable Registry Desk reads, validated once with zod.
 * The launcher (scripts/start.ts) reads `launcherEnv()`; the Next.js server reads `appEnv()`,
 * whose values the launcher passes on (or an operator sets when running `next start` directly).
 */

const port = (fallback: number) =>
  z.coerce
    .number({ error: "expected a port number" })
    .int("expected a whole number")
    .min(1, "expected a port from 1 to 65535")
    .max(65535, "expected a port from 1 to 65535")
    .default(fallback);

const postgresUrlExpected = "expected a URL like postgres://user:password@host:5432/database";
const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/\S+$/, postgresUrlExpected)
  // What the driver would fail on later, with a stack trace (a port out of range, a stray `[`…).
  .refine((value) => URL.canParse(value), postgresUrlExpected);

const secret = z.string().min(32, "expected at least 32 characters (generate one with `openssl rand -base64 32`)");

const encryptionKey = z
  .string()
  .regex(
    /^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
    "expected 32 bytes as base64 (44 characters) or hex (64); generate one with `openssl rand -base64 32`",
  );

/** The defaults of the database time-outs (db/client.ts): a frozen Postgres yields an error well within 10 s. */
export const databaseTimeoutDefaults = { connectMs: 5_000, statementMs: 6_000 } as const;

const milliseconds = (min: number, fallback: number) =>
  z.coerce
    .number({ error: "expected a number of milliseconds" })
    .int("expected a whole number of milliseconds")
    .min(min, `expected at least ${min} milliseconds`)
    .max(3_600_000, "expected at most 3600000 milliseconds (an hour)")
    .default(fallback);

const databaseTimeoutFields = {
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, databaseTimeoutDefaults.connectMs),
  /** 0: no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(0, databaseTimeoutDefaults.statementMs),
};
/** Reverse proxies in front of the app, each appending to X-Forwarded-For: sign-in throttling trusts only their entries. */
const trustProxyHops = z.coerce
  .number({ error: "expected the number of reverse proxies in front of the console, e.g. 1" })
  .int("expected a whole number")
  .min(0, "expected a number from 0 to 10")
  .max(10, "expected a number from 0 to 10")
  .default(0);

const oidcFields = {
  OIDC_ISSUER: z.url("expected the issuer URL, e.g. https://login.example.com/realms/main").optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
};

const hostName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Where documents are downloaded from (lib/requests/document-url-policy.ts), and how much of one. */
const documentFields = {
  REGISTRY_FILE_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine(
      (hosts) => hosts.every((host) => hostName.test(host)),
      "expected host names separated by commas, e.g. files.example.com,cdn.example.net (no scheme, port or path)",
    )
    .default([]),
  DOCUMENT_MAX_BYTES: z.coerce
    .number({ error: "expected a number of bytes" })
    .int("expected a whole number of bytes")
    .min(1, "expected at least 1 byte")
    .default(50 * 1024 * 1024),
};

const oidcAllOrNone = (value: Record<string, unknown>, ctx: z.core.$RefinementCtx) => {
  const keys = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
  const set = keys.filter((k) => value[k] !== undefined);
  if (set.length > 0 && set.length < keys.length) {
    for (const k of keys.filter((k) => value[k] === undefined)) {
      ctx.addIssue({ code: "custom", path: [k], message: `required when ${set.join(", ")} is set (OIDC needs all three)` });
    }
  }
};

const launcherSchema = z
  .object({
    PORT: port(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default(".data"),
    DATABASE_URL: postgresUrl.optional(),
    EMBEDDED_PG_PORT: port(54329),
    SIMULATOR: z.enum(["on", "off"], "expected on or off").default("on"),
    SIM_PORT: port(4010),
    ADMIN_EMAIL: z.email("expected an email address").default("admin@registry-desk.local"),
    ADMIN_PASSWORD: z.string().min(12, "expected at least 12 characters").optional(),
    NEXTAUTH_SECRET: secret.optional(),
    NEXTAUTH_URL: z.url("expected the public URL of the console, e.g. https://desk.example.com").optional(),
    APP_ENCRYPTION_KEY: encryptionKey.optional(),
    ...databaseTimeoutFields,
    TRUST_PROXY_HOPS: trustProxyHops,
    ...oidcFields,
    ...documentFields,
  })
  .superRefine((value, ctx) => {
    oidcAllOrNone(value, ctx);
    // With a database of its own choosing, an operator runs the instances: they must share these.
    for (const name of ["NEXTAUTH_SECRET", "APP_ENCRYPTION_KEY"] as const) {
      if (value.DATABASE_URL && !value[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "required with DATABASE_URL: every app instance on that database must share it (generate one with `openssl rand -base64 32`)",
        });
      }
    }
  });

const appSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    DATABASE_URL: postgresUrl,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    ...databaseTimeoutFields,
    NEXTAUTH_SECRET: secret,
    NEXTAUTH_URL: z.url().optional(),
    TRUST_PROXY_HOPS: trustProxyHops,
    APP_ENCRYPTION_KEY: encryptionKey,
    /** The largest webhook body read, in bytes; a larger one is answered 413 before any hashing. */
    WEBHOOK_MAX_BYTES: z.coerce
      .number()
      .int("expected a whole number of bytes")
      .min(65_536, "expected at least 65536 bytes (64 KiB)")
      .default(8 * 1024 * 1024),
    /**
     * The body bytes all webhook deliveries of one process may hold at once (lib/webhooks/byte-budget.ts); past
     * it a delivery is answered 503 with Retry-After. At least WEBHOOK_MAX_BYTES, so the largest body fits.
     */
    WEBHOOK_INFLIGHT_MAX_BYTES: z.coerce
      .number()
      .int("expected a whole number of bytes")
      .min(65_536, "expected at least 65536 bytes (64 KiB)")
      .default(64 * 1024 * 1024),
    ...oidcFields,
    ...documentFields,
  })
  .superRefine(oidcAllOrNone)
  .superRefine((value, ctx) => {
    if (value.WEBHOOK_INFLIGHT_MAX_BYTES < value.WEBHOOK_MAX_BYTES) {
      const message = `expected at least WEBHOOK_MAX_BYTES (${value.WEBHOOK_MAX_BYTES}), or the largest body could never be read`;
      ctx.addIssue({ code: "custom", path: ["WEBHOOK_INFLIGHT_MAX_BYTES"], message });
    }
  });

export type LauncherEnv = z.infer<typeof launcherSchema>;
export type AppEnv = z.infer<typeof appSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

type Source = Record<string, string | undefined>;

/**
 * Variables whose value a problem may repeat, because it helps and is never a secret. Any other value (keys,
 * secrets, a DATABASE_URL with its password, variables added later) stays out of messages and logs.
 */
const echoable = new Set([
  "PORT",
  "HOST",
  "DATA_DIR",
  "EMBEDDED_PG_PORT",
  "SIMULATOR",
  "SIM_PORT",
  "ADMIN_EMAIL",
  "NODE_ENV",
  "DATABASE_POOL_MAX",
  "DATABASE_CONNECT_TIMEOUT_MS",
  "DATABASE_STATEMENT_TIMEOUT_MS",
  "TRUST_PROXY_HOPS",
  "WEBHOOK_MAX_BYTES",
  "WEBHOOK_INFLIGHT_MAX_BYTES",
  "DOCUMENT_MAX_BYTES",
]);

function parse<T>(schema: z.ZodType<T>, source: Source): T {
  // An empty string means "not set" (as in `FOO= npm start`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "(environment)";
      const got = echoable.has(name) && typeof cleaned[name] === "string" ? ` (got "${cleaned[name]}")` : "";
      const message = issue.code === "invalid_type" && cleaned[name] === undefined ? "is required" : issue.message;
      return `${name}: ${message}${got}`;
    }),
  );
}

export function parseLauncherEnv(source: Source = process.env): LauncherEnv {
  return parse(launcherSchema, source);
}

export function parseAppEnv(source: Source = process.env): AppEnv {
  return parse(appSchema, source);
}

let cachedAppEnv: AppEnv | undefined;

/** The server's environment, validated on first use. */
export function appEnv(): AppEnv {
  cachedAppEnv ??= parseAppEnv();
  return cachedAppEnv;
}

export function oidcEnabled(env: AppEnv): env is AppEnv & Required<Pick<AppEnv, "OIDC_ISSUER" | "OIDC_CLIENT_ID" | "OIDC_CLIENT_SECRET">> {
  return Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
}
