import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { registryConnections } from "@/db/schema";
import type { Actor } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/auth/role-action";
import type { SessionUser } from "@/lib/auth/require-role";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import { listChanges, submitChange, type PendingChangeView } from "@/lib/dual-control/pending-changes";
import { apiKeyHint, baseUrlChangeProblems, sameBaseUrl, type ConnectionFields } from "./connection-input";
import { reentryRefusal, updateConnection } from "./manage-connections";

/** A pending base URL or key change as the approver and the audit log see it: never a secret, only the key's hint. */
const targetDetailsSchema = z.object({
  connection: z.string(),
  previousBaseUrl: z.string(),
  baseUrl: z.string(),
  apiKey: z.string().optional(),
  /** The signing secret, tied to the address: entered again (it waits sealed) or removed with a new base URL. */
  webhookSecret: z.enum(["entered again", "removed"]).optional(),
});
export type ConnectionTargetDetails = z.infer<typeof targetDetailsSchema>;

/** What an edit became: applied, with the base URL or key change performed now or waiting for a second admin. */
export type ConnectionEdit = { targetChange: "none" | "performed" } | { targetChange: "pending"; changeId: string };

export const reasonNeeded = "Say why the base URL or API key changes: a second admin reads it before approving.";

/**
 * Points a connection at exactly the approved base URL and key (and the signing secret that came with a new base
 * URL), checked again as any edit is (`baseUrlChangeProblems`, inside updateConnection), audited as
 * `connection.updated` with the note; the connection's cached signing secrets are forgotten.
 */
async function applyTarget(
  actor: Actor,
  connectionId: string,
  details: ConnectionTargetDetails,
  secrets: Record<string, string> | undefined,
  note: DualControlNote,
): Promise<ActionResult> {
  const [current] = await db().select().from(registryConnections).where(eq(registryConnections.id, connectionId));
  if (!current) return { ok: false, code: "not_found", error: "No such connection: it was deleted after the change was asked for." };
  return updateConnection(
    actor,
    connectionId,
    {
      name: current.name,
      environment: current.environment,
      baseUrl: details.baseUrl,
      apiKey: secrets?.apiKey ?? "",
      webhookSecret: secrets?.webhookSecret ?? "",
      clearWebhookSecret: details.webhookSecret === "removed",
      isDefault: false,
    },
    note,
  );
}

/**
 * The `connection_target` performer for the dual-control dispatch table: performs an approved base URL or key
 * change under the approver's session, with the secrets that waited sealed.
 */
export async function performConnectionTargetChange(
  approver: Actor,
  change: PendingChangeView,
  note: DualControlNote,
  secrets: Record<string, string> | undefined,
): Promise<ActionResult> {
  const details = targetDetailsSchema.safeParse(change.details);
  if (change.kind !== "connection_target" || !change.connectionId || !details.success) {
    return { ok: false, code: "invalid_change", error: "This is not a connection base URL or key change." };
  }
  return applyTarget(approver, change.connectionId, details.data, secrets, note);
}

/**
 * The settings page's edit of a connection. A new base URL or API key (or both) is sensitive: it goes through
 * submitChange as a `connection_target` change, its new key (and the signing secret a new base URL needs) waiting
 * sealed, its details holding no secret. Everything else (name, environment, default, a signing secret rotation on
 * the same address) applies at once as before. A base URL without the secrets entered again is refused first.
 */
export async function editConnection(
  user: SessionUser,
  id: string,
  fields: ConnectionFields,
  reason: string,
): Promise<ActionResult<ConnectionEdit>> {
  const [current] = await db().select().from(registryConnections).where(eq(registryConnections.id, id));
  if (!current) return { ok: false, code: "not_found", error: "No such connection." };
  const reentry = baseUrlChangeProblems({ baseUrl: current.baseUrl, hasWebhookSecret: current.webhookSecretSealed !== null }, fields);
  if (Object.keys(reentry).length > 0) return reentryRefusal(reentry);
  const urlChanges = !sameBaseUrl(current.baseUrl, fields.baseUrl);
  if (!urlChanges && !fields.apiKey) {
    const applied = await updateConnection(user, id, fields);
    return applied.ok ? { ok: true, data: { targetChange: "none" } } : applied;
  }
  if (!reason) return { ok: false, code: "invalid_input", error: reasonNeeded, fieldErrors: { reason: [reasonNeeded] } };

  // The rest applies now, on the current address with the current key.
  const rest = await updateConnection(user, id, {
    ...fields,
    baseUrl: current.baseUrl,
    apiKey: "",
    ...(urlChanges && { webhookSecret: "", clearWebhookSecret: false }),
  });
  if (!rest.ok) return rest;

  const secrets = {
    ...(fields.apiKey && { apiKey: fields.apiKey }),
    ...(urlChanges && fields.webhookSecret && { webhookSecret: fields.webhookSecret }),
  };
  const details: ConnectionTargetDetails = {
    connection: fields.name,
    previousBaseUrl: current.baseUrl,
    baseUrl: urlChanges ? fields.baseUrl : current.baseUrl,
    ...(fields.apiKey && { apiKey: apiKeyHint(fields.apiKey) }),
    ...(urlChanges && fields.webhookSecret && { webhookSecret: "entered again" as const }),
    ...(urlChanges &&
      !fields.webhookSecret &&
      fields.clearWebhookSecret &&
      current.webhookSecretSealed && { webhookSecret: "removed" as const }),
  };
  const submitted = await submitChange(
    user,
    { kind: "connection_target", connectionId: id, target: fields.name, details, reason, secrets },
    (note, opened) => applyTarget(user, id, details, opened, note),
  );
  if (!submitted.ok) return submitted;
  return submitted.data.state === "pending"
    ? { ok: true, data: { targetChange: "pending", changeId: submitted.data.change.id } }
    : { ok: true, data: { targetChange: "performed" } };
}

/** A base URL or key change waiting for a second admin, as the connections page shows it: no secret, the key's hint only. */
export type PendingTargetChange = Pick<PendingChangeView, "id" | "requestedByEmail" | "expiresAt"> & {
  connectionId: string;
  details: ConnectionTargetDetails;
};

/** Base URL and key changes waiting for a second admin, per connection: shown on the connections page. */
export async function pendingTargetChanges(): Promise<PendingTargetChange[]> {
  const changes = await listChanges({ states: ["pending"], kind: "connection_target" });
  return changes.flatMap((change) => {
    const details = targetDetailsSchema.safeParse(change.details);
    if (!details.success || !change.connectionId) return [];
    const { id, requestedByEmail, expiresAt, connectionId } = change;
    return [{ id, requestedByEmail, expiresAt, connectionId, details: details.data }];
  });
}
