import { freePort, isPortFree } from "../scripts/ports";
import { embeddedDatabaseUrl, processesWithDataDir, startLauncher, tempDataDir } from "../scripts/launcher-process";
import { expect, LoginPage, test } from "./fixtures";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";

// These start whole extra copies of the console: one at a time.
test.describe.configure({ mode: "serial", timeout: 240_000 });

test("npm start seeds an admin once, stops Postgres on Ctrl-C, and reuses the data on the next start", async ({ browser }) => {
  const data = tempDataDir("registry-desk-launcher-");
  const [port, pgPort, simPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    SIM_PORT: String(simPort),
    DATA_DIR: data.dir,
    ADMIN_EMAIL: "first@launcher.test",
    ADMIN_PASSWORD: "",
  };
  try {
    const first = startLauncher(env);
    await first.waitFor(/is ready at/);
    const [, password] = (await first.waitFor(/password: (\S+)\r?\n/))!;
    expect(first.output()).toContain("email:    first@launcher.test");
    // The simulator runs as the third process, and the console has a sandbox connection to it.
    const [, simulatorKey] = (await first.waitFor(/API key: +(sk_dev_\S+)\r?\n/))!;
    expect(first.output()).toMatch(/Seeded the sandbox connection "Local simulator"/);
    const db = new pg.Client({ connectionString: embeddedDatabaseUrl(data.dir, pgPort) });
    await db.connect();
    const [stored] = (await db.query("select password_hash from users where email = 'first@launcher.test'")).rows;
    await db.end();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain(password);

    expect(processesWithDataDir(data.dir).length).toBeGreaterThanOrEqual(3); // launcher, app, simulator
    expect(await first.stop("SIGINT")).not.toBeNull();
    // The launcher exits last: nothing it started is still writing to DATA_DIR, which may be deleted next.
    expect(processesWithDataDir(data.dir)).toEqual([]);
    expect(await isPortFree(pgPort)).toBe(true);
    expect(await isPortFree(port)).toBe(true);
    expect(await isPortFree(simPort)).toBe(true);

    const second = startLauncher(env);
    await second.waitFor(/is ready at/, 60_000);
    expect(second.output()).not.toContain("First admin account");
    expect(second.output()).toContain(`API key:        ${simulatorKey}`); // same key, so the seeded connection stays valid
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const page = await context.newPage();
    await new LoginPage(page).signIn("first@launcher.test", password!);
    await expect(page).toHaveURL(/\/change-password/);
    await context.close();
    await second.stop("SIGTERM");
    expect(await isPortFree(pgPort)).toBe(true);
  } finally {
    data.remove();
  }
});

test("npm start explains a port in use and a malformed variable", async () => {
  const data = tempDataDir("registry-desk-launcher-");
  try {
    const busy = await freePort();
    const blocker = (await import("node:net")).createServer().listen(busy, "127.0.0.1");
    const inUse = startLauncher({ PORT: String(busy), DATA_DIR: data.dir });
    expect(await inUse.exited).toBe(1);
    expect(inUse.output()).toContain(`port ${busy} on 127.0.0.1 is already in use`);
    blocker.close();

    const malformed = startLauncher({ PORT: "eighty", DATA_DIR: data.dir });
    expect(await malformed.exited).toBe(1);
    expect(malformed.output()).toContain('PORT: expected a port number (got "eighty")');
  } finally {
    data.remove();
  }
});

test("npm start says a DATABASE_URL does not answer, before building, and never prints its password", async () => {
  const data = tempDataDir("registry-desk-launcher-");
  try {
    const canary = "CANARY-pw-5d1e";
    const closed = await freePort();
    const launcher = startLauncher({
      DATA_DIR: data.dir,
      PORT: String(await freePort()),
      SIM_PORT: String(await freePort()),
      DATABASE_URL: `postgres://desk:${canary}@127.0.0.1:${closed}/registry_desk`,
      NEXTAUTH_SECRET: "n".repeat(32),
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString("base64"),
    });
    expect(await launcher.exited).toBe(1);
    expect(launcher.output()).toContain("Cannot start: the Postgres named by DATABASE_URL does not answer");
    expect(launcher.output()).not.toContain("building");
    expect(launcher.output()).not.toContain(canary);
  } finally {
    data.remove();
  }
});

test("npm start as root explains, in one message, a data folder the postgres user cannot reach", async () => {
  test.skip(process.getuid?.() !== 0, "embedded Postgres runs as the postgres user only when started as root");
  const data = tempDataDir("registry-desk-launcher-");
  try {
    // Like a clone under /root: a folder only its owner may enter. (The clone itself is not copied there: the
    // same check covers the Postgres programs in node_modules, see db/postgres-user-access.test.ts.)
    const home = path.join(data.dir, "home");
    mkdirSync(home, { mode: 0o700 });
    const launcher = startLauncher({
      DATA_DIR: path.join(home, "desk-data"),
      PORT: String(await freePort()),
      EMBEDDED_PG_PORT: String(await freePort()),
      SIMULATOR: "off",
    });
    expect(await launcher.exited).toBe(1);
    const output = launcher.output().trim();
    expect(output).toBe(
      `[registry-desk] Cannot start: The embedded Postgres cannot run from here: Postgres refuses to run as root, so it runs as the "postgres" user, ` +
        `and that user cannot reach the data folder ${path.join(home, "desk-data", "postgres")} because ${home} is closed to it (mode 0700, owned by root). ` +
        "Either move the data folder (DATA_DIR) to a folder every user can traverse, such as /srv or /opt, or set DATABASE_URL to an existing Postgres 14+ (then no embedded Postgres is started).",
    );
  } finally {
    data.remove();
  }
});
