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

/** The workspace with this name, created on first use (the vault and PATCH routes address workspaces by name). */
export function workspaceNamed(state: SimState, name: string, now: Date): StoredWorkspace {
  return Object.hasOwn(state.workspaces, name) ? state.workspaces[name]! : createWorkspace(state, name, undefined, now);
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
