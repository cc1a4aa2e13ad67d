import "server-only";
import { open, parseEncryptionKey, seal } from "@/lib/crypto";
import { appEnv } from "@/lib/env";

/** Secrets at rest under the app's key: connections' API keys and signing secrets, and a pending change's new secrets. */

let key: Buffer | undefined;

function encryptionKey(): Buffer {
  key ??= parseEncryptionKey(appEnv().APP_ENCRYPTION_KEY);
  return key;
}

/** Seals a secret under APP_ENCRYPTION_KEY for storage. */
export const sealSecret = (plaintext: string) => seal(plaintext, encryptionKey());

/** Opens a stored secret; only ever called on the server, right before the secret is used. */
export const openSecret = (sealed: string) => open(sealed, encryptionKey());
