/**
 * A bench's own database: embedded Postgres in a temporary directory with the committed migrations, the app's
 * environment pointed at it (so `lib/` modules imported afterwards use it), and a client connected. For benches that
 * time `lib/` code in this process rather than the whole app (that is bench-app.ts). Leaves nothing behind.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../db/embedded";
import { migrateDatabase } from "../db/migrate";
import { freePort } from "../scripts/ports";

export async function withBenchDatabase<T>(name: string, run: (database: pg.Client) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `registry-desk-bench-${name}-`));
  await chmod(dir, 0o755); // the `postgres` user runs the server when this runs as root
  const server = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort(), database: name.replaceAll("-", "_") });
  const database = new pg.Client({ connectionString: server.url });
  try {
    await migrateDatabase(server.url);
    Object.assign(process.env, {
      DATABASE_URL: server.url,
      NEXTAUTH_SECRET: "bench-secret-bench-secret-bench-secret-01",
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    });
    await database.connect();
    return await run(database);
  } finally {
    await database.end().catch(() => {});
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
