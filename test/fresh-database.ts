import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { companyFilesSettled } from "@/lib/requests/company-file-filer";

// Each integration test file gets its own database, copied from the migrated template.
const name = `registry_desk_test_${randomBytes(6).toString("hex")}`;
const adminUrl = inject("postgresAdminUrl");

const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.NEXTAUTH_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.APP_ENCRYPTION_KEY ??= Buffer.alloc(32, 1).toString("base64");

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await adminQuery(`create database ${name} template ${inject("templateDatabase")}`);
});

// A webhook's snapshot is filed into its company file just after the delivery is acknowledged: let that finish within
// its test, so it never meets the next test's truncate (a deadlock) or the dropped database.
afterEach(async () => {
  await companyFilesSettled();
});

afterAll(async () => {
  await companyFilesSettled();
  const pools = (globalThis as { registryDeskPools?: Map<string, { $client: pg.Pool }> }).registryDeskPools;
  for (const db of pools?.values() ?? []) await db.$client.end();
  pools?.clear();
  await adminQuery(`drop database if exists ${name} with (force)`);
});
