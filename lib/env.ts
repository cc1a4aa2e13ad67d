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

const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/\S+$/, "expected a URL like postgres://user:password@host:5432/database");

const secret = z.string().min(32, "expected at least 32 characters (generate one with `openssl rand -base64 32`)");

const encryptionKey = z
  .string()
  .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, "expected 32 bytes as base64 (44 characters) or hex (64); generate one with `openssl rand -base64 32`");

const oidcFields = {
  OIDC_ISSUER: z.url("expected the issuer URL, e.g. https://login.example.com/realms/main").optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
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
    ...oidcFields,
  })
  .superRefine((value, ctx) => {
    oidcAllOrNone(value, ctx);
    // With a database of its own choosing, an operator runs the instances: they must share these.
    for (const name of ["NEXTAUTH_SECRET", "APP_ENCRYPTION_KEY"] as const) {
      if (value.DATABASE_URL && !value[name]) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: "required with DATABASE_URL: every app instance on that database must share it (generate one with `openssl rand -base64 32`)",
        });
      }
    }
  });

const appSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    DATABASE_URL: postgresUrl,
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    NEXTAUTH_SECRET: secret,
    NEXTAUTH_URL: z.url().optional(),
    APP_ENCRYPTION_KEY: encryptionKey,
    /** The largest webhook body read, in bytes; a larger one is answered 413 before any hashing. */
    WEBHOOK_MAX_BYTES: z.coerce.number().int("expected a whole number of bytes").min(65_536, "expected at least 65536 bytes (64 KiB)").default(8 * 1024 * 1024),
    ...oidcFields,
  })
  .superRefine(oidcAllOrNone);

export type LauncherEnv = z.infer<typeof launcherSchema>;
export type AppEnv = z.infer<typeof appSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

type Source = Record<string, string | undefined>;

function parse<T>(schema: z.ZodType<T>, source: Source): T {
  // An empty string means "not set" (as in `FOO= npm start`).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => {
      const name = issue.path.join(".") || "(environment)";
      const got = typeof cleaned[name] === "string" && !/SECRET|PASSWORD/.test(name) ? ` (got "${cleaned[name]}")` : "";
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
