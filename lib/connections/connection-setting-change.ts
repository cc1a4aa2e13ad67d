import "server-only";
import { z } from "zod";
import type { RegistryConnection } from "@/db/schema";
import { connectionEnvironments } from "@/db/vocabulary";
import type { Actor } from "@/lib/audit/audit";
import type { ActionResult } from "@/lib/forms/action-result";
import type { DualControlNote } from "@/lib/dual-control/dual-control-note";
import type { PendingChangeView } from "@/lib/dual-control/pending-changes";
import { changeDetails, notThisChange, type ConnectionChange } from "./connection-change";
import type { ConnectionFields } from "./connection-input.shared";
import { patchConnection } from "./manage-connections";

/**
 * A connection's environment, production ↔ sandbox: the sandbox label unlocks the sandbox tools and plain-http
 * document fetches, so it waits for a second admin (`connection_environment`).
 */
const environmentDetailsSchema = z.object({
  connection: z.string(),
  from: z.enum(connectionEnvironments),
  to: z.enum(connectionEnvironments),
});

/** Which connection every user works with unless they choose another (`connection_default`). */
const defaultDetailsSchema = z.object({
  connection: z.string(),
  /** The default when the change was asked for; none when there was none. */
  previousDefault: z.string().nullable(),
});

/** The environment part of an edit of `current`, or undefined when it keeps its environment. */
export function environmentChange(
  actor: Actor,
  current: RegistryConnection,
  fields: ConnectionFields,
  reason: string,
): ConnectionChange | undefined {
  if (fields.environment === current.environment) return undefined;
  const details: z.infer<typeof environmentDetailsSchema> = { connection: fields.name, from: current.environment, to: fields.environment };
  return {
    request: { kind: "connection_environment", connectionId: current.id, target: fields.name, details, reason },
    perform: (note) => patchConnection(actor, current.id, { environment: details.to }, note),
  };
}

/** The "default for everyone" part of an edit of `current`, or undefined when it is the default already or stays not one. */
export function defaultChange(
  actor: Actor,
  current: RegistryConnection,
  fields: ConnectionFields,
  reason: string,
  previousDefault: string | null,
): ConnectionChange | undefined {
  if (!fields.isDefault || current.isDefault) return undefined;
  const details: z.infer<typeof defaultDetailsSchema> = { connection: fields.name, previousDefault };
  return {
    request: { kind: "connection_default", connectionId: current.id, target: fields.name, details, reason },
    perform: (note) => patchConnection(actor, current.id, { isDefault: true }, note),
  };
}

/**
 * The performer of an approved setting change of `kind`: its details read by `schema`, the setting they ask for
 * (`patchOf`) applied under the approver's session through patchConnection, with the note.
 */
function settingPerformer<S extends z.ZodType>(
  kind: "connection_environment" | "connection_default",
  schema: S,
  what: string,
  patchOf: (details: z.infer<S>) => Partial<ConnectionFields>,
) {
  return async (approver: Actor, change: PendingChangeView, note: DualControlNote): Promise<ActionResult> => {
    const details = changeDetails(change, kind, schema);
    if (!details || !change.connectionId) return notThisChange(what);
    return patchConnection(approver, change.connectionId, patchOf(details), note);
  };
}

/** Performs an approved `connection_environment` change: the environment asked for. */
export const performConnectionEnvironmentChange = settingPerformer(
  "connection_environment",
  environmentDetailsSchema,
  "a connection environment change",
  (details) => ({ environment: details.to }),
);

/** Performs an approved `connection_default` change: the connection becomes the default. */
export const performConnectionDefaultChange = settingPerformer(
  "connection_default",
  defaultDetailsSchema,
  "a change of the default connection",
  () => ({
    isDefault: true,
  }),
);
