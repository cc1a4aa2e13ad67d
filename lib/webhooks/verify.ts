import { Webhook, WebhookVerificationError } from "svix";

export type Verification =
  | { ok: true; id: string; timestamp: number; payload: unknown }
  | { ok: false; reason: string };

const headerNames = ["svix-id", "svix-timestamp", "svix-signature"] as const;

/**
 * Checks a delivery's Standard Webhooks signature with the `svix` package (timestamp within 5 minutes
 * either way; several `v1,` signatures in the header, any one valid) against each configured secret,
 * so an old and a new secret both work during a rotation. The body must be the raw bytes as received.
 * A signed body that is not JSON still verifies, with `payload` undefined.
 */
export function verifyWebhook(rawBody: string, headers: Headers, secrets: readonly string[]): Verification {
  if (secrets.length === 0) return { ok: false, reason: "no signing secret is configured for this connection" };
  const values: Record<string, string> = {};
  for (const name of headerNames) {
    const value = headers.get(name);
    if (!value) return { ok: false, reason: `missing ${name} header` };
    values[name] = value;
  }
  let reason = "no signature matched";
  for (const secret of secrets) {
    try {
      const payload = new Webhook(secret).verify(rawBody, values);
      return { ok: true, id: values["svix-id"]!, timestamp: Number(values["svix-timestamp"]), payload };
    } catch (error) {
      if (error instanceof SyntaxError) return { ok: true, id: values["svix-id"]!, timestamp: Number(values["svix-timestamp"]), payload: undefined };
      reason = error instanceof WebhookVerificationError ? error.message : "the signing secret is malformed";
    }
  }
  return { ok: false, reason };
}
