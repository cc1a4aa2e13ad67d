import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The Node.js flags of a process that runs lib/ server modules outside Next.js (the launcher, the app server, a
 * script): TypeScript through tsx, and `server-only` resolved as in Next.js's server bundles (server-condition.mjs).
 */
export const serverNodeFlags = ["--import", "tsx", "--import", path.join(root, "scripts", "server-condition.mjs")];

export type Launcher = {
  process: ChildProcess;
  /** Everything the launcher printed so far. */
  output: () => string;
  /** Resolves with the first match of `pattern` in the output; rejects on exit or after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the launcher has stopped by itself. */
  exited: Promise<number | null>;
  /** Sends a signal and resolves with the exit code once the launcher has stopped. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** A throwaway data folder the `postgres` system user can reach (embedded Postgres runs as it under root). */
export function tempDataDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }) };
}

/** The URL of the embedded Postgres the launcher started in `dataDir`. */
export function embeddedDatabaseUrl(dataDir: string, port: number): string {
  const password = readFileSync(path.join(dataDir, "postgres.password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/registry_desk`;
}

/** Runs `npm start`'s launcher (scripts/start.ts) with the given environment, collecting its output. */
export function startLauncher(env: Record<string, string>, options: { echo?: boolean; args?: string[] } = {}): Launcher {
  const child = spawn(process.execPath, [...serverNodeFlags, path.join(root, "scripts", "start.ts"), ...(options.args ?? [])], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", NEXTAUTH_SECRET: "", APP_ENCRYPTION_KEY: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    if (options.echo) process.stdout.write(chunk);
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  return {
    process: child,
    exited,
    output: () => text,
    waitFor(pattern, timeoutMs = 180_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text.match(pattern);
          if (match) {
            cleanup();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`launcher did not print ${pattern} within ${timeoutMs} ms:\n${text}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then((code) => {
          if (!text.match(pattern)) {
            cleanup();
            reject(new Error(`launcher exited (${code}) before printing ${pattern}:\n${text}`));
          }
        });
        check();
      });
    },
    async stop(signal = "SIGINT") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export type ThrowawayConsole = {
  launcher: Launcher;
  data: { dir: string; remove: () => void };
  port: number;
  pgPort: number;
  simPort: number;
};

/**
 * The launcher as the browser tests and the screenshot run it: on free loopback ports, with a throwaway data folder
 * for its embedded Postgres and the simulator, echoing its output. `env` adds to (or overrides) that environment.
 */
export async function startThrowawayConsole(prefix: string, env: Record<string, string>): Promise<ThrowawayConsole> {
  const data = tempDataDir(prefix);
  const [port, pgPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const launcher = startLauncher(
    { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: data.dir, EMBEDDED_PG_PORT: String(pgPort), SIM_PORT: String(simPort), ...env },
    { echo: true },
  );
  return { launcher, data, port, pgPort, simPort };
}

/**
 * The processes (Linux) started with DATA_DIR=dir (the launcher's app and simulator inherit it), as pids; with
 * `script`, only those whose command line names it (e.g. "app-server.ts").
 */
export function processesWithDataDir(dir: string, script?: string): string[] {
  return readdirSync("/proc").filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`DATA_DIR=${dir}`)) return false;
      return !script || readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(script);
    } catch {
      return false; // gone meanwhile, or another user's
    }
  });
}
