import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg, { Pool } from "pg";
import { appEnv, databaseTimeoutDefaults } from "@/lib/env";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;

/** What `db().transaction(fn)` hands to `fn`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseTimeouts = {
  /** How long to wait for a connection: a new one, or a free one from a full pool. */
  connectMs: number;
  /**
   * How long one statement may take: Postgres cancels it after this (statement_timeout), and the client gives
   * up on the connection shortly after if no answer came at all (a frozen or unreachable server cancels nothing).
   * 0: no limit (migrations).
   */
  statementMs: number;
};

/** The client waits this much longer than Postgres's own statement_timeout, so a live server cancels first, cleanly. */
const clientGraceMs = 500;

const isReadTimeout = (error: unknown) => error instanceof Error && error.message === "Query read timeout";

/**
 * A client that gives up its connection when a query got no answer in time. node-postgres only rejects such a
 * query: the connection stays busy with it, so what follows on it (a transaction's rollback, the pool's next
 * user) would wait as long again, and after the server resumes it could hand a half-done transaction to
 * someone else. Ended, every later query on it fails at once and the pool replaces it.
 */
class AbandoningClient extends pg.Client {
  override query(...args: unknown[]): never {
    const result = (super.query as (...a: unknown[]) => unknown).apply(this, args);
    // The callback form is pg-pool's `pool.query`, which already ends a client released with an error.
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (isReadTimeout(error)) void this.end().catch(() => {});
      });
    }
    return result as never;
  }
}

export function createDatabase(
  connectionString: string,
  max = 10,
  timeouts: DatabaseTimeouts = databaseTimeoutDefaults,
): { db: Database; pool: Pool } {
  const limits =
    timeouts.statementMs > 0 ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + clientGraceMs } : {};
  const pool = new Pool({ connectionString, max, connectionTimeoutMillis: timeouts.connectMs, ...limits, Client: AbandoningClient });
  // An idle connection that Postgres ends (a restart, pg_terminate_backend, a dropped database) is reported
  // here; without a listener the 'error' event would be thrown. The pool opens a new one when next needed.
  pool.on("error", (error) => console.warn(`[db] an idle database connection was closed: ${error.message}`));
  const inUse = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => inUse.add(client));
  pool.on("release", (_error, client) => inUse.delete(client));
  pool.on("connect", (client) => {
    // A connection in use whose socket fails reports it to its queries; this keeps 'error' from being thrown too.
    client.on("error", () => {});
    // A connection that ended while in use goes back to the pool at once, to be dropped: drizzle never releases
    // the client of a transaction whose `begin` failed, and the pool would shrink by one for good. Whoever
    // holds it may still release it later (drizzle does after any other failure): that is then a no-op.
    client.on("end", () => {
      if (!inUse.has(client)) return;
      const release = client.release;
      client.release = () => {};
      release(new Error("the database connection ended while in use"));
    });
  });
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
    const timeouts = { connectMs: env.DATABASE_CONNECT_TIMEOUT_MS, statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS };
    found = createDatabase(env.DATABASE_URL, env.DATABASE_POOL_MAX, timeouts).db;
    pools.set(env.DATABASE_URL, found);
  }
  return found;
}

/** The pool behind db(), for a library that runs its own SQL on the server's connections (the job queue). */
export const dbPool = (): Pool => (db() as Database & { $client: Pool }).$client;
