import "server-only";
import { z } from "zod";
import type { RegistryConnection } from "@/db/schema";
import type { Actor } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import type { PendingChangeView } from "@/lib/dual-control/pending-changes";
import { changeDetails, notThisChange, type ConnectionChange } from "./connection-change";
import { apiKeyHint, sameBaseUrl, type ConnectionFields } from "./connection-input.shared";
import { patchConnection } from "./manage-connections";

/** A pending base URL or key change as the approver and the audit log see it: never a secret, only the key's hint. */
const targetDetailsSchema = z.object({
  connection: z.string(),
  previousBaseUrl: z.string(),
  baseUrl: z.string(),
  apiKey: z.string().optional(),
  /** The signing secret, tied to the address: entered again (it waits sealed) or removed with a new base URL. */
  webhookSecret: z.enum(["entered again", "removed"]).optional(),
});
type ConnectionTargetDetails = z.infer<typeof targetDetailsSchema>;

/**
 * Points a connection at exactly the approved base URL and key (and the signing secret that came with a new base
 * URL), checked again as any edit is (inside updateConnection), audited as `connection.updated` with the note; the
 * connection's cached signing secrets are forgotten.
 */
function applyTarget(
  actor: Actor,
  connectionId: string,
  details: ConnectionTargetDetails,
  secrets: Record<string, string> | undefined,
  note: DualControlNote,
): Promise<ActionResult> {
  return patchConnection(
    actor,
    connectionId,
    {
      baseUrl: details.baseUrl,
      apiKey: secrets?.apiKey ?? "",
      webhookSecret: secrets?.webhookSecret ?? "",
      clearWebhookSecret: details.webhookSecret === "removed",
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
  const details = changeDetails(change, "connection_target", targetDetailsSchema);
  if (!details || !change.connectionId) return notThisChange("a connection base URL or key change");
  return applyTarget(approver, change.connectionId, details, secrets, note);
}

/**
 * The base URL or key part of an edit of `current` (undefined when neither changes): its new key, and the signing
 * secret a new base URL needs, wait sealed; its details hold no secret. The edit was checked for the secrets a new
 * base URL needs entered again (baseUrlChangeProblems) before.
 */
export function targetChange(
  actor: Actor,
  current: RegistryConnection,
  fields: ConnectionFields,
  reason: string,
): ConnectionChange | undefined {
  const urlChanges = !sameBaseUrl(current.baseUrl, fields.baseUrl);
  if (!urlChanges && !fields.apiKey) return undefined;
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
  return {
    request: { kind: "connection_target", connectionId: current.id, target: fields.name, details, reason, secrets },
    perform: (note, opened) => applyTarget(actor, current.id, details, opened, note),
  };
}
