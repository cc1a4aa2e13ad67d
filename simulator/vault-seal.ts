import { createCipheriv, randomBytes } from "node:crypto";

/** Encrypts a vault payload under the simulator's key (AES-256-GCM): `iv.tag.data`, each base64url. */
export function seal(payload: unknown, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}
