import { newUuid } from "./ids";
import type { SimState, StoredWorkspace } from "./state";

export function defaultWorkspace(state: SimState): StoredWorkspace {
  return Object.values(state.workspaces).find((w) => w.isDefault)!;
}

/** The workspace with this UUID (how the billing endpoints address it), or undefined. */
export function workspaceWithId(state: SimState, id: string): StoredWorkspace | undefined {
  return Object.values(state.workspaces).find((w) => w.id === id);
}

/** The workspace with this name or UUID, or undefined. */
export function workspaceNamedOrWithId(state: SimState, nameOrId: string): StoredWorkspace | undefined {
  return Object.hasOwn(state.workspaces, nameOrId) ? state.workspaces[nameOrId] : workspaceWithId(state, nameOrId);
}

/** Stores `value` under `key` as an own property, even for a key like `__proto__` (workspace names are the user's). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): T {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  return value;
}

export function createWorkspace(state: SimState, name: string, legalName: string | undefined, now: Date): StoredWorkspace {
  const workspace: StoredWorkspace = { id: newUuid(), name, legalName, uboEnabled: true, isDefault: false, createdAt: now.toISOString() };
  return setOwn(state.workspaces, name, workspace);
}

/** The workspace with this name (how the spec's vault and PATCH routes address it), or undefined: never created on use. */
export function workspaceNamed(state: SimState, name: string): StoredWorkspace | undefined {
  return Object.hasOwn(state.workspaces, name) ? state.workspaces[name] : undefined;
}

/**
 * Removes a (non-default) workspace with everything keyed to it: its vault entries, its high-usage override and that
 * override's tier alarms. Its past charges stay in the spend history, as the wallet was charged for them.
 */
export function deleteWorkspace(state: SimState, workspace: StoredWorkspace): void {
  delete state.workspaces[workspace.name];
  delete state.vault[workspace.name];
  delete state.highUsageOverrides[workspace.id];
  for (const alarm of Object.keys(state.tierAlarms)) if (alarm.startsWith(`high_usage:${workspace.id}:`)) delete state.tierAlarms[alarm];
}

/** Every workspace, the default one first, then by creation. */
export function listWorkspaces(state: SimState): StoredWorkspace[] {
  return Object.values(state.workspaces).sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault) || a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name),
  );
}

/** A workspace as GET /v2/workspaces lists it and POST /v2/workspaces answers. */
export function workspaceView(workspace: StoredWorkspace) {
  const { id, name, legalName, uboEnabled, isDefault, createdAt } = workspace;
  return { id, name, legalName: legalName ?? null, uboEnabled, isDefault, createdAt };
}
