/**
 * The production app as the figures measure it: `npm start`'s launcher (scripts/start.ts) on free loopback ports,
 * with embedded Postgres and the simulator in a temporary data directory, its first admin signed in. Every bench
 * that needs the whole app starts it here, runs, and leaves nothing behind.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { embeddedDatabaseUrl, startLauncher, tempDataDir } from "../scripts/launcher-process";
import { freePort } from "../scripts/ports";
import { signInCookie } from "./sign-in-session";

export const benchEmail = "bench@registry-desk.test";
export const benchPassword = "bench-password-123";

export type BenchApp = {
  origin: string;
  simOrigin: string;
  dataDir: string;
  pgPort: number;
  databaseUrl: string;
  database: pg.Client;
  /** The session cookie of the first admin (signed in once; call signInCookie again for a fresh one). */
  cookie: () => Promise<string>;
  /** A secret the launcher wrote into the data directory (`simulator-api-key`, `simulator-webhook-secret`, `auth-secret`…). */
  secret: (name: string) => string;
  /** The connection the launcher stored for the local simulator. */
  simulatorConnectionId: () => Promise<string>;
  /** A call to the simulator with its API key; answers the parsed JSON body. */
  sim: (method: string, route: string, body?: unknown) => Promise<unknown>;
};

export async function withBenchApp<T>(run: (app: BenchApp) => Promise<T>, extraEnv: Record<string, string> = {}): Promise<T> {
  const data = tempDataDir("registry-desk-bench-");
  const [port, pgPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const simOrigin = `http://127.0.0.1:${simPort}`;
  const launcher = startLauncher({
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    SIM_PORT: String(simPort),
    DATA_DIR: data.dir,
    ADMIN_EMAIL: benchEmail,
    ADMIN_PASSWORD: benchPassword,
    ...extraEnv,
  });
  let database: pg.Client | undefined;
  try {
    await launcher.waitFor(/is ready at/, 900_000);
    const databaseUrl = embeddedDatabaseUrl(data.dir, pgPort);
    database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    await database.query("update users set must_change_password = false where email = $1", [benchEmail]);
    const connected = database;
    const secret = (name: string) => readFileSync(path.join(data.dir, name), "utf8").trim();
    let cookie: Promise<string> | undefined;
    return await run({
      origin,
      simOrigin,
      dataDir: data.dir,
      pgPort,
      databaseUrl,
      database: connected,
      cookie: () => (cookie ??= signInCookie(origin, benchEmail, benchPassword)),
      secret,
      simulatorConnectionId: async () =>
        (await connected.query<{ id: string }>("select id from registry_connections where name = 'Local simulator'")).rows[0]!.id,
      sim: async (method, route, body) =>
        (
          await fetch(simOrigin + route, {
            method,
            headers: { "x-api-key": secret("simulator-api-key"), ...(body !== undefined && { "content-type": "application/json" }) },
            body: body === undefined ? undefined : JSON.stringify(body),
          })
        ).json(),
    });
  } finally {
    await database?.end().catch(() => {});
    await launcher.stop("SIGINT");
    data.remove();
  }
}

/** Runs a bench's main and exits with its outcome (the launcher's children are gone by then). */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
