import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../db/embedded";
import { freePort } from "../scripts/ports";

export type FreezablePostgres = {
  url: string;
  /** SIGSTOPs the server and every backend: connections stay open and nothing answers, as with a stalled host. */
  freeze: () => void;
  /** SIGCONTs what `freeze` stopped. */
  thaw: () => void;
  /** Thaws (if frozen), stops the server and deletes its data. */
  stop: () => Promise<void>;
};

/** The pids of `parent`'s children, from /proc (Linux). */
function childPids(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

/**
 * A Postgres of the test's own (embedded, in a temporary folder, on a free port), which it may freeze without
 * disturbing the shared test server. Linux only (it reads /proc).
 */
export async function startFreezablePostgres(database = "frozen_test"): Promise<FreezablePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "registry-desk-freezable-"));
  chmodSync(dir, 0o755); // the `postgres` user runs the server when tests run as root
  const dataDir = path.join(dir, "pg");
  const server = await startEmbeddedPostgres({ dir: dataDir, port: await freePort(), database });
  const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  let stopped: number[] = [];

  const thaw = () => {
    for (const pid of stopped) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // gone
      }
    }
    stopped = [];
  };
  return {
    url: server.url,
    freeze() {
      // The postmaster first, so that it forks no new backend meanwhile.
      process.kill(postmaster, "SIGSTOP");
      stopped = [postmaster];
      for (const pid of childPids(postmaster)) {
        process.kill(pid, "SIGSTOP");
        stopped.push(pid);
      }
    },
    thaw,
    async stop() {
      thaw();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
