import "server-only";
import { describeChange } from "@/lib/dual-control/change-words";
import { listChanges } from "@/lib/dual-control/pending-changes";

/**
 * The workspace changes (UBO access, delete) through `connectionId` still waiting for a second admin, in words, by
 * workspace name: the page shows them in place of the switch, and a second request for the same workspace is refused.
 */
export async function waitingWorkspaceChanges(connectionId: string): Promise<Record<string, string[]>> {
  const waiting: Record<string, string[]> = {};
  for (const change of await listChanges({ states: ["pending"] })) {
    if (change.connectionId !== connectionId || (change.kind !== "ubo_access" && change.kind !== "workspace_delete")) continue;
    (waiting[change.target] ??= []).push(describeChange(change).what);
  }
  return waiting;
}

/** The refusal of a second change to a workspace while one waits, or undefined. */
export async function alreadyWaiting(connectionId: string, name: string) {
  const waiting = (await waitingWorkspaceChanges(connectionId))[name];
  if (!waiting) return undefined;
  return {
    ok: false as const,
    code: "already_pending",
    error: `A change to workspace ${name} is already waiting for a second admin (${waiting.join("; ")}): decide it first.`,
  };
}
