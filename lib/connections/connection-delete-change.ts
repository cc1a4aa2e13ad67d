import "server-only";
import { z } from "zod";
import { connectionEnvironments } from "@/db/vocabulary";
import type { ActionResult } from "@/lib/forms/action-result";
import type { SessionUser } from "@/lib/auth/require-role";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import { submitChange, type PendingChangeView, type Submitted } from "@/lib/dual-control/pending-changes";
import { changeDetails, notThisChange, reasonRefusal } from "./connection-change";
import { alreadyWaiting } from "./waiting-connection-changes";
import { deleteConnection, findConnection } from "./manage-connections";

/**
 * A connection waiting to be deleted (`connection_delete`). The connection is named in the details, not as the
 * change's `connectionId`: that reference goes with the connection, and the decided change must stay on record.
 */
const deleteDetailsSchema = z.object({
  connection: z.string(),
  connectionId: z.uuid(),
  environment: z.enum(connectionEnvironments),
  baseUrl: z.string(),
  /** Deleting the default hands the default to the oldest other connection. */
  isDefault: z.boolean(),
});

/** Performs an approved `connection_delete` change under the approver's session. */
export async function performConnectionDelete(
  approver: SessionUser,
  change: PendingChangeView,
  note: DualControlNote,
): Promise<ActionResult> {
  const details = changeDetails(change, "connection_delete", deleteDetailsSchema);
  if (!details) return notThisChange("a connection deletion");
  return deleteConnection(approver, details.connectionId, note);
}

/**
 * The settings page's "Delete": a `connection_delete` change, performed when a second admin approves (at once,
 * with the note, where dual control cannot apply). Until then the connection stays as it is, default included.
 */
export async function requestConnectionDelete(user: SessionUser, id: string, reason: string): Promise<ActionResult<Submitted<unknown>>> {
  const connection = await findConnection(id);
  if (!connection) return { ok: false, code: "not_found", error: "No such connection." };
  if (!reason) return reasonRefusal;
  const waiting = await alreadyWaiting(
    "connection_delete",
    { connectionId: id },
    `Deleting ${connection.name} is already waiting for a second admin.`,
  );
  if (waiting) return waiting;
  const { name, environment, baseUrl, isDefault } = connection;
  const details: z.infer<typeof deleteDetailsSchema> = { connection: name, connectionId: id, environment, baseUrl, isDefault };
  return submitChange(user, { kind: "connection_delete", connectionId: null, target: name, details, reason }, (note) =>
    deleteConnection(user, id, note),
  );
}
