import "server-only";
import { open, parseEncryptionKey, seal } from "@/lib/crypto";
import { appEnv } from "@/lib/env";

let key: Buffer | undefined;

function encryptionKey(): Buffer {
  key ??= parseEncryptionKey(appEnv().APP_ENCRYPTION_KEY);
  return key;
}

/** Seals a secret under APP_ENCRYPTION_KEY for storage. */
export const sealSecret = (plaintext: string) => seal(plaintext, encryptionKey());

/** Opens a stored secret; only ever called on the server, right before the secret is used. */
export const openSecret = (sealed: string) => open(sealed, encryptionKey());
