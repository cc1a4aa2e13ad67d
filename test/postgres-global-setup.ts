import { mkdtemp, rm, chmod } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../db/embedded";
import { PostgresUserAccessError } from "../db/postgres-user-access";
import { migrateDatabase } from "../db/migrate";
import { freePort } from "../scripts/ports";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Starts one Postgres for the whole run: embedded in a temporary folder, or the server named by
 * DATABASE_URL (which must allow CREATE DATABASE). Builds a migrated template database that each
 * test file copies (test/fresh-database.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), "registry-desk-vitest-"));
    await chmod(tempDir, 0o755); // the `postgres` user runs the server when tests run as root
    const server = await startEmbeddedPostgres({ dir: path.join(tempDir, "pg"), port: await freePort(), database: "postgres" }).catch(
      async (error: unknown) => {
        if (!(error instanceof PostgresUserAccessError)) throw error;
        // Nothing to retry and nothing started: one clear message instead of a stack trace in every test file.
        console.error(`\n[vitest] ${error.message}\n`);
        await rm(tempDir!, { recursive: true, force: true });
        process.exit(1);
      },
    );
    adminUrl = server.url;
    stop = server.stop;
  }
  console.log(
    `[vitest] integration tests on ${process.env.DATABASE_URL ? `the Postgres at ${new URL(adminUrl).host} (DATABASE_URL)` : "an embedded Postgres"}`,
  );
  const template = `registry_desk_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await migrateDatabase(withDatabase(adminUrl, template));
  project.provide("postgresAdminUrl", adminUrl);
  project.provide("templateDatabase", template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
