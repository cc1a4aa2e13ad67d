import { migrate } from "drizzle-orm/node-postgres/migrator";
import path from "node:path";
import { databaseTimeoutDefaults } from "../lib/env";
import { createDatabase } from "./client";
import { installJobQueue } from "./job-queue-install";

export const migrationsFolder = path.join(import.meta.dirname, "migrations");

/** Applies every committed migration in db/migrations that the database has not seen yet, then installs the job queue's tables. */
export async function migrateDatabase(connectionString: string): Promise<void> {
  // A migration may rewrite a large table: no statement time-out (the connect time-out stays).
  const { db, pool } = createDatabase(connectionString, 1, { connectMs: databaseTimeoutDefaults.connectMs, statementMs: 0 });
  try {
    await migrate(db, { migrationsFolder });
  } finally {
    await pool.end();
  }
  await installJobQueue(connectionString);
}
