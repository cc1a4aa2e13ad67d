import "server-only";
import type { ActionResult } from "@/lib/forms/action-result";
import { describeChange } from "@/lib/dual-control/change-words";
import { listChanges, type PendingChangeView } from "@/lib/dual-control/pending-changes";
import { isConnectionChange, type ConnectionChangeKind } from "./connection-change";

/** A connection change waiting for a second admin, in words, as the connections page shows it (no secret is in them). */
export type WaitingConnectionChange = Pick<PendingChangeView, "id" | "kind" | "requestedByEmail" | "expiresAt"> & {
  what: string;
  lines: string[];
};

/** The connection a waiting change is about (a deletion names it in its details); none for a new connection. */
function connectionOf(change: PendingChangeView): string | undefined {
  if (change.kind === "connection_create") return undefined;
  return change.connectionId ?? (typeof change.details.connectionId === "string" ? change.details.connectionId : undefined);
}

/**
 * The connection changes waiting for a second admin: new connections (which do not exist yet, so nobody can select
 * them) and, by connection id, the changes to existing ones (which have not taken effect).
 */
export async function waitingConnectionChanges(): Promise<{
  creations: WaitingConnectionChange[];
  byConnection: Record<string, WaitingConnectionChange[]>;
}> {
  const creations: WaitingConnectionChange[] = [];
  const byConnection: Record<string, WaitingConnectionChange[]> = {};
  for (const change of await listChanges({ states: ["pending"] })) {
    if (!isConnectionChange(change.kind)) continue;
    const { id, kind, requestedByEmail, expiresAt } = change;
    const waiting = { id, kind, requestedByEmail, expiresAt, ...describeChange(change) };
    const connection = connectionOf(change);
    if (connection) (byConnection[connection] ??= []).push(waiting);
    else creations.push(waiting);
  }
  return { creations, byConnection };
}

/**
 * The refusal when a `kind` change about the same connection (by id, or a new one by name) is already waiting: a
 * second admin weighs one request for the same thing at a time. Undefined when none waits.
 */
export async function alreadyWaiting(
  kind: ConnectionChangeKind,
  about: { connectionId: string } | { name: string },
  error: string,
): Promise<ActionResult<never> | undefined> {
  const same = (change: PendingChangeView) =>
    "name" in about ? change.target === about.name : connectionOf(change) === about.connectionId;
  const waiting = await listChanges({ states: ["pending"], kind });
  return waiting.some(same) ? { ok: false, code: "already_pending", error: `${error} Approve or reject that first.` } : undefined;
}
