/**
 * Standard Webhooks signing as done by Svix, written against node:crypto only so it stays independent of the
 * app's verifier: `svix-signature: v1,<base64 HMAC-SHA256 of "${id}.${timestamp}.${body}">`, keyed by the
 * base64-decoded part of the `whsec_` secret.
 */
import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export type WebhookHeaders = {
  "svix-id": string;
  "svix-timestamp": string;
  "svix-signature": string;
  "content-type": "application/json";
};

export function generateSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString("base64");
}

/** `msg_` followed by 27 random base62 characters, the shape of Svix message ids. */
export function generateMessageId(): string {
  let id = "msg_";
  while (id.length < 31) {
    for (const byte of randomBytes(32)) {
      // 248 = 4 * 62: rejecting the top bytes keeps every character equally likely.
      if (byte < 248 && id.length < 31) id += BASE62[byte % 62];
    }
  }
  return id;
}

let cachedSecret: string | undefined;
let cachedKey: Buffer | undefined;

function signingKey(secret: string): Buffer {
  if (secret === cachedSecret && cachedKey) return cachedKey;
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("webhook signing secret must start with whsec_");
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  if (key.length === 0) throw new Error("webhook signing secret has an empty key");
  cachedSecret = secret;
  cachedKey = key;
  return key;
}

export function signPayload(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", signingKey(secret)).update(`${msgId}.${timestampSeconds}.${body}`, "utf8");
  return `v1,${mac.digest("base64")}`;
}

export function webhookHeaders(secret: string, msgId: string, timestampSeconds: number, body: string): WebhookHeaders {
  return {
    "svix-id": msgId,
    "svix-timestamp": String(timestampSeconds),
    "svix-signature": signPayload(secret, msgId, timestampSeconds, body),
    "content-type": "application/json",
  };
}
