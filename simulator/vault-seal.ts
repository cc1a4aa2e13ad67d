import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** Encrypts a vault payload under the simulator's key (AES-256-GCM): `iv.tag.data`, each base64url. */
export function seal(payload: unknown, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(payload)), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

/** The payload `seal` encrypted; throws under any other key. No endpoint returns a payload: tests use it to check the key outlives a restart. */
export function unseal(sealed: string, key: Buffer): unknown {
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv!);
  decipher.setAuthTag(tag!);
  return JSON.parse(Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8"));
}
