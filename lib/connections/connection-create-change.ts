import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { registryConnections } from "@/db/schema";
import { connectionEnvironments } from "@/db/vocabulary";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import { submitChange, type PendingChangeView, type Submitted } from "@/lib/dual-control/pending-changes";
import { changeDetails, notThisChange, reasonRefusal } from "./connection-change";
import { alreadyWaiting } from "./waiting-connection-changes";
import { apiKeyHint, type ConnectionFields } from "./connection-input.shared";
import { createConnection, nameTaken } from "./manage-connections";

/**
 * A connection waiting to be added (`connection_create`), as the approver and the connections page see it: no
 * secret, only the key's hint and whether a signing secret came with it. The connection itself does not exist
 * until a second admin approves: nobody can select it, spend on it or receive webhooks for it.
 */
const createDetailsSchema = z.object({
  connection: z.string(),
  environment: z.enum(connectionEnvironments),
  baseUrl: z.string(),
  apiKey: z.string(),
  webhookSecret: z.boolean(),
  isDefault: z.boolean(),
});
type ConnectionCreateDetails = z.infer<typeof createDetailsSchema>;

/** The form's fields again, from a pending creation's details and its opened secrets; undefined without a key. */
function fieldsOf(details: ConnectionCreateDetails, secrets: Record<string, string> | undefined): ConnectionFields | undefined {
  if (!secrets?.apiKey) return undefined;
  const { connection: name, environment, baseUrl, isDefault } = details;
  return {
    name,
    environment,
    baseUrl,
    apiKey: secrets.apiKey,
    webhookSecret: secrets.webhookSecret ?? "",
    clearWebhookSecret: false,
    isDefault,
  };
}

/** Performs an approved `connection_create` change under the approver's session, with the key and secret that waited sealed. */
export async function performConnectionCreate(
  approver: SessionUser,
  change: PendingChangeView,
  note: DualControlNote,
  secrets: Record<string, string> | undefined,
): Promise<ActionResult<{ id: string }>> {
  const details = changeDetails(change, "connection_create", createDetailsSchema);
  const fields = details && fieldsOf(details, secrets);
  if (!fields) return notThisChange("a new connection with its API key");
  return createConnection(approver, fields, note);
}

/**
 * The settings page's "Add connection": a `connection_create` change, its key and signing secret sealed in it,
 * performed when a second admin approves (at once, with the note, where dual control cannot apply). A name taken by
 * a connection, or by a creation already waiting, is refused first.
 */
export async function requestConnectionCreate(
  user: SessionUser,
  fields: ConnectionFields,
  reason: string,
): Promise<ActionResult<Submitted<unknown>>> {
  if (!fields.apiKey)
    return { ok: false, code: "invalid_input", error: "Enter the API key.", fieldErrors: { apiKey: ["Enter the API key."] } };
  if (!reason) return reasonRefusal;
  const [existing] = await db()
    .select({ id: registryConnections.id })
    .from(registryConnections)
    .where(eq(registryConnections.name, fields.name));
  if (existing) return nameTaken(fields.name);
  const waiting = await alreadyWaiting(
    "connection_create",
    { name: fields.name },
    `A connection named ${fields.name} is already waiting to be added.`,
  );
  if (waiting) return waiting;
  const details: ConnectionCreateDetails = {
    connection: fields.name,
    environment: fields.environment,
    baseUrl: fields.baseUrl,
    apiKey: apiKeyHint(fields.apiKey),
    webhookSecret: Boolean(fields.webhookSecret),
    isDefault: fields.isDefault,
  };
  const secrets = { apiKey: fields.apiKey, ...(fields.webhookSecret && { webhookSecret: fields.webhookSecret }) };
  return submitChange(user, { kind: "connection_create", connectionId: null, target: fields.name, details, reason, secrets }, (note) =>
    createConnection(user, fields, note),
  );
}
