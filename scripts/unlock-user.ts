/**
 * `npm run unlock -- <email>`: lets a locked-out user (an admin whom someone locked out by guessing their
 * password) sign in again at once: ends the email's lock and forgets its failed sign-ins.
 * `npm run unlock -- --address <ip>`: lets a client address that hit its limit of failed sign-ins try again.
 * Runs with the same environment as `npm start`: on DATABASE_URL, or on the embedded Postgres in DATA_DIR,
 * whether the console is running (it connects to it) or stopped (it starts it for the moment). Audited.
 */
import path from "node:path";
import { createDatabase } from "../db/client";
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from "../db/embedded";
import { unlockAddress, unlockEmail, type Unlocked } from "../lib/auth/unlock";
import { parseLauncherEnv } from "../lib/env";
import { isPortFree } from "./ports";

const root = path.resolve(import.meta.dirname, "..");
const usage = "Usage: npm run unlock -- <email>   or   npm run unlock -- --address <ip address>";
const actor = { id: null, email: "npm run unlock" };

function parseArguments(args: string[]): { email: string } | { address: string } {
  if (args.length === 2 && args[0] === "--address" && args[1]) return { address: args[1] };
  if (args.length === 1 && args[0]?.includes("@")) return { email: args[0] };
  throw new Error(usage);
}

function summary(result: Unlocked, kind: "email" | "address"): string {
  const lock = result.lockedUntil
    ? `its lock (until ${result.lockedUntil.toISOString().slice(11, 16)} UTC) ended, `
    : kind === "email"
      ? "it was not locked; "
      : "";
  return `Unlocked ${result.target}: ${lock}${result.failuresForgotten} failed sign-in(s) forgotten. It can sign in again now.`;
}

async function main() {
  const target = parseArguments(process.argv.slice(2));
  const env = parseLauncherEnv();
  let url = env.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const embedded = {
      dir: path.join(path.resolve(root, env.DATA_DIR), "postgres"),
      port: env.EMBEDDED_PG_PORT,
      database: "registry_desk",
    };
    if (await isPortFree(env.EMBEDDED_PG_PORT)) {
      const started = await startEmbeddedPostgres(embedded);
      url = started.url;
      stop = started.stop;
    } else {
      url = await runningEmbeddedPostgresUrl(embedded); // the console is running: use its Postgres
    }
  }
  const { db, pool } = createDatabase(url, 1);
  try {
    const result = "email" in target ? await unlockEmail(db, target.email, actor) : await unlockAddress(db, target.address, actor);
    console.log(summary(result, "email" in target ? "email" : "address"));
  } finally {
    await pool.end();
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(`unlock: ${error.message}`);
  process.exit(1);
});
