import "server-only";
import { z } from "zod";

/**
 * The shape of a vault payload, checked before it is sent: text fields, and list-typed fields as rows of text
 * fields. Which fields a source needs is the registry's to say (GET /v2/vault/sources, and its refusal of a PUT).
 * Every message names the rule, never the value: a payload value must not come back in an error.
 */
const fieldNamePattern = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const fieldValue = z.string({ error: "Each field is text." }).max(4096, { error: "A field holds up to 4,096 characters." });

/**
 * A set of fields whose names are checked before anything else: an issue's path holds the field's name, so a name
 * that is not a field name (it could be a pasted secret) fails on the set as a whole and never reaches a path.
 */
function namedFields<V extends z.ZodType>(value: V, error: string) {
  return z
    .record(z.string(), z.unknown(), { error })
    .refine((fields) => Object.keys(fields).every((name) => fieldNamePattern.test(name)), {
      error: "Field names are letters, digits and _ (up to 64).",
    })
    .pipe(z.record(z.string(), value));
}

const listRows = z
  .array(namedFields(fieldValue, "Each row is a set of text fields."), { error: "A list field is a list of rows." })
  .max(20, { error: "A list field holds up to 20 rows." });

export const vaultPayloadSchema = namedFields(
  z.union([fieldValue, listRows], { error: "Each field is text or a list of rows." }),
  "The payload is a set of fields.",
);
export type VaultPayload = z.infer<typeof vaultPayloadSchema>;

const workspace = z.string().trim().min(1, { error: "Pick a workspace." }).max(64, { error: "A workspace name has up to 64 characters." });
const sourceKey = z.string().min(1, { error: "Pick a source." }).max(100, { error: "A source key has up to 100 characters." });

export const storeCredentialsSchema = z.object({ workspace, sourceKey, payload: vaultPayloadSchema });
export type StoreCredentialsInput = z.infer<typeof storeCredentialsSchema>;

/**
 * Asking to replace held credentials: the reason, and the payload only where dual control does not apply (the
 * requester then replaces them at once). Where it applies the change waits for a second admin, who enters the
 * payload; none is ever kept with the pending change.
 */
export const requestReplacementSchema = z.object({
  workspace,
  sourceKey,
  reason: z.string().trim().min(1, { error: "Say why the credentials need replacing." }).max(500, { error: "Use at most 500 characters." }),
  payload: vaultPayloadSchema.optional(),
});
export type RequestReplacementInput = z.infer<typeof requestReplacementSchema>;

/** A second admin approving a pending replacement by entering the new credentials. */
export const approveReplacementSchema = z.object({
  changeId: z.uuid({ error: "Unknown pending change." }),
  workspace,
  sourceKey,
  payload: vaultPayloadSchema,
});
export type ApproveReplacementInput = z.infer<typeof approveReplacementSchema>;
