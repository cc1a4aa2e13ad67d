import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { appEnv } from "@/lib/env";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;

/** What `db().transaction(fn)` hands to `fn`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export function createDatabase(connectionString: string, max = 10): { db: Database; pool: Pool } {
  const pool = new Pool({ connectionString, max });
  // An idle connection that Postgres ends (a restart, pg_terminate_backend, a dropped database) is reported
  // here; without a listener the 'error' event would be thrown. The pool opens a new one when next needed.
  pool.on("error", (error) => console.warn(`[db] an idle database connection was closed: ${error.message}`));
  return { db: drizzle(pool, { schema }), pool };
}

// One pool per database URL and process, kept on globalThis so that hot reload in
// `next dev` does not leak pools.
const pools = ((globalThis as { registryDeskPools?: Map<string, Database> }).registryDeskPools ??= new Map());

/** The server's database, from DATABASE_URL. */
export function db(): Database {
  const env = appEnv();
  let found = pools.get(env.DATABASE_URL);
  if (!found) {
    found = createDatabase(env.DATABASE_URL, env.DATABASE_POOL_MAX).db;
    pools.set(env.DATABASE_URL, found);
  }
  return found;
}
