import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for secrets at rest (API keys, webhook signing secrets).
 * A sealed value reads `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts); the key id is a short
 * hash of the key, so a value sealed under another key fails with a clear message instead of garbage.
 */

export class SecretKeyError extends Error {
  name = "SecretKeyError";
}

/** Parses APP_ENCRYPTION_KEY: 32 bytes, as base64 (44 characters) or hex (64 characters). */
export function parseEncryptionKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new SecretKeyError("APP_ENCRYPTION_KEY must be 32 bytes, written as base64 or 64 hex characters");
  return key;
}

export function generateEncryptionKey(): string {
  return randomBytes(32).toString("base64");
}

export function keyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("base64url").slice(0, 8);
}

export function seal(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", keyId(key), iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(
    ".",
  );
}

export function open(sealed: string, key: Buffer): string {
  const [version, id, iv, tag, ciphertext] = sealed.split(".");
  if (version !== "v1" || !id || !iv || !tag || ciphertext === undefined) throw new SecretKeyError("Not a sealed secret");
  if (id !== keyId(key)) {
    throw new SecretKeyError(`This secret was encrypted under another key (${id}); APP_ENCRYPTION_KEY is key ${keyId(key)}`);
  }
  try {
    // A mangled IV or tag is refused by createDecipheriv or setAuthTag, a mangled body by final().
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretKeyError("A stored secret failed its integrity check: it was altered or is corrupt");
  }
}
