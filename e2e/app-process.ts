import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { serverNodeFlags } from "../scripts/launcher-process";
import { freePort } from "../scripts/ports";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = () => process.env.E2E_DATA_DIR!;

/** A secret the launcher keeps in its data folder (the simulator's key and signing secret, the app's keys). */
export const dataDirSecret = (name: string) => readFileSync(path.join(dataDir(), name), "utf8").trim();

export type AppProcess = { origin: string; stop: () => Promise<void> };

/**
 * Another app server (scripts/app-server.ts, what `npm start` runs) of the same build, beside the launcher's: on the same Postgres (a second app
 * instance) or, with `databaseUrl`, on another one (e.g. one that is down). With `output`, its stdout and stderr go
 * there (to search what the server printed) instead of to the test's stderr.
 */
export async function startAppProcess(
  databaseUrl = process.env.E2E_DATABASE_URL!,
  options: { output?: (chunk: string) => void } = {},
): Promise<AppProcess> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [...serverNodeFlags, path.join(root, "scripts", "app-server.ts"), "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        DATABASE_URL: databaseUrl,
        NEXTAUTH_URL: origin,
        NEXTAUTH_SECRET: dataDirSecret("auth-secret"),
        APP_ENCRYPTION_KEY: dataDirSecret("encryption-key"),
      },
      stdio: ["ignore", options.output ? "pipe" : "ignore", options.output ? "pipe" : "inherit"],
    },
  );
  if (options.output) for (const stream of [child.stdout, child.stderr]) stream?.setEncoding("utf8").on("data", options.output);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let waited = 0; ; waited += 100) {
    if (
      (await fetch(`${origin}/login`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      break;
    if (waited > 60_000 || child.exitCode !== null) throw new Error(`a second app process on ${origin} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
