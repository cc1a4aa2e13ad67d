import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { migrationsFolder } from "@/db/migrate";

/**
 * For a test of one migration's data changes: an empty database of the test's own, and a copy of the migrations
 * folder that stops before `tag` (its journal lists only the earlier ones). Migrate to `before`, store rows the old
 * way, then migrate to `migrationsFolder` and check what the migration made of them. Registers its own hooks.
 */
export function migrationBefore(tag: string): { url: string; before: () => string } {
  const name = `registry_desk_migration_${tag}_${Date.now()}`;
  const adminUrl = inject("postgresAdminUrl");
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  let folder = "";

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  }

  beforeAll(async () => {
    await admin(`create database ${name}`);
    folder = mkdtempSync(path.join(os.tmpdir(), `migrations-before-${tag}-`));
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < tag);
    writeFileSync(journalPath, JSON.stringify(journal));
  });

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await admin(`drop database if exists ${name} with (force)`);
  });

  return { url, before: () => folder };
}

/** A connection stored the old way (a sealed key that is never opened), for rows that name one; returns its id. */
export async function insertOldConnection(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into registry_connections (name, environment, base_url, api_key_sealed, api_key_hint)
     values ('Old', 'sandbox', 'http://127.0.0.1:1', 'sealed', 'sk…') returning id`,
  );
  return rows[0]!.id;
}
