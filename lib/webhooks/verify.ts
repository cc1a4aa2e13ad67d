import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/** What verification reads of a request's headers: a fetch `Headers`, or a node:http request's through `messageHeaders`. */
export type HeaderReader = Pick<Headers, "get">;

export type Verification = { ok: true; id: string; timestamp: number; payload: unknown } | { ok: false; reason: string };

/** How far a delivery's timestamp may be from now, either way (the Standard Webhooks default). */
export const toleranceSeconds = 5 * 60;

/** Each header under its Svix name or its Standard Webhooks name (`webhook-id`…); reasons use the Svix one. */
const headerNames = [
  ["svix-id", "webhook-id"],
  ["svix-timestamp", "webhook-timestamp"],
  ["svix-signature", "webhook-signature"],
] as const;

const secretPrefix = "whsec_";
const base64Key = /^[A-Za-z0-9+/]+={0,2}$/;

/** The HMAC key of a `whsec_` secret (the prefix is optional), or undefined when it is not base64. */
function signingKey(secret: string): Buffer | undefined {
  const encoded = secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret;
  return base64Key.test(encoded) ? Buffer.from(encoded, "base64") : undefined;
}

type SignatureHeaders = { ok: true; id: string; timestampHeader: string; signatureHeader: string } | { ok: false; reason: string };

/**
 * The three headers a signed delivery carries, each under its Svix or its Standard Webhooks name, or the first
 * one missing. Read before the body too: a request without them cannot be a delivery, so its body is never read.
 */
export function signatureHeaders(headers: HeaderReader): SignatureHeaders {
  const [id, timestampHeader, signatureHeader] = headerNames.map(([name, standardName]) => headers.get(name) || headers.get(standardName));
  for (const [index, value] of [id, timestampHeader, signatureHeader].entries()) {
    if (!value) return { ok: false, reason: `missing ${headerNames[index]![0]} header` };
  }
  return { ok: true, id: id!, timestampHeader: timestampHeader!, signatureHeader: signatureHeader! };
}

/**
 * Checks a delivery's Standard Webhooks signature (timestamp within 5 minutes either way; several `v1,`
 * signatures in the header, any one valid) against each configured secret, so an old and a new secret both
 * work during a rotation. The body must be the bytes as received (or their UTF-8 text). A signed body that is
 * not JSON still verifies, with `payload` undefined.
 *
 * Written on node:crypto (HMAC-SHA256, constant-time compare) instead of the `svix` package, whose pure-JS
 * HMAC cost more CPU than the rest of a delivery; it accepts and refuses exactly what `svix` does, with the
 * same reasons (verify.test.ts checks both against each other and against the Standard Webhooks vectors).
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: HeaderReader,
  secrets: readonly string[],
  options: { nowSeconds?: number } = {},
): Verification {
  if (secrets.length === 0) return { ok: false, reason: "no signing secret is configured for this connection" };
  const present = signatureHeaders(headers);
  if (!present.ok) return present;
  const { id, timestampHeader, signatureHeader } = present;

  // As svix: the leading integer of the header is the timestamp, and that integer is what was signed.
  const timestamp = Number.parseInt(timestampHeader, 10);
  if (Number.isNaN(timestamp)) return { ok: false, reason: "Invalid Signature Headers" };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (now - timestamp > toleranceSeconds) return { ok: false, reason: "Message timestamp too old" };
  if (timestamp > now + toleranceSeconds) return { ok: false, reason: "Message timestamp too new" };

  const offered = signatureHeader
    .split(" ")
    .map((versioned) => versioned.split(","))
    .filter(([version]) => version === "v1")
    .map(([, signature]) => Buffer.from(signature ?? "", "utf8"));
  let reason = "No matching signature found";
  for (const secret of secrets) {
    const key = signingKey(secret);
    if (!key) {
      reason = "the signing secret is malformed";
      continue;
    }
    const hmac = createHmac("sha256", key).update(`${id}.${timestamp}.`, "utf8");
    // The base64 text is compared, as svix does: a signature with another padding or encoding does not match.
    const expected = Buffer.from((typeof body === "string" ? hmac.update(body, "utf8") : hmac.update(body)).digest("base64"), "utf8");
    if (offered.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected))) {
      return {
        ok: true,
        id,
        timestamp,
        payload: parseJson(typeof body === "string" ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8")),
      };
    }
    reason = "No matching signature found";
  }
  return { ok: false, reason };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
