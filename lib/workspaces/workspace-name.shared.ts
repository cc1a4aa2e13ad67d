/**
 * A workspace as people read it: its name. Only when the registry gives none, a shortened id, marked as one:
 * "unnamed workspace (id 3f2b8c1e…)".
 */
export function workspaceName(workspace: { name?: string | null; id?: string; workspaceId?: string }): string {
  const name = workspace.name?.trim();
  if (name) return name;
  const id = workspace.id ?? workspace.workspaceId ?? "";
  return `unnamed workspace (id ${id.length > 8 ? `${id.slice(0, 8)}…` : id})`;
}
