import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serverNodeFlags } from "@/scripts/launcher-process";
import { assertPostgresUserCanReach, firstUntraversableFolder, PostgresUserAccessError } from "./postgres-user-access";

const postgres = { uid: 101, gid: 104 };

/** A fake file system: folder → [mode, owner uid, group id]. */
function tree(folders: Record<string, [number, number, number]>) {
  return (dir: string) => {
    const found = folders[dir];
    if (!found) throw Object.assign(new Error(`ENOENT: ${dir}`), { code: "ENOENT" });
    const [mode, uid, gid] = found;
    return { mode: 0o40000 | mode, uid, gid, isDirectory: () => true };
  };
}

describe("which folder keeps the postgres user out", () => {
  const home = tree({
    "/": [0o755, 0, 0],
    "/root": [0o700, 0, 0],
    "/root/desk": [0o755, 0, 0],
    "/srv": [0o755, 0, 0],
    "/srv/desk": [0o755, 0, 0],
  });

  it("names a private home folder above a clone, with its mode and owner", () => {
    expect(firstUntraversableFolder("/root/desk/node_modules/bin", postgres, home)).toEqual({ dir: "/root", mode: 0o700, ownerUid: 0 });
    expect(firstUntraversableFolder("/srv/desk/.data", postgres, home)).toBeUndefined();
  });

  it("counts the owner's bits for a folder the postgres user owns, and the group's for its primary group", () => {
    const owned = tree({ "/": [0o755, 0, 0], "/data": [0o700, 101, 104], "/shared": [0o750, 0, 104], "/team": [0o750, 0, 5] });
    expect(firstUntraversableFolder("/data", postgres, owned)).toBeUndefined();
    expect(firstUntraversableFolder("/shared", postgres, owned)).toBeUndefined();
    expect(firstUntraversableFolder("/team", postgres, owned)).toEqual({ dir: "/team", mode: 0o750, ownerUid: 0 });
  });

  it("treats a user not created yet as owning nothing", () => {
    const groupOnly = tree({ "/": [0o755, 0, 0], "/opt": [0o750, 0, 104] });
    expect(firstUntraversableFolder("/opt", null, groupOnly)).toEqual({ dir: "/opt", mode: 0o750, ownerUid: 0 });
  });

  it("stops at the first folder that does not exist yet (its creator decides its mode)", () => {
    expect(firstUntraversableFolder("/srv/desk/new/deeper", postgres, home)).toBeUndefined();
  });
});

describe("the check before Postgres is started", () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A real folder tree: `open/` (0755) and `private/` (0700), under a fresh temporary folder. */
  function folders() {
    const top = mkdtempSync(path.join(os.tmpdir(), "pg-access-"));
    made.push(top);
    chmodSync(top, 0o755);
    mkdirSync(path.join(top, "open", "bin"), { recursive: true, mode: 0o755 });
    mkdirSync(path.join(top, "private", "clone"), { recursive: true });
    chmodSync(path.join(top, "private"), 0o700);
    return top;
  }
  const somebodyElse = () => ({ uid: 4242, gid: 4242 });

  it("as root, refuses a data folder under a 0700 folder in one sentence: why, and the two ways out", () => {
    const top = folders();
    const run = () =>
      assertPostgresUserCanReach(
        { binaries: path.join(top, "open", "bin"), dataDir: path.join(top, "private", "clone", ".data", "postgres") },
        { uid: 0, user: somebodyElse },
      );
    expect(run).toThrow(PostgresUserAccessError);
    expect(run).toThrow(
      `because ${path.join(top, "private")} is closed to it (mode 0700, owned by ${os.userInfo().uid === 0 ? "root" : os.userInfo().username})`,
    );
    expect(run).toThrow(
      /move the data folder \(DATA_DIR\) to a folder every user can traverse, such as \/srv or \/opt, or set DATABASE_URL/,
    );
  });

  it("as root, refuses Postgres programs under a 0700 folder (a clone in /root) and asks to move the clone", () => {
    const top = folders();
    mkdirSync(path.join(top, "private", "clone", "node_modules", "bin"), { recursive: true, mode: 0o755 });
    const run = () =>
      assertPostgresUserCanReach(
        { binaries: path.join(top, "private", "clone", "node_modules", "bin"), dataDir: path.join(top, "open", "pg") },
        { uid: 0, user: somebodyElse },
      );
    expect(run).toThrow(/cannot reach the Postgres programs in .* Either move the clone to a folder/);
  });

  it("lets reachable folders pass, and does not check at all when not root", () => {
    const top = folders();
    expect(() =>
      assertPostgresUserCanReach(
        { binaries: path.join(top, "open", "bin"), dataDir: path.join(top, "open", "pg") },
        { uid: 0, user: somebodyElse },
      ),
    ).not.toThrow();
    expect(() =>
      assertPostgresUserCanReach(
        { binaries: path.join(top, "private", "clone"), dataDir: path.join(top, "private", "pg") },
        { uid: 1000, user: somebodyElse },
      ),
    ).not.toThrow();
  });

  // The integration tests' setup (vitest globalSetup) puts its Postgres under TMPDIR: a private TMPDIR as root
  // must end the run with the one message, not a spawn EACCES stack trace.
  it.runIf(os.userInfo().uid === 0)("stops the integration-test setup with the one message when run as root", () => {
    const top = folders();
    const setup = path.resolve(import.meta.dirname, "..", "test", "postgres-global-setup.ts");
    const run = spawnSync(
      process.execPath,
      [
        ...serverNodeFlags,
        "--input-type=module",
        "-e",
        `const { default: setup } = await import(${JSON.stringify(setup)}); await setup({ provide() {} });`,
      ],
      {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, DATABASE_URL: "", TMPDIR: path.join(top, "private") },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^\[vitest\] The embedded Postgres cannot run from here: .* \(mode 0700, owned by root\)\. Either .* or set DATABASE_URL .*\)\.$/,
    );
  });
});
