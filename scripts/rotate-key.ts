/**
 * `npm run rotate-key`: re-encrypts every stored secret (API keys, webhook signing secrets) under a
 * new APP_ENCRYPTION_KEY. Stop the console first.
 *   - embedded Postgres: the new key replaces DATA_DIR/encryption-key; the next `npm start` uses it.
 *   - DATABASE_URL: the new key is printed; set it as APP_ENCRYPTION_KEY on every instance, then start them.
 * NEW_APP_ENCRYPTION_KEY chooses the new key; otherwise one is generated.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createDatabase } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { migrateDatabase } from "../db/migrate";
import { resealSecrets } from "../lib/connections/reseal-secrets";
import { generateEncryptionKey, keyId, parseEncryptionKey } from "../lib/crypto";
import { parseLauncherEnv } from "../lib/env";
import { isPortFree } from "./ports";

const root = path.resolve(import.meta.dirname, "..");

async function main() {
  const env = parseLauncherEnv();
  const dataDir = path.resolve(root, env.DATA_DIR);
  const keyFile = path.join(dataDir, "encryption-key");
  const currentText = env.APP_ENCRYPTION_KEY ?? (existsSync(keyFile) ? readFileSync(keyFile, "utf8").trim() : undefined);
  if (!currentText) throw new Error(`No current key: set APP_ENCRYPTION_KEY, or start the console once so ${keyFile} exists.`);
  const oldKey = parseEncryptionKey(currentText);
  const newText = process.env.NEW_APP_ENCRYPTION_KEY || generateEncryptionKey();
  const newKey = parseEncryptionKey(newText);
  if (keyId(oldKey) === keyId(newKey)) throw new Error("The new key is the current key.");

  let url = env.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    if (!(await isPortFree(env.EMBEDDED_PG_PORT)))
      throw new Error("The embedded Postgres is running: stop `npm start` first, then rotate.");
    const embedded = await startEmbeddedPostgres({
      dir: path.join(dataDir, "postgres"),
      port: env.EMBEDDED_PG_PORT,
      database: "registry_desk",
    });
    url = embedded.url;
    stop = embedded.stop;
  }
  const pending = `${keyFile}.next`;
  try {
    await migrateDatabase(url);
    if (!env.DATABASE_URL) writeFileSync(pending, `${newText}\n`, { mode: 0o600 }); // written before the commit, so a crash cannot lose it
    const { db, pool } = createDatabase(url, 1);
    const { secrets } = await resealSecrets(db, oldKey, newKey).finally(() => pool.end());
    if (env.DATABASE_URL) {
      console.log(`Re-encrypted ${secrets} secrets from key ${keyId(oldKey)} to key ${keyId(newKey)}.`);
      console.log(`Set this on every instance before starting them:\n\n  APP_ENCRYPTION_KEY=${newText}\n`);
    } else {
      renameSync(pending, keyFile);
      console.log(
        `Re-encrypted ${secrets} secrets from key ${keyId(oldKey)} to key ${keyId(newKey)}; ${path.relative(root, keyFile)} holds the new key.`,
      );
    }
  } catch (error) {
    rmSync(pending, { force: true });
    throw error;
  } finally {
    await stop();
  }
}

main().catch((error: Error) => {
  console.error(`rotate-key: ${error.message}`);
  process.exit(1);
});
